import type { Services } from '../../../services';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { teamRepository } from '../../../db/repositories/team-repository';
import { currentTeamRepository } from '../../../db/repositories/current-team-repository';
import { sessionRepository } from '../../../db/repositories/session-repository';
import { ValidationError } from '../../../support/errors';
import { checkPassword } from '../../../support/passwords';
import { deletePhoto } from '../profile-photos';
import { confirmingPasswordSchema, messages } from '../schemas';

/**
 * Jetstream's DeleteUser, after the password check: in one transaction the teams the user owns
 * are deleted (their memberships and data cascade; members whose current team it was fall back
 * to their personal team), the user's memberships elsewhere go with the account, and so do all
 * of the user's browser sessions. The photo file is removed once the rows are gone. The caller
 * signs the current browser out.
 */
export async function deleteUser(
  services: Pick<Services, 'db' | 'config'>,
  user: UserRow,
  input: unknown,
): Promise<void> {
  const { password } = confirmingPasswordSchema.parse(input);
  if (!password || !(await checkPassword(password, user.password))) {
    throw new ValidationError({ password: messages.passwordIncorrect });
  }
  await services.db.transaction(async (tx) => {
    const teamIds = await teamRepository(tx).deleteOwnedBy(user.id);
    await currentTeamRepository(tx).forgetTeams(teamIds);
    await sessionRepository(tx).destroyAllOfUser(user.id);
    await userRepository(tx).delete(user.id);
  });
  await deletePhoto(services.config, user.profilePhotoPath);
}
