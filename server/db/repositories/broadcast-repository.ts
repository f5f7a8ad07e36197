import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client';
import { attributeCondition } from './attribute-condition';
import {
  broadcastRecipients,
  broadcasts,
  contacts,
  conversations,
  messages,
  type BroadcastAudience,
} from '../schema/index';

export type BroadcastRow = typeof broadcasts.$inferSelect;
export type BroadcastRecipientRow = typeof broadcastRecipients.$inferSelect;

/**
 * Where a recipient stands, from their row and the message they became: left out ('skipped'), not
 * reached yet ('pending'), or the message's own status (queued, sending, sent, delivered, read, failed).
 */
const recipientState = sql<string>`case when ${broadcastRecipients.status} = 'queued' then coalesce(${messages.status}, 'failed') else ${broadcastRecipients.status} end`;

/** Whether the contact wrote in the conversation after their copy of the broadcast. */
const repliedAfter = sql<boolean>`exists (
  select 1 from messages answer
   where answer.conversation_id = ${messages.conversationId} and answer.direction = 'inbound'
     and answer.id > ${messages.id})`;

/** A broadcast's figures: its recipients by where they stand, and how many wrote back. */
export interface BroadcastCounts {
  total: number;
  pending: number;
  skipped: number;
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  replied: number;
}

export const emptyCounts = (): BroadcastCounts => ({
  total: 0,
  pending: 0,
  skipped: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  replied: 0,
});

/** The contacts an audience names: with a phone, not unsubscribed, of the team. */
function audienceWhere(teamId: number, audience: BroadcastAudience) {
  return and(
    eq(contacts.teamId, teamId),
    sql`${contacts.phoneE164} is not null`,
    sql`${contacts.unsubscribedAt} is null`,
    audience.kind === 'label'
      ? sql`exists (select 1 from conversations labelled
                     where labelled.contact_id = ${contacts.id} and labelled.team_id = ${teamId}
                       and labelled.label_ids @> array[${audience.labelId}::int])`
      : audience.kind === 'file'
        ? // One array parameter, however many thousands the file named.
          sql`${contacts.id} = any(${`{${audience.contactIds.join(',')}}`}::int[])`
        : audience.kind === 'field'
          ? attributeCondition(audience)
          : undefined,
  );
}

export type RecipientFilter = 'all' | 'failed' | 'skipped' | 'replied';

