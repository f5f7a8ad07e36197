import type { Services } from '../../../services';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';

/** Removes the secret, the recovery codes and the confirmation (always, as Fortify ≥ 1.25.3). */
export async function disableTwoFactor(services: Pick<Services, 'db' | 'logger'>, user: UserRow): Promise<UserRow> {
  const wasSet =
    user.twoFactorSecret !== null || user.twoFactorRecoveryCodes !== null || user.twoFactorConfirmedAt !== null;
  const updated = await userRepository(services.db).update(user.id, {
    twoFactorSecret: null,
    twoFactorRecoveryCodes: null,
    twoFactorConfirmedAt: null,
    twoFactorLastStep: null,
  });
  if (wasSet) services.logger.info({ userId: user.id }, 'two-factor authentication disabled');
  return updated ?? user;
}
