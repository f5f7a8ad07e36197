import type { Services } from '../../../services';
import { validate } from '../../shared/validation';
import { ValidationError } from '../../../support/errors';
import type { UserRow } from '../../../db/repositories/user-repository';
import { twoFactorRepository } from '../../../db/repositories/two-factor-repository';
import { messages, twoFactorChallengeSchema } from '../schemas';
import { decryptRecoveryCodes, decryptSecret, encryptRecoveryCodes } from '../stored-two-factor';
import { findRecoveryCode, replaceRecoveryCode } from '../recovery-codes';
import { verifyTotp } from '../totp';

/**
 * The second step of a login: a recovery code (checked first; a match is used up and replaced by a
 * new one) or the current TOTP code (its time step is used up). Fails with the message on the
 * field the user filled in. Signing in is the caller's business.
 */
export async function passTwoFactorChallenge(
  services: Pick<Services, 'db' | 'encrypter' | 'logger'>,
  user: UserRow | undefined,
  input: unknown,
): Promise<{ method: 'recovery-code' | 'code' }> {
  const data = validate(twoFactorChallengeSchema, input);
  const failure = () =>
    new ValidationError(
      data.recovery_code ? { recovery_code: messages.invalidRecoveryCode } : { code: messages.invalidCode },
    );
  if (!user) throw failure();
  const repository = twoFactorRepository(services.db);

  if (data.recovery_code && user.twoFactorRecoveryCodes) {
    const codes = decryptRecoveryCodes(services.encrypter, user);
    const match = findRecoveryCode(codes, data.recovery_code);
    const replacement = match && encryptRecoveryCodes(services.encrypter, replaceRecoveryCode(codes, match));
    if (replacement && (await repository.swapRecoveryCodes(user.id, user.twoFactorRecoveryCodes, replacement))) {
      services.logger.info({ userId: user.id }, 'two-factor recovery code used and replaced');
      return { method: 'recovery-code' };
    }
  }

  const secret = decryptSecret(services.encrypter, user);
  if (data.code && secret) {
    const step = await verifyTotp(secret, data.code, { afterStep: user.twoFactorLastStep });
    if (step !== null && (await repository.claimTimeStep(user.id, step))) return { method: 'code' };
  }

  services.logger.info({ userId: user.id }, 'two-factor challenge failed');
  throw failure();
}
