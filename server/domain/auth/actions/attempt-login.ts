import type { Services } from '../../../services';
import { validate } from '../../shared/validation';
import { loginSchema } from '../schemas';
import { ValidationError, TooManyRequestsError } from '../../../support/errors';
import { checkAgainstDummyHash, checkPassword } from '../../../support/passwords';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';

export const loginLimiter = 'login';

/**
 * Checks credentials, counting failed attempts per e-mail + IP (5 a minute; see
 * docs/decisions/001-login-throttling.md). A success clears the count.
 */
export async function attemptLogin(
  services: Pick<Services, 'db' | 'limiters'>,
  input: unknown,
  context: { ip: string },
): Promise<{ user: UserRow; remember: boolean }> {
  const data = validate(loginSchema, input);
  const key = `${data.email}|${context.ip}`;
  const { limiters } = services;
  const remaining = await limiters.remaining(loginLimiter, key);
  if (remaining.secondsUntilAvailable > 0) {
    throw new ValidationError({
      email: `Too many login attempts. Please try again in ${remaining.secondsUntilAvailable} seconds.`,
    }).withStatus(429, remaining.secondsUntilAvailable);
  }
  const user = await userRepository(services.db).findByEmail(data.email);
  // An unknown address is checked against a dummy hash: its answer takes as long as a wrong password's.
  const valid = user ? await checkPassword(data.password, user.password) : await checkAgainstDummyHash(data.password);
  if (!user || !valid) {
    try {
      await limiters.hit(loginLimiter, key);
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
    }
    throw new ValidationError({ email: 'These credentials do not match our records.' });
  }
  await limiters.clear(loginLimiter, key);
  return { user, remember: data.remember };
}
