import type { Services } from '../../services';
import { apiTokenRepository } from '../../db/repositories/api-token-repository';
import { userRepository, type UserRow } from '../../db/repositories/user-repository';
import { safeEqual } from '../../support/crypto';
import { hashToken, parseToken } from './token-format';
import { validAbilities } from './token-permissions';
import type { TokenAbility } from '../teams/roles';

/** The token a request was authenticated with (never its hash). */
export interface AccessToken {
  id: number;
  userId: number;
  teamId: number;
  name: string;
  /** The abilities it was given that are still defined. */
  abilities: TokenAbility[];
  expiresAt: Date | null;
}

/** last_used_at is written at most this often per token (Sanctum writes it on every request). */
export const lastUsedResolutionMs = 60_000;

/**
 * Sanctum's guard for a bearer value: a well-formed token with a valid checksum, whose hash is
 * stored (compared again in constant time), whose `id|` prefix (if sent) is its id, unexpired,
 * of a user who still exists. Undefined for anything else, without saying why.
 */
export async function authenticateToken(
  services: Pick<Services, 'db'>,
  bearer: string,
  now = new Date(),
): Promise<{ token: AccessToken; user: UserRow } | undefined> {
  const presented = parseToken(bearer);
  if (!presented) return undefined;
  const hash = hashToken(presented.plainText);
  const tokens = apiTokenRepository(services.db);
  const row = await tokens.findByHash(hash);
  if (!row || !safeEqual(row.tokenHash, hash)) return undefined;
  if (presented.id !== undefined && presented.id !== row.id) return undefined;
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return undefined;
  const user = await userRepository(services.db).find(row.userId);
  if (!user) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > lastUsedResolutionMs) {
    await tokens.touchLastUsed(row.id, now, new Date(now.getTime() - lastUsedResolutionMs));
  }
  const { id, userId, teamId, name, expiresAt } = row;
  return { token: { id, userId, teamId, name, abilities: validAbilities(row.abilities), expiresAt }, user };
}
