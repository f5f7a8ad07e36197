import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { conversationLabels, conversations } from '../schema/index';
import { rowsOf } from '../rows';

export type LabelRow = typeof conversationLabels.$inferSelect;

/** A team's conversation labels, by name; `teamId` is in every `where`. */
export function labelRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(conversationLabels.teamId, teamId), eq(conversationLabels.id, id));
  return {
    all(): Promise<LabelRow[]> {
      return db
        .select()
        .from(conversationLabels)
        .where(eq(conversationLabels.teamId, teamId))
        .orderBy(asc(sql`lower(${conversationLabels.name})`));
    },

    async find(id: number): Promise<LabelRow | undefined> {
      const [row] = await db.select().from(conversationLabels).where(mine(id));
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(conversationLabels)
        .where(eq(conversationLabels.teamId, teamId));
      return row?.n ?? 0;
    },

    /** Whether another of the team's labels has this name, whatever its case. */
    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: conversationLabels.id })
        .from(conversationLabels)
        .where(
          and(
            eq(conversationLabels.teamId, teamId),
            sql`lower(${conversationLabels.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(conversationLabels.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Undefined when the name was taken meanwhile (the unique index decides). */
    async create(
      values: Pick<LabelRow, 'name' | 'color' | 'description' | 'createdBy'>,
    ): Promise<LabelRow | undefined> {
      const [row] = await db
        .insert(conversationLabels)
        .values({ ...values, teamId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async update(id: number, values: Pick<LabelRow, 'name' | 'color' | 'description'>): Promise<LabelRow | undefined> {
      const [row] = await db
        .update(conversationLabels)
        .set({ ...values, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    /**
     * Deletes a label and takes it off the team's conversations, in one transaction; the ids of the
     * conversations it was on, latest activity first, for their live update.
     */
    async delete(id: number): Promise<number[] | undefined> {
      return db.transaction(async (tx) => {
        const [deleted] = await tx.delete(conversationLabels).where(mine(id)).returning({ id: conversationLabels.id });
        if (!deleted) return undefined;
        const touched = await tx
          .update(conversations)
          .set({ labelIds: sql`array_remove(${conversations.labelIds}, ${id}::int)` })
          .where(and(eq(conversations.teamId, teamId), sql`${conversations.labelIds} @> array[${id}::int]`))
          .returning({ id: conversations.id, lastMessageAt: conversations.lastMessageAt });
        return touched
          .sort((a, b) => b.lastMessageAt.getTime() - a.lastMessageAt.getTime() || b.id - a.id)
          .map((row) => row.id);
      });
    },

    /** How many of the team's conversations carry each label (open and resolved). */
    async usage(): Promise<Map<number, number>> {
      const rows = await db.execute(sql`
        select label_id as id, count(*)::int as n
          from ${conversations}, unnest(${conversations.labelIds}) as label_id
         where ${conversations.teamId} = ${teamId}
         group by label_id`);
      return new Map(rowsOf<{ id: number; n: number }>(rows).map((row) => [Number(row.id), Number(row.n)]));
    },
  };
}
