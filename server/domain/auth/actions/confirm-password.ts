import { ValidationError } from '../../../support/errors';
import { checkPassword } from '../../../support/passwords';
import type { UserRow } from '../../../db/repositories/user-repository';

export const incorrectPasswordMessage = 'The provided password was incorrect.';

/**
 * Checks the signed-in user's password before a sensitive action (Fortify's ConfirmPassword).
 * A wrong or missing password is an error on `password`; the caller records when it succeeded.
 */
export async function confirmPassword(actor: UserRow, input: unknown): Promise<void> {
  const password = (input as { password?: unknown } | null | undefined)?.password;
  if (typeof password !== 'string' || password === '' || !(await checkPassword(password, actor.password))) {
    throw new ValidationError({ password: incorrectPasswordMessage });
  }
}
