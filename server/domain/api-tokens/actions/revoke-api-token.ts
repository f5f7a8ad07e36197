import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { apiTokenRepository } from '../../../db/repositories/api-token-repository';
import { ForbiddenError, NotFoundError } from '../../../support/errors';
import { apiTokenPolicy } from '../api-token-policy';

/** Jetstream's ApiTokenController@destroy: deletes one of the user's own tokens; any other id is a 404. */
export async function revokeApiToken(
  services: Pick<Services, 'db' | 'logger'>,
  user: UserRow,
  tokenId: number,
): Promise<void> {
  if (!apiTokenPolicy.delete()) throw new ForbiddenError();
  const deleted = await apiTokenRepository(services.db).deleteForUser(user.id, tokenId);
  if (!deleted) throw new NotFoundError();
  services.logger.info({ userId: user.id, tokenId }, 'api token revoked');
}
