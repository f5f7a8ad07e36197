import { asc, count } from 'drizzle-orm';
import type { Database } from '../client';
import { earlyAccessSignups } from '../schema/index';

export interface NewSignup {
  name: string;
  email: string;
  company: string | null;
  useCase: string;
  ipAddress: string | null;
}

export function earlyAccessRepository(db: Database) {
  return {
    /** Inserts unless the e-mail is already on the list; answers whether a row was added. */
    async addIfAbsent(signup: NewSignup): Promise<boolean> {
      const rows = await db
        .insert(earlyAccessSignups)
        .values(signup)
        .onConflictDoNothing({ target: earlyAccessSignups.email })
        .returning({ id: earlyAccessSignups.id });
      return rows.length > 0;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(earlyAccessSignups);
      return row?.value ?? 0;
    },

    async all() {
      return db
        .select({
          id: earlyAccessSignups.id,
          name: earlyAccessSignups.name,
          email: earlyAccessSignups.email,
          company: earlyAccessSignups.company,
          useCase: earlyAccessSignups.useCase,
          createdAt: earlyAccessSignups.createdAt,
        })
        .from(earlyAccessSignups)
        .orderBy(asc(earlyAccessSignups.id));
    },
  };
}
