import type { Services } from '../../../services';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { sessionRepository } from '../../../db/repositories/session-repository';
import { ValidationError } from '../../../support/errors';
import { checkPassword, hashPassword } from '../../../support/passwords';
import { confirmingPasswordSchema, messages } from '../schemas';

/**
 * Laravel's logoutOtherDevices, as Jetstream's "Log Out Other Browser Sessions" uses it: after the
 * password check, the user's other session rows are deleted, the password is re-hashed (so a
 * session saved again by a request already in flight fails its fingerprint check) and the
 * remember-me token is rotated away (so no other browser signs itself back in). The caller keeps
 * the current browser signed in.
 */
export async function logOutOtherBrowserSessions(
  services: Pick<Services, 'db'>,
  user: UserRow,
  input: unknown,
  context: { currentSessionId: string },
): Promise<UserRow> {
  const { password } = confirmingPasswordSchema.parse(input);
  if (!password || !(await checkPassword(password, user.password))) {
    throw new ValidationError({ password: messages.passwordIncorrect });
  }
  const rehashed = await hashPassword(password);
  return services.db.transaction(async (tx) => {
    const updated = (await userRepository(tx).update(user.id, { password: rehashed, rememberToken: null }))!;
    await sessionRepository(tx).destroyOthersOfUser(user.id, context.currentSessionId);
    return updated;
  });
}
