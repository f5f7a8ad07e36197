import type { Services } from '../../../services';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { generateTotpSecret } from '../totp';
import { generateRecoveryCodes } from '../recovery-codes';
import { encryptRecoveryCodes } from '../stored-two-factor';

/**
 * Gives the user a new TOTP secret and 8 recovery codes, both encrypted. It protects nothing yet:
 * login asks for a code only once the secret is confirmed. When a secret exists already nothing
 * changes unless `force` (Fortify ≥ 1.20.1); a forced new secret must be confirmed again.
 */
export async function enableTwoFactor(
  services: Pick<Services, 'db' | 'encrypter' | 'logger'>,
  user: UserRow,
  options: { force?: boolean } = {},
): Promise<UserRow> {
  if (user.twoFactorSecret && !options.force) return user;
  const updated = await userRepository(services.db).update(user.id, {
    twoFactorSecret: services.encrypter.encrypt(generateTotpSecret()),
    twoFactorRecoveryCodes: encryptRecoveryCodes(services.encrypter, generateRecoveryCodes()),
    twoFactorConfirmedAt: null,
    twoFactorLastStep: null,
  });
  services.logger.info({ userId: user.id }, 'two-factor authentication enabled');
  return updated ?? user;
}
