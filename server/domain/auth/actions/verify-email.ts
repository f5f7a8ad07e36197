import type { Services } from '../../../services';
import { ForbiddenError } from '../../../support/errors';
import { safeEqual, sha1 } from '../../../support/crypto';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { teamEvents, type TeamEventServices } from '../../notifications/team-events';

/**
 * Marks the signed-in user's address verified from the link of the verification mail (Fortify's
 * VerifyEmailRequest + VerifyEmailController). The link must name this user and the SHA-1 of their
 * current address, so a link for another account, or for an address since changed, is a 403.
 * The signature and its expiry are checked before, by the `signed` route middleware. Invitations
 * sent to the address before it was verified (before it had an account, say) then reach the bell.
 */
export async function verifyEmail(
  services: Pick<Services, 'db'> & TeamEventServices,
  actor: UserRow,
  link: { id: string; hash: string },
): Promise<{ user: UserRow; newlyVerified: boolean }> {
  if (link.id !== String(actor.id) || !safeEqual(link.hash, sha1(actor.email))) throw new ForbiddenError();
  if (actor.emailVerifiedAt) return { user: actor, newlyVerified: false };
  const user = (await userRepository(services.db).update(actor.id, { emailVerifiedAt: new Date() }))!;
  await teamEvents.invitationsAwaiting(services, user);
  return { user, newlyVerified: true };
}
