import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { cachedRead, copied } from '../../cache/cached-reads';
import { contactFields, contacts } from '../schema/index';

export type ContactFieldRow = typeof contactFields.$inferSelect;

/** A team's contact fields, in the order they were added; `teamId` is in every `where`. */
export function contactFieldRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(contactFields.teamId, teamId), eq(contactFields.id, id));
  return {
    all(): Promise<ContactFieldRow[]> {
      return db.select().from(contactFields).where(eq(contactFields.teamId, teamId)).orderBy(asc(contactFields.id));
    },

    /** `all()` through the hot cache (any write to contact_fields drops it): for a bot's turn and a message's values. */
    cached(): Promise<ContactFieldRow[]> {
      return cachedRead(db, `contact-fields:${teamId}`, { groups: ['contact_fields'] }, () => this.all(), copied);
    },

    async find(id: number): Promise<ContactFieldRow | undefined> {
      const [row] = await db.select().from(contactFields).where(mine(id));
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(contactFields).where(eq(contactFields.teamId, teamId));
      return row?.n ?? 0;
    },

    /** The team's field with this key, or another with this label whatever its case. */
    async clash(key: string | undefined, label: string, exceptId?: number): Promise<ContactFieldRow | undefined> {
      const [row] = await db
        .select()
        .from(contactFields)
        .where(
          and(
            eq(contactFields.teamId, teamId),
            sql`(${key === undefined ? sql`false` : sql`${contactFields.key} = ${key}`} or lower(${contactFields.label}) = lower(${label}))`,
            exceptId === undefined ? undefined : ne(contactFields.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },

    /** Undefined when the key or label was taken meanwhile (the unique indexes decide). */
    async create(
      values: Pick<ContactFieldRow, 'key' | 'label' | 'type' | 'options' | 'botReadable' | 'createdBy'>,
    ): Promise<ContactFieldRow | undefined> {
      const [row] = await db
        .insert(contactFields)
        .values({ ...values, teamId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async update(
      id: number,
      values: Pick<ContactFieldRow, 'label' | 'options' | 'botReadable'>,
    ): Promise<ContactFieldRow | undefined> {
      const [row] = await db
        .update(contactFields)
        .set({ ...values, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    /** Deletes a field and its values on the team's contacts, in one transaction; the field, if it was there. */
    async delete(id: number): Promise<ContactFieldRow | undefined> {
      return db.transaction(async (tx) => {
        const [deleted] = await tx.delete(contactFields).where(mine(id)).returning();
        if (!deleted) return undefined;
        await tx
          .update(contacts)
          .set({ attributes: sql`${contacts.attributes} - ${deleted.key}::text` })
          .where(and(eq(contacts.teamId, teamId), sql`${contacts.attributes} ? ${deleted.key}::text`));
        return deleted;
      });
    },

    /** How many of the team's contacts have a value for each key. */
    async usage(): Promise<Map<string, number>> {
      const result = await db.execute(
        sql`select key, count(*)::int as n from ${contacts}, jsonb_object_keys(${contacts.attributes}) as key
            where ${contacts.teamId} = ${teamId} group by key`,
      );
      const { rows } = result as unknown as { rows: { key: string; n: number }[] };
      return new Map(rows.map((row) => [row.key, Number(row.n)]));
    },
  };
}
