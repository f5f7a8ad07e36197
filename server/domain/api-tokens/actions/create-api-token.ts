import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { apiTokenRepository, type ApiTokenRecord } from '../../../db/repositories/api-token-repository';
import { validate } from '../../shared/validation';
import { ForbiddenError } from '../../../support/errors';
import { apiTokenPolicy } from '../api-token-policy';
import { createApiTokenSchema, expiresAtFor } from '../schemas';
import { currentTeamAndRole } from '../memberships';
import { generateToken } from '../token-format';

/**
 * Jetstream's ApiTokenController@store: a token for the user's current team with the requested
 * abilities that exist (others dropped) and an optional expiry. The plain text is returned once,
 * here; only its SHA-256 is stored.
 */
export async function createApiToken(
  services: Pick<Services, 'db' | 'logger'>,
  user: UserRow,
  input: unknown,
  now = new Date(),
): Promise<{ token: ApiTokenRecord; plainText: string }> {
  const membership = await currentTeamAndRole(services.db, user);
  if (!apiTokenPolicy.create(membership?.role)) {
    throw new ForbiddenError('Your role in this team does not allow creating API tokens.');
  }
  const data = validate(createApiTokenSchema, input);
  const { plainText, hash } = generateToken();
  const token = await apiTokenRepository(services.db).create({
    userId: user.id,
    teamId: membership!.team.id,
    name: data.name,
    tokenHash: hash,
    abilities: data.permissions,
    expiresAt: expiresAtFor(data.expiration, now),
  });
  services.logger.info({ userId: user.id, tokenId: token.id, teamId: token.teamId }, 'api token created');
  return { token, plainText };
}
