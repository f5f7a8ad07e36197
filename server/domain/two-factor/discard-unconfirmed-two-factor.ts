import type { Request } from 'express';
import type { Services } from '../../services';
import { disableTwoFactor } from './actions/disable-two-factor';
import { confirmBag } from './schemas';

/** Flashed by the enable endpoint: the next profile view is the one right after enabling. */
export const justEnabledFlashKey = 'twoFactorJustEnabled';

/**
 * Jetstream's clean-up on the profile page (ConfirmsTwoFactorAuthentication): a secret that was
 * enabled but never confirmed is removed when the profile is shown again later. It is kept on
 * the view that immediately follows "Enable" and on the one that follows a failed confirmation,
 * so the setup can go on; any other view (a reload, coming back later, a new session) wipes it.
 * Partial reloads (`router.reload({ only })`) are not views of the page and leave it alone.
 *
 * Call it from the profile page controller before rendering; it updates `req.user`, so
 * `auth.user.two_factor_enabled` is already false on that response.
 */
export async function discardUnconfirmedTwoFactor(
  services: Pick<Services, 'db' | 'logger'>,
  req: Pick<Request, 'user' | 'flashed' | 'get'>,
): Promise<void> {
  const user = req.user;
  if (!user?.twoFactorSecret || user.twoFactorConfirmedAt) return;
  if (req.get('x-inertia-partial-component')) return;
  if (req.flashed[justEnabledFlashKey] === true) return;
  const errors = req.flashed.errors as Record<string, unknown> | undefined;
  if (errors?.[confirmBag]) return;
  req.user = await disableTwoFactor(services, user);
}
