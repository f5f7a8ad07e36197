import type { Services } from '../../../services';
import { validate } from '../../shared/validation';
import { ValidationError } from '../../../support/errors';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { twoFactorRepository } from '../../../db/repositories/two-factor-repository';
import { confirmBag, confirmTwoFactorSchema, messages } from '../schemas';
import { decryptSecret } from '../stored-two-factor';
import { verifyTotp } from '../totp';

/**
 * Turns an enabled secret on for login once the user proves their app has it: a current code
 * (which is then used up, like any accepted code). Errors go to the form's bag
 * `confirmTwoFactorAuthentication`.
 */
export async function confirmTwoFactor(
  services: Pick<Services, 'db' | 'encrypter' | 'logger'>,
  user: UserRow,
  input: unknown,
): Promise<UserRow> {
  const { code } = validate(confirmTwoFactorSchema, input, confirmBag);
  const secret = decryptSecret(services.encrypter, user);
  const step = secret && code ? await verifyTotp(secret, code, { afterStep: user.twoFactorLastStep }) : null;
  if (step === null || !(await twoFactorRepository(services.db).claimTimeStep(user.id, step))) {
    throw new ValidationError({ code: messages.invalidCode }, confirmBag);
  }
  const updated = await userRepository(services.db).update(user.id, { twoFactorConfirmedAt: new Date() });
  services.logger.info({ userId: user.id }, 'two-factor authentication confirmed');
  return updated ?? user;
}
