import type { Services } from '../../../services';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { sessionRepository } from '../../../db/repositories/session-repository';
import { checkPassword, hashPassword } from '../../../support/passwords';
import { FieldErrorCollector, messages, updatePasswordBag, updatePasswordSchema } from '../schemas';

/**
 * Fortify's UpdateUserPassword, in the `updatePassword` bag. Every other browser is signed out:
 * their session rows are deleted, the password fingerprint they carry no longer matches, and
 * remember-me cookies stop working (the token is rotated away). The caller keeps the current
 * browser signed in.
 */
export async function updatePassword(
  services: Pick<Services, 'db' | 'config'>,
  user: UserRow,
  input: unknown,
  context: { currentSessionId: string },
): Promise<UserRow> {
  const check = new FieldErrorCollector();
  const data = check.parse(updatePasswordSchema(services.config.passwords), input);
  const current = (input as { current_password?: unknown } | null)?.current_password;
  if (typeof current === 'string' && current !== '' && !(await checkPassword(current, user.password))) {
    check.add('current_password', messages.currentPassword);
  }
  check.throwIfAny(updatePasswordBag);

  const password = await hashPassword(data!.password);
  return services.db.transaction(async (tx) => {
    const updated = (await userRepository(tx).update(user.id, { password, rememberToken: null }))!;
    await sessionRepository(tx).destroyOthersOfUser(user.id, context.currentSessionId);
    return updated;
  });
}
