import type { Services } from '../../server/services';
import type { UserRow } from '../../server/db/repositories/user-repository';
import { apiTokenRepository, type ApiTokenRecord } from '../../server/db/repositories/api-token-repository';
import { generateToken } from '../../server/domain/api-tokens/token-format';
import type { TokenAbility } from '../../server/domain/teams/roles';

export interface ApiTokenOverrides {
  name?: string;
  abilities?: TokenAbility[];
  /** Default: the user's current team. */
  teamId?: number;
  expiresAt?: Date | null;
  lastUsedAt?: Date | null;
}

/** A personal access token of the user, with its plain text (as the creation modal shows it). */
export async function createApiToken(
  services: Pick<Services, 'db'>,
  user: UserRow,
  overrides: ApiTokenOverrides = {},
): Promise<{ token: ApiTokenRecord; plainText: string }> {
  const teamId = overrides.teamId ?? user.currentTeamId;
  if (!teamId) throw new Error('createApiToken: the user has no current team; pass teamId');
  const { plainText, hash } = generateToken();
  const tokens = apiTokenRepository(services.db);
  let token = await tokens.create({
    userId: user.id,
    teamId,
    name: overrides.name ?? 'Test token',
    tokenHash: hash,
    abilities: overrides.abilities ?? ['read'],
    expiresAt: overrides.expiresAt ?? null,
  });
  if (overrides.lastUsedAt) {
    await tokens.touchLastUsed(token.id, overrides.lastUsedAt, new Date(overrides.lastUsedAt.getTime() + 1));
    token = (await tokens.findForUser(user.id, token.id))!;
  }
  return { token, plainText };
}
