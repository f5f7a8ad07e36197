import { cachedRead, copied } from '../../cache/cached-reads';
import { and, asc, count, desc, eq, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client';
import {
  channelEvents,
  channels,
  bots,
  whatsappTemplates,
  type ChannelEventAttempt,
  type ChannelEventStatus,
  type ChannelStatus,
  type ChannelType,
} from '../schema/index';
import { escapeLike } from '../like';
import { rowsOf } from '../rows';
import { statement, value, valueFor } from '../statements';

export type ChannelRow = typeof channels.$inferSelect;
export type ChannelEventRow = typeof channelEvents.$inferSelect;
export type WhatsappTemplateRow = typeof whatsappTemplates.$inferSelect;

export interface ChannelListRow extends ChannelRow {
  botName: string | null;
}

/** How many rejected (unsigned) deliveries a channel's log keeps: enough to debug, too few to flood. */
const rejectedKept = 50;

/** Channels of one team and their event logs; another team's channel is simply not found. */
export function channelRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(channels.teamId, teamId), eq(channels.id, id));

  return {
    async page(options: { search?: string; type?: ChannelType; page: number; perPage: number }) {
      const where = and(
        eq(channels.teamId, teamId),
        options.type ? eq(channels.type, options.type) : undefined,
        options.search
          ? or(
              ilike(channels.name, `%${escapeLike(options.search)}%`),
              ilike(channels.displayIdentifier, `%${escapeLike(options.search)}%`),
            )
          : undefined,
      );
      const [{ total }] = await db.select({ total: count() }).from(channels).where(where);
      const rows = await db
        .select({ channel: channels, botName: bots.name })
        .from(channels)
        .leftJoin(bots, eq(bots.id, channels.botId))
        .where(where)
        .orderBy(desc(channels.createdAt), desc(channels.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      return { items: rows.map(({ channel, botName }) => ({ ...channel, botName })), total };
    },

    async all(): Promise<ChannelRow[]> {
      return db.select().from(channels).where(eq(channels.teamId, teamId)).orderBy(channels.name);
    },

    async find(id: number): Promise<ChannelRow | undefined> {
      const [row] = await db.select().from(channels).where(mine(id));
      return row;
    },

    /** Channels per bot id (Bots/Index's channels column). */
    async countByBot(): Promise<Map<number, { type: ChannelType; count: number }[]>> {
      const rows = await db
        .select({ botId: channels.botId, type: channels.type, n: count() })
        .from(channels)
        .where(eq(channels.teamId, teamId))
        .groupBy(channels.botId, channels.type);
      const map = new Map<number, { type: ChannelType; count: number }[]>();
      for (const row of rows) {
        if (row.botId === null) continue;
        map.set(row.botId, [...(map.get(row.botId) ?? []), { type: row.type, count: row.n }]);
      }
      return map;
    },

    async create(values: Omit<typeof channels.$inferInsert, 'teamId' | 'id'>): Promise<ChannelRow> {
      const [row] = await db
        .insert(channels)
        .values({ ...values, teamId })
        .returning();
      return row;
    },

    async update(id: number, values: Partial<typeof channels.$inferInsert>): Promise<ChannelRow | undefined> {
      const [row] = await db
        .update(channels)
        .set({ ...values, teamId, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(channels).where(mine(id)).returning({ id: channels.id });
      return rows.length > 0;
    },

    async events(channelId: number, options: { page: number; perPage: number; status?: ChannelEventStatus }) {
      const where = and(
        eq(channelEvents.teamId, teamId),
        eq(channelEvents.channelId, channelId),
        options.status ? eq(channelEvents.status, options.status) : undefined,
      );
      const [{ total }] = await db.select({ total: count() }).from(channelEvents).where(where);
      const items = await db
        .select()
        .from(channelEvents)
        .where(where)
        .orderBy(desc(channelEvents.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      return { items, total };
    },

    async findEvent(channelId: number, id: number): Promise<ChannelEventRow | undefined> {
      const [row] = await db
        .select()
        .from(channelEvents)
        .where(and(eq(channelEvents.teamId, teamId), eq(channelEvents.channelId, channelId), eq(channelEvents.id, id)));
      return row;
    },

    async templates(channelId: number): Promise<WhatsappTemplateRow[]> {
      return db
        .select()
        .from(whatsappTemplates)
        .where(and(eq(whatsappTemplates.teamId, teamId), eq(whatsappTemplates.channelId, channelId)))
        .orderBy(whatsappTemplates.name, whatsappTemplates.language);
    },

    /** The channel's template of that name and language if Meta approved it (as last synced). */
    async approvedTemplate(
      channelId: number,
      name: string,
      language: string,
    ): Promise<WhatsappTemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(whatsappTemplates)
        .where(
          and(
            eq(whatsappTemplates.teamId, teamId),
            eq(whatsappTemplates.channelId, channelId),
            eq(whatsappTemplates.name, name),
            eq(whatsappTemplates.language, language),
          ),
        );
      return row && row.status.toUpperCase() === 'APPROVED' ? row : undefined;
    },

    /** Replaces the channel's templates with what the Graph API listed. */
    async replaceTemplates(
      channelId: number,
      list: Pick<
        WhatsappTemplateRow,
        'name' | 'language' | 'status' | 'category' | 'body' | 'parameterFormat' | 'components'
      >[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(whatsappTemplates)
          .where(and(eq(whatsappTemplates.teamId, teamId), eq(whatsappTemplates.channelId, channelId)));
        if (list.length > 0) {
          await tx
            .insert(whatsappTemplates)
            .values(list.map((template) => ({ ...template, teamId, channelId })))
            .onConflictDoNothing();
        }
      });
    },
  };
}

/** What every stored event is given at each run. */
const eventValues = () => ({
  teamId: value('teamId'),
  channelId: value('channelId'),
  eventId: value('eventId'),
  summary: value('summary'),
  payload: value('payload'),
});

/** The event log's statements of every delivery, built once (server/db/statements.ts). */
const eventStatements = {
  receivedOfThread: statement((db) =>
    db
      .select()
      .from(channelEvents)
      .where(
        and(
          eq(channelEvents.channelId, value('channelId')),
          eq(channelEvents.thread, value('thread')),
          // Written into the text, not sent as a value: a server's generic plan of this prepared
          // statement can then use the partial index of received events (migration 0012); with
          // the status as a parameter it walked the channel's whole (channel_id, id) index.
          sql`${channelEvents.status} = 'received'`,
          lte(channelEvents.id, value('upTo')),
        ),
      )
      .orderBy(asc(channelEvents.id))
      .prepare(''),
  ),
  settle: statement((db) => settlingEvent(db).prepare('')),
  outbound: statement((db) =>
    db
      .insert(channelEvents)
      .values({
        ...eventValues(),
        direction: 'outbound',
        signature: 'none',
        status: 'pending',
      })
      .onConflictDoNothing()
      .prepare(''),
  ),
  settleOutbound: statement((db) => settlingOutbound(db).prepare('')),
};

/**
 * The update that settles a stored delivery (by its row id, `eventRowId`; null settles none) with
 * what came of it, as a statement of its own (`settle`) or as part of the one that counts the
 * delivery's only message (conversation-repository's `countInbound`). Values are named `event…`.
 */
export function settlingEvent(db: Database) {
  return db
    .update(channelEvents)
    .set({
      status: valueFor<ChannelEventStatus>('eventStatus'),
      error: valueFor<string>('eventError'),
      messageId: valueFor<number>('eventMessageId'),
      summary: sql`coalesce(${value('eventSummary')}, ${channelEvents.summary})`,
      attempts: sql`${channelEvents.attempts} || coalesce(${value('eventAttempt')}::jsonb, '[]'::jsonb)`,
      processedAt: valueFor<Date>('eventAt'),
    })
    .where(eq(channelEvents.id, value('eventRowId')));
}

/** The values of `settlingEvent` for a delivery settled with these. */
export function settledEventValues(
  id: number | null,
  values: {
    status: ChannelEventStatus;
    messageId: number | null;
    error: string | null;
    summary?: string;
    attempt?: ChannelEventAttempt;
  },
  at = new Date(),
): Record<string, unknown> {
  return {
    eventRowId: id,
    eventStatus: values.status,
    eventMessageId: values.messageId,
    eventError: values.error,
    eventSummary: values.summary === undefined ? null : values.summary.slice(0, 500),
    eventAttempt: values.attempt ? JSON.stringify([values.attempt]) : null,
    eventAt: at,
  };
}

/**
 * The update that settles a send's entry in the event log (by channel and event id) with one more
 * attempt, its values named `log…`, `attempt` (a JSON array) and `at`: on its own, and in the
 * statement that marks a message sent.
 */
export function settlingOutbound(db: Database) {
  return db
    .update(channelEvents)
    .set({
      status: valueFor<ChannelEventStatus>('logStatus'),
      error: valueFor<string>('logError'),
      messageId: valueFor<number>('logMessageId'),
      attempts: sql`${channelEvents.attempts} || coalesce(${value('attempt')}::jsonb, '[]'::jsonb)`,
      processedAt: valueFor<Date>('at'),
    })
    .where(
      and(
        eq(channelEvents.channelId, value('logChannelId')),
        sql`${channelEvents.direction} = 'outbound'`,
        eq(channelEvents.eventId, value('logEventId')),
      ),
    );
}

/** The event id of a message's send in its channel's event log. */
export const outboundEventId = (messageId: number) => `message:${messageId}`;

/**
 * The event log as the pipeline writes it, by channel (the channel row is already trusted: it
 * was found by its public key). No team filter beyond the channel's own.
 */
export function channelEventLog(db: Database) {
  /** A delivery stored before, delivered again: counted on the stored row, which is returned. */
  const countDuplicate = async (values: { channelId: number; eventId: string }): Promise<ChannelEventRow> => {
    const [existing] = await db
      .update(channelEvents)
      .set({ duplicates: sql`${channelEvents.duplicates} + 1` })
      .where(
        and(
          eq(channelEvents.channelId, values.channelId),
          eq(channelEvents.direction, 'inbound'),
          eq(channelEvents.eventId, values.eventId),
        ),
      )
      .returning();
    return existing;
  };
  return {
    /**
     * Stores a verified delivery once, with the job that applies it inserted by the same statement
     * (`queue`: an INSERT that selects from `stored`, the new row's id, channel_id and thread): one
     * round trip and one commit for the acknowledgement, and no delivery stored without its job. A
     * redelivery (same event id) inserts no job and only counts a duplicate on the stored row.
     */
    async receive(
      values: {
        teamId: number;
        channelId: number;
        eventId: string;
        summary: string;
        payload: string;
        thread: string | null;
      },
      queue: (stored: SQL) => Promise<SQL>,
    ): Promise<{ stored: true; id: number } | { stored: false; event: ChannelEventRow }> {
      const stored = sql.raw('stored');
      const insertJob = await queue(stored);
      const [row] = rowsOf<{ id: number | string }>(
        await db.execute(sql`
          with ${stored} as (
            insert into channel_events (team_id, channel_id, event_id, summary, payload, thread, direction, signature, status)
            values (${values.teamId}, ${values.channelId}, ${values.eventId}, ${values.summary}, ${values.payload},
                    ${values.thread}, 'inbound', 'valid', 'received')
            on conflict do nothing
            returning id, channel_id, thread
          ), queued as (${insertJob})
          select id from ${stored}`),
      );
      if (row) return { stored: true, id: Number(row.id) };
      return { stored: false, event: await countDuplicate(values) };
    },

    /** A delivery refused for its signature: kept without its body, the oldest pruned. */
    async rejected(values: { teamId: number; channelId: number; reason: string; eventId: string }): Promise<void> {
      await db.insert(channelEvents).values({
        teamId: values.teamId,
        channelId: values.channelId,
        direction: 'inbound',
        eventId: values.eventId,
        signature: 'invalid',
        status: 'rejected',
        summary: values.reason.slice(0, 500),
      });
      const old = await db
        .select({ id: channelEvents.id })
        .from(channelEvents)
        .where(and(eq(channelEvents.channelId, values.channelId), eq(channelEvents.status, 'rejected')))
        .orderBy(desc(channelEvents.id))
        .offset(rejectedKept);
      if (old.length > 0) {
        await db.delete(channelEvents).where(
          inArray(
            channelEvents.id,
            old.map((row) => row.id),
          ),
        );
      }
    },

    async find(id: number): Promise<ChannelEventRow | undefined> {
      const [row] = await db.select().from(channelEvents).where(eq(channelEvents.id, id));
      return row;
    },

    /** A thread's deliveries not applied yet, up to `upTo` (an event id), oldest first. */
    async receivedOfThread(channelId: number, thread: string, upTo: number): Promise<ChannelEventRow[]> {
      return eventStatements.receivedOfThread(db, { channelId, thread, upTo });
    },

    async finish(
      id: number,
      values: {
        status: ChannelEventStatus;
        summary?: string;
        error?: string | null;
        messageId?: number | null;
        attempt?: ChannelEventAttempt;
      },
    ): Promise<void> {
      await db
        .update(channelEvents)
        .set({
          status: values.status,
          ...(values.summary !== undefined ? { summary: values.summary.slice(0, 500) } : {}),
          ...(values.error !== undefined ? { error: values.error } : {}),
          ...(values.messageId !== undefined ? { messageId: values.messageId } : {}),
          ...(values.attempt
            ? { attempts: sql`${channelEvents.attempts} || ${JSON.stringify([values.attempt])}::jsonb` }
            : {}),
          processedAt: new Date(),
        })
        .where(eq(channelEvents.id, id));
    },

    /**
     * What came of a delivery the pipeline applied or sent: `finish` for the values every
     * delivery has, in one statement built once.
     */
    async settle(
      id: number,
      values: {
        status: ChannelEventStatus;
        messageId: number | null;
        error: string | null;
        summary?: string;
        attempt?: ChannelEventAttempt;
      },
    ): Promise<void> {
      await eventStatements.settle(db, settledEventValues(id, values));
    },

    /** A send's entry, pending until delivered (kept when one was made before: a retry's). */
    async outbound(values: {
      teamId: number;
      channelId: number;
      eventId: string;
      summary: string;
      payload: string;
    }): Promise<void> {
      await eventStatements.outbound(db, values);
    },

    /** What came of one attempt of a send (a success settles with `markSent`, in its statement). */
    async settleOutbound(
      channelId: number,
      eventId: string,
      values: { status: ChannelEventStatus; messageId: number; error: string | null; attempt: ChannelEventAttempt },
    ): Promise<void> {
      await eventStatements.settleOutbound(db, {
        logChannelId: channelId,
        logEventId: eventId,
        logStatus: values.status,
        logMessageId: values.messageId,
        logError: values.error,
        attempt: JSON.stringify([values.attempt]),
        at: new Date(),
      });
    },

    /** Verified events left `received` before `olderThan`, oldest first (their job lost with a killed process before it was sent). */
    async stranded(olderThan: Date): Promise<ChannelEventRow[]> {
      return db
        .select()
        .from(channelEvents)
        .where(
          and(
            eq(channelEvents.direction, 'inbound'),
            // In the text, so that even a generic plan reads the small partial index of received
            // events instead of the whole table (as in receivedOfThread).
            sql`${channelEvents.status} = 'received'`,
            lt(channelEvents.receivedAt, olderThan),
          ),
        )
        .orderBy(asc(channelEvents.id))
        .limit(500);
    },
  };
}

/** A channel by its public key (webhooks and the widget find it so), any team. */
export async function channelByPublicKey(db: Database, publicKey: string): Promise<ChannelRow | undefined> {
  if (!/^[A-Za-z0-9_-]{8,40}$/.test(publicKey)) return undefined;
  // Every webhook and widget call starts here: read through the hot cache, which any write to
  // `channels` clears (docs/decisions/011-request-path-cache.md).
  return cachedRead(
    db,
    `channel-key:${publicKey}`,
    { groups: ['channels'] },
    async () => (await db.select().from(channels).where(eq(channels.publicKey, publicKey)))[0],
    copied,
  );
}

/** A channel by id, any team (jobs carry ids they stored themselves), through the hot cache outside transactions. */
export async function channelById(db: Database, id: number): Promise<ChannelRow | undefined> {
  return cachedRead(
    db,
    `channel-id:${id}`,
    { groups: ['channels'] },
    async () => (await db.select().from(channels).where(eq(channels.id, id)))[0],
    copied,
  );
}

/** Health fields the pipeline writes as things happen. */
export async function markChannel(
  db: Database,
  channelId: number,
  values: Partial<
    Pick<ChannelRow, 'lastInboundAt' | 'lastOutboundAt' | 'lastErrorAt' | 'lastError' | 'credentialCheck'>
  >,
): Promise<void> {
  await db.update(channels).set(values).where(eq(channels.id, channelId));
}

export type { ChannelStatus };
