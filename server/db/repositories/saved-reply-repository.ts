import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../client';
import { savedReplies } from '../schema/index';

export type SavedReplyRow = typeof savedReplies.$inferSelect;

/** A team's saved replies, by shortcut; `teamId` is in every `where`. */
export function savedReplyRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(savedReplies.teamId, teamId), eq(savedReplies.id, id));
  return {
    all(): Promise<SavedReplyRow[]> {
      return db.select().from(savedReplies).where(eq(savedReplies.teamId, teamId)).orderBy(asc(savedReplies.shortcut));
    },

    async find(id: number): Promise<SavedReplyRow | undefined> {
      const [row] = await db.select().from(savedReplies).where(mine(id));
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(savedReplies).where(eq(savedReplies.teamId, teamId));
      return row?.n ?? 0;
    },

    /** Whether another of the team's replies has this shortcut. */
    async shortcutTaken(shortcut: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: savedReplies.id })
        .from(savedReplies)
        .where(
          and(
            eq(savedReplies.teamId, teamId),
            eq(savedReplies.shortcut, shortcut),
            exceptId === undefined ? undefined : ne(savedReplies.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Undefined when the shortcut was taken meanwhile (the unique index decides). */
    async create(values: Pick<SavedReplyRow, 'shortcut' | 'text' | 'createdBy'>): Promise<SavedReplyRow | undefined> {
      const [row] = await db
        .insert(savedReplies)
        .values({ ...values, teamId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async update(id: number, values: Pick<SavedReplyRow, 'shortcut' | 'text'>): Promise<SavedReplyRow | undefined> {
      const [row] = await db
        .update(savedReplies)
        .set({ ...values, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    async delete(id: number): Promise<boolean> {
      return (await db.delete(savedReplies).where(mine(id)).returning({ id: savedReplies.id })).length > 0;
    },
  };
}
