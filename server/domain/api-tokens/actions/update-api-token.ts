import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { apiTokenRepository, type ApiTokenRecord } from '../../../db/repositories/api-token-repository';
import { validate } from '../../shared/validation';
import { ForbiddenError, NotFoundError } from '../../../support/errors';
import { apiTokenPolicy } from '../api-token-policy';
import { updateApiTokenSchema } from '../schemas';
import { teamAndRoleOf } from '../memberships';

/**
 * Jetstream's ApiTokenController@update: the abilities of one of the user's own tokens are
 * replaced by the valid subset of those sent. Another user's token is a 404.
 */
export async function updateApiToken(
  services: Pick<Services, 'db'>,
  user: UserRow,
  tokenId: number,
  input: unknown,
): Promise<ApiTokenRecord> {
  const tokens = apiTokenRepository(services.db);
  const token = await tokens.findForUser(user.id, tokenId);
  if (!token) throw new NotFoundError();
  const membership = await teamAndRoleOf(services.db, user.id, token.teamId);
  if (!apiTokenPolicy.update(membership?.role)) {
    throw new ForbiddenError("Your role in this token's team does not allow changing its permissions.");
  }
  const { permissions } = validate(updateApiTokenSchema, input);
  const updated = await tokens.updateAbilities(user.id, tokenId, permissions);
  if (!updated) throw new NotFoundError();
  return updated;
}
