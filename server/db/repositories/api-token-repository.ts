import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { personalAccessTokens, teams } from '../schema/index';

/** A token as pages and actions see it: every column but the hash. */
export interface ApiTokenRecord {
  id: number;
  userId: number;
  teamId: number;
  name: string;
  abilities: string[];
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewApiToken {
  userId: number;
  teamId: number;
  name: string;
  /** SHA-256 hex of the plain token; the plain token itself is never stored. */
  tokenHash: string;
  abilities: string[];
  expiresAt: Date | null;
}

const columns = {
  id: personalAccessTokens.id,
  userId: personalAccessTokens.userId,
  teamId: personalAccessTokens.teamId,
  name: personalAccessTokens.name,
  abilities: personalAccessTokens.abilities,
  lastUsedAt: personalAccessTokens.lastUsedAt,
  expiresAt: personalAccessTokens.expiresAt,
  createdAt: personalAccessTokens.createdAt,
  updatedAt: personalAccessTokens.updatedAt,
};

const ownedBy = (userId: number, id: number) =>
  and(eq(personalAccessTokens.userId, userId), eq(personalAccessTokens.id, id));

/**
 * Personal access tokens. A token is reached through its owner (`userId` in every `where`), or, to
 * authenticate a request, through the hash of the secret the request presents.
 */
export function apiTokenRepository(db: Database) {
  return {
    async create(token: NewApiToken): Promise<ApiTokenRecord> {
      const { tokenHash, ...rest } = token;
      const [row] = await db
        .insert(personalAccessTokens)
        .values({ ...rest, token: tokenHash })
        .returning(columns);
      return row;
    },

    /** The user's tokens with the name of the team each belongs to, by name. */
    async forUser(userId: number): Promise<(ApiTokenRecord & { teamName: string })[]> {
      return db
        .select({ ...columns, teamName: teams.name })
        .from(personalAccessTokens)
        .innerJoin(teams, eq(teams.id, personalAccessTokens.teamId))
        .where(eq(personalAccessTokens.userId, userId))
        .orderBy(asc(personalAccessTokens.name), asc(personalAccessTokens.id));
    },

    async findForUser(userId: number, id: number): Promise<ApiTokenRecord | undefined> {
      const [row] = await db.select(columns).from(personalAccessTokens).where(ownedBy(userId, id)).limit(1);
      return row;
    },

    async updateAbilities(userId: number, id: number, abilities: string[]): Promise<ApiTokenRecord | undefined> {
      const [row] = await db
        .update(personalAccessTokens)
        .set({ abilities, updatedAt: sql`now()` })
        .where(ownedBy(userId, id))
        .returning(columns);
      return row;
    },

    /** True when the user's token was there to delete. */
    async deleteForUser(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(personalAccessTokens)
        .where(ownedBy(userId, id))
        .returning({ id: personalAccessTokens.id });
      return rows.length > 0;
    },

    /** The token whose secret hashes to `hash`, with the stored hash for a constant-time check. */
    async findByHash(hash: string): Promise<(ApiTokenRecord & { tokenHash: string }) | undefined> {
      const [row] = await db
        .select({ ...columns, tokenHash: personalAccessTokens.token })
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.token, hash))
        .limit(1);
      return row;
    },

    /**
     * Records a use, only when the last recorded one is older than `notAfter` (at most one write a
     * minute per token, and one writer when requests race).
     */
    async touchLastUsed(id: number, now: Date, notAfter: Date): Promise<boolean> {
      const rows = await db
        .update(personalAccessTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(personalAccessTokens.id, id),
            or(isNull(personalAccessTokens.lastUsedAt), lt(personalAccessTokens.lastUsedAt, notAfter)),
          ),
        )
        .returning({ id: personalAccessTokens.id });
      return rows.length > 0;
    },
  };
}

export type ApiTokenRepository = ReturnType<typeof apiTokenRepository>;
