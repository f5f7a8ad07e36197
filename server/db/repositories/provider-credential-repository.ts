import { cachedFrozen } from '../../cache/cached-reads';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { providerCredentials } from '../schema/index';

export type ProviderCredentialRow = typeof providerCredentials.$inferSelect;

/** A team's own model servers; `teamId` is in every `where`. The key column holds ciphertext only. */
export function providerCredentialRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(providerCredentials.teamId, teamId), eq(providerCredentials.id, id));
  return {
    /** Through the hot cache outside transactions, deep-frozen (the team page lists them on every visit). */
    async all(): Promise<readonly ProviderCredentialRow[]> {
      return cachedFrozen(db, `provider-credentials:${teamId}`, { groups: ['provider_credentials'] }, () =>
        db
          .select()
          .from(providerCredentials)
          .where(eq(providerCredentials.teamId, teamId))
          .orderBy(asc(providerCredentials.name), asc(providerCredentials.id)),
      );
    },

    async find(id: number): Promise<ProviderCredentialRow | undefined> {
      const [row] = await db.select().from(providerCredentials).where(mine(id));
      return row;
    },

    async create(values: Pick<ProviderCredentialRow, 'name' | 'baseUrl' | 'apiKey' | 'apiKeyLastFour' | 'models'>) {
      const [row] = await db
        .insert(providerCredentials)
        .values({ ...values, teamId })
        .returning();
      return row;
    },

    async update(
      id: number,
      values: Partial<
        Pick<
          ProviderCredentialRow,
          'name' | 'baseUrl' | 'apiKey' | 'apiKeyLastFour' | 'models' | 'lastTestedAt' | 'lastTestResult'
        >
      >,
    ): Promise<ProviderCredentialRow | undefined> {
      const [row] = await db
        .update(providerCredentials)
        .set({ ...values, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    async delete(id: number): Promise<boolean> {
      return (
        (await db.delete(providerCredentials).where(mine(id)).returning({ id: providerCredentials.id })).length > 0
      );
    },
  };
}
