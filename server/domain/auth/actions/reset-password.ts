import type { Services } from '../../../services';
import { validate } from '../../shared/validation';
import { newPasswordSchema, resetPasswordRequestSchema } from '../password-schemas';
import { resetTokenLifetimeMinutes } from '../password-notifications';
import { ValidationError } from '../../../support/errors';
import { safeEqual, sha256 } from '../../../support/crypto';
import { hashPassword } from '../../../support/passwords';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { passwordResetTokenRepository } from '../../../db/repositories/password-reset-token-repository';
import { sessionRepository } from '../../../db/repositories/session-repository';

export const passwordResetStatus = 'Your password has been reset.';
export const invalidResetTokenMessage = 'This password reset token is invalid.';

/**
 * Sets a new password with a mailed reset token (Fortify's NewPasswordController + ResetUserPassword).
 * The token is checked before the password rules, so a weak password leaves it usable. An unknown
 * address gets the same message as a bad token (docs/decisions/002). On success the token is used
 * up, remember-me cookies stop working and every session of the account ends; nobody is signed in.
 */
export async function resetPassword(
  services: Pick<Services, 'db' | 'config'>,
  input: unknown,
  now = new Date(),
): Promise<UserRow> {
  const request = validate(resetPasswordRequestSchema, input);
  const users = userRepository(services.db);
  const tokens = passwordResetTokenRepository(services.db);

  const user = await users.findByEmail(request.email);
  const pending = user ? await tokens.find(user.email) : undefined;
  const fresh = pending && now.getTime() - pending.createdAt.getTime() < resetTokenLifetimeMinutes * 60_000;
  if (!user || !pending || !fresh || !safeEqual(sha256(request.token), pending.token)) {
    throw new ValidationError({ email: invalidResetTokenMessage });
  }

  const { password } = validate(newPasswordSchema(services.config.passwords), input);
  const hash = await hashPassword(password);
  const updated = await services.db.transaction(async (tx) => {
    // Single use even when two requests race with the same token.
    if (!(await passwordResetTokenRepository(tx).consume(user.email, pending.token))) {
      throw new ValidationError({ email: invalidResetTokenMessage });
    }
    const row = await userRepository(tx).update(user.id, { password: hash, rememberToken: null });
    // The browser resetting is a guest: no session of this account is kept.
    await sessionRepository(tx).destroyAllOfUser(user.id);
    return row!;
  });
  return updated;
}