/** A team's broadcasts and their recipients; `teamId` is in every `where`. */
export function broadcastRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(broadcasts.teamId, teamId), eq(broadcasts.id, id));
  const recipientsWhere = (broadcastId: number, filter: RecipientFilter) =>
    and(
      eq(broadcastRecipients.teamId, teamId),
      eq(broadcastRecipients.broadcastId, broadcastId),
      filter === 'failed' ? sql`${recipientState} = 'failed'` : undefined,
      filter === 'skipped' ? eq(broadcastRecipients.status, 'skipped') : undefined,
      filter === 'replied' ? repliedAfter : undefined,
    );
  /** Recipients with their contact and message, in the order they were taken. */
  const recipientRows = (where: SQL | undefined) =>
    db
      .select({
        id: broadcastRecipients.id,
        contactId: broadcastRecipients.contactId,
        name: contacts.name,
        phoneE164: broadcastRecipients.phoneE164,
        state: recipientState,
        error: sql<string | null>`coalesce(${broadcastRecipients.error}, ${messages.error}->>'message')`,
        conversationId: messages.conversationId,
        conversationNumber: conversations.number,
        messageId: messages.id,
        sentAt: messages.sentAt,
        replied: repliedAfter,
      })
      .from(broadcastRecipients)
      .innerJoin(contacts, eq(contacts.id, broadcastRecipients.contactId))
      .leftJoin(messages, eq(messages.id, broadcastRecipients.messageId))
      .leftJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(where)
      .orderBy(asc(broadcastRecipients.id));
  return {
    async find(id: number): Promise<BroadcastRow | undefined> {
      const [row] = await db.select().from(broadcasts).where(mine(id));
      return row;
    },

    /** A repeating broadcast's days, the latest first. */
    async days(parentId: number, limit: number): Promise<BroadcastRow[]> {
      return db
        .select()
        .from(broadcasts)
        .where(and(eq(broadcasts.teamId, teamId), eq(broadcasts.parentId, parentId)))
        .orderBy(desc(broadcasts.scheduledAt))
        .limit(limit);
    },

    async page(options: { page: number; perPage: number }): Promise<{ items: BroadcastRow[]; total: number }> {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(broadcasts)
          .where(eq(broadcasts.teamId, teamId))
          .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
          .limit(options.perPage)
          .offset((options.page - 1) * options.perPage),
        db.select({ n: count() }).from(broadcasts).where(eq(broadcasts.teamId, teamId)),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async create(values: Omit<typeof broadcasts.$inferInsert, 'id' | 'teamId'>): Promise<BroadcastRow> {
      const [row] = await db
        .insert(broadcasts)
        .values({ ...values, teamId })
        .returning();
      return row!;
    },

    /** How many contacts the audience names now. */
    async audienceSize(audience: BroadcastAudience): Promise<number> {
      const [row] = await db.select({ n: count() }).from(contacts).where(audienceWhere(teamId, audience));
      return row?.n ?? 0;
    },

    /**
     * How many contacts who may receive broadcasts hold each value of these fields (a list's or a
     * yes/no field's): an audience of a field's value, counted as the create page offers it.
     */
    async segmentCounts(keys: string[]): Promise<Map<string, Map<string, number>>> {
      const counts = new Map<string, Map<string, number>>(keys.map((key) => [key, new Map()]));
      if (keys.length === 0) return counts;
      const rows = await db
        .select({ key: sql<string>`field.key`, value: sql<string>`field.value`, n: count() })
        .from(sql`${contacts} cross join lateral jsonb_each_text(${contacts.attributes}) as field(key, value)`)
        .where(
          and(
            audienceWhere(teamId, { kind: 'all' }),
            sql`field.key = any(${`{${keys.map((key) => `"${key}"`).join(',')}}`}::text[])`,
          ),
        )
        .groupBy(sql`field.key`, sql`field.value`);
      for (const row of rows) counts.get(row.key)?.set(row.value, Number(row.n));
      return counts;
    },

    /** Contacts with a phone who asked for no broadcasts (left out of every audience). */
    async unsubscribedCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contacts)
        .where(
          and(
            eq(contacts.teamId, teamId),
            sql`${contacts.phoneE164} is not null`,
            sql`${contacts.unsubscribedAt} is not null`,
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * A scheduled broadcast begun: its audience taken as it stands (once; a run again takes no one
     * twice) and the broadcast marked sending. Undefined when it is no longer scheduled.
     */
    async begin(broadcast: BroadcastRow, now: Date): Promise<BroadcastRow | undefined> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(broadcasts)
          .set({ status: 'sending', startedAt: now, updatedAt: now })
          .where(and(mine(broadcast.id), eq(broadcasts.status, 'scheduled')))
          .returning();
        if (!claimed) return undefined;
        const audience = tx
          .select({ id: contacts.id, phone: contacts.phoneE164 })
          .from(contacts)
          .where(audienceWhere(teamId, broadcast.audience));
        await tx.execute(sql`
          insert into broadcast_recipients (team_id, broadcast_id, contact_id, phone_e164)
          select ${teamId}, ${broadcast.id}, audience.id, audience.phone_e164
            from (${audience}) audience
           order by audience.id
          on conflict do nothing`);
        const [taken] = await tx
          .select({ n: count() })
          .from(broadcastRecipients)
          .where(eq(broadcastRecipients.broadcastId, broadcast.id));
        const [row] = await tx
          .update(broadcasts)
          .set({ recipientCount: taken?.n ?? 0 })
          .where(mine(broadcast.id))
          .returning();
        return row;
      });
    },

    /** The next recipients still to be sent to, in order. */
    pending(broadcastId: number, limit: number): Promise<BroadcastRecipientRow[]> {
      return db
        .select()
        .from(broadcastRecipients)
        .where(
          and(
            eq(broadcastRecipients.teamId, teamId),
            eq(broadcastRecipients.broadcastId, broadcastId),
            eq(broadcastRecipients.status, 'pending'),
          ),
        )
        .orderBy(asc(broadcastRecipients.id))
        .limit(limit);
    },

    /** A recipient's outcome, once: only a recipient still pending is changed (true when it was). */
    async settle(
      recipientId: number,
      values: { status: 'queued'; messageId: number } | { status: 'skipped'; error: string },
    ): Promise<boolean> {
      const rows = await db
        .update(broadcastRecipients)
        .set(values)
        .where(
          and(
            eq(broadcastRecipients.teamId, teamId),
            eq(broadcastRecipients.id, recipientId),
            eq(broadcastRecipients.status, 'pending'),
          ),
        )
        .returning({ id: broadcastRecipients.id });
      return rows.length > 0;
    },

    /** Moves a broadcast on from one status to another; undefined when it was not in `from` any more. */
    async transition(
      id: number,
      from: BroadcastRow['status'][],
      values: Partial<Pick<BroadcastRow, 'status' | 'finishedAt' | 'cancelledAt' | 'cancelledBy'>>,
    ): Promise<BroadcastRow | undefined> {
      const [row] = await db
        .update(broadcasts)
        .set({ ...values, updatedAt: new Date() })
        .where(and(mine(id), inArray(broadcasts.status, from)))
        .returning();
      return row;
    },

    /** Each broadcast's figures, by its id. */
    async counts(ids: number[]): Promise<Map<number, BroadcastCounts>> {
      const found = new Map<number, BroadcastCounts>();
      if (ids.length === 0) return found;
      const rows = await db
        .select({
          broadcastId: broadcastRecipients.broadcastId,
          state: recipientState,
          n: count(),
          replied: sql<number>`count(*) filter (where ${repliedAfter})`.mapWith(Number),
        })
        .from(broadcastRecipients)
        .leftJoin(messages, eq(messages.id, broadcastRecipients.messageId))
        .where(and(eq(broadcastRecipients.teamId, teamId), inArray(broadcastRecipients.broadcastId, ids)))
        .groupBy(broadcastRecipients.broadcastId, recipientState);
      for (const row of rows) {
        const counts = found.get(row.broadcastId) ?? emptyCounts();
        const state = (row.state === 'sending' ? 'queued' : row.state) as keyof BroadcastCounts;
        if (state in counts) counts[state] += row.n;
        counts.total += row.n;
        counts.replied += row.replied;
        found.set(row.broadcastId, counts);
      }
      return found;
    },

    /** A page of a broadcast's recipients, in the order they were taken, with their contact and message. */
    async recipients(
      broadcastId: number,
      options: { filter: RecipientFilter; page: number; perPage: number },
    ): Promise<{ items: RecipientListRow[]; total: number }> {
      const where = recipientsWhere(broadcastId, options.filter);
      const [items, [total]] = await Promise.all([
        recipientRows(where)
          .limit(options.perPage)
          .offset((options.page - 1) * options.perPage),
        db
          .select({ n: count() })
          .from(broadcastRecipients)
          .leftJoin(messages, eq(messages.id, broadcastRecipients.messageId))
          .where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** The recipients after `afterId`, `limit` of them, in order: an export's next batch. */
    recipientBatch(broadcastId: number, afterId: number, limit: number): Promise<RecipientListRow[]> {
      return recipientRows(and(recipientsWhere(broadcastId, 'all'), gt(broadcastRecipients.id, afterId))).limit(limit);
    },
  };
}

export interface RecipientListRow {
  id: number;
  contactId: number;
  name: string | null;
  phoneE164: string;
  state: string;
  error: string | null;
  conversationId: number | null;
  conversationNumber: number | null;
  messageId: number | null;
  sentAt: Date | null;
  replied: boolean;
}
