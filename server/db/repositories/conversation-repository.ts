import { citationMarkers, withoutMarkers } from '../../bot-engine/citations';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  getTableColumns,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import {
  bots,
  channelEvents,
  channels,
  contactIdentities,
  contacts,
  conversations,
  messages,
  users,
  type ChannelEventAttempt,
  type ChannelType,
  type ConversationPriority,
  type ConversationState,
  type MessageAi,
  type MessageStatus,
} from '../schema/index';
import { escapeLike } from '../like';
import { isUniqueViolation } from '../errors';
import { statement, statementPer, value, valueFor } from '../statements';
import { jobCompletion, jobInsert } from '../../jobs/queue';
import { settledEventValues, settlingEvent, settlingOutbound } from './channel-repository';
import { reservationColumns, reserveAiCredits, type ReservationRow } from '../../billing/metering';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactIdentityRow = typeof contactIdentities.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = Omit<typeof messages.$inferInsert, 'id' | 'teamId'>;

/** A send's entry in its channel's event log, as it is made (keyed by channel and event id). */
export interface OutboundLogEntry {
  eventId: string;
  summary: string;
  payload: string;
}

/** An inbound message as the pipeline stores it (from the contact, received: the statement says so). */
export type InboundValues = Pick<
  typeof messages.$inferInsert,
  | 'teamId'
  | 'conversationId'
  | 'channelId'
  | 'kind'
  | 'text'
  | 'attachments'
  | 'externalId'
  | 'clientId'
  | 'replyToExternalId'
  | 'createdAt'
>;

export interface ConversationListRow extends ConversationRow, ListedNames {}

/** How long a resolved conversation reopens on a new message; after that a new one starts. */
export const reopenWindowMs = 7 * 24 * 60 * 60 * 1000;

/** Delivery statuses of an outbound message by rank: a report only ever moves one forward. */
export const statusRank: Record<MessageStatus, number> = {
  received: 0,
  composing: 1,
  queued: 2,
  sending: 3,
  failed: 4,
  sent: 5,
  delivered: 6,
  read: 7,
};

export interface ConversationFilters {
  /**
   * 'open': not resolved; 'snoozed': snoozed until a later time. 'open', 'queued' and 'human' leave
   * snoozed conversations out (domain/conversations/snooze.ts).
   */
  state?: ConversationState | 'open' | 'snoozed';
  channelId?: number;
  botId?: number;
  /** A user id, 'me' resolved by the caller, or 'unassigned'. */
  assignee?: number | 'unassigned';
  search?: string;
  /** Conversations carrying this label. */
  labelId?: number;
  /** Conversations marked this priority. */
  priority?: ConversationPriority;
  /** Conversations with a note that names this user ("@Name"). */
  mentionedUserId?: number;
  /** Conversations with a message or a change at or after this time (the API's incremental export). */
  updatedSince?: Date;
}

/**
 * What the inbox lists of a conversation beside its own row: the names of its contact, channel, bot
 * and assignee, and since when its customer has waited for a person (`customerWaitingSince`).
 */
export interface ListedNames {
  contactName: string | null;
  contactPhone: string | null;
  channelName: string;
  channelType: ChannelType;
  botName: string | null;
  assigneeName: string | null;
  waitingSince: Date | null;
  /** Which reply the customer waits for (`customerWaitingFor`). */
  waitingFor: 'first' | 'next' | null;
}

/**
 * The orders of the list: latest activity first; `oldest` by id (exports: rows never move between
 * pages while new conversations arrive); `priority`, the most urgent first; `waiting`, the customer
 * who has waited longest for a person first (then those nobody owes a reply, latest activity first).
 */
export type ListOrder = 'latest' | 'oldest' | 'priority' | 'waiting';

/** A conversation as the inbox lists it, from its row and the names beside it. */
export function listedConversation(conversation: ConversationRow, names: ListedNames): ConversationListRow {
  return { ...conversation, ...names };
}

/** Past every message id (ids are PostgreSQL integers): "before it" is every message. */
const beyondEveryId = 2 ** 31 - 1;

/** One message of a team (both values at each run). */
const ownMessage = () => and(eq(messages.teamId, value('teamId')), eq(messages.id, value('id')));

/** The messages of one conversation of a team (both values at each run). */
const ofConversation = () =>
  and(eq(messages.teamId, value('teamId')), eq(messages.conversationId, value('conversationId')));

/**
 * The update that counts an inbound message on its conversation (unread, preview, last inbound).
 * Its statements also settle the stored delivery the message is all of, when one is named
 * (`settledDelivery`).
 */
function countingInbound(db: Pick<Database, 'update'>) {
  return db
    .update(conversations)
    .set({
      inboundCount: sql`${conversations.inboundCount} + 1`,
      unreadCount: sql`${conversations.unreadCount} + 1`,
      lastInboundAt: valueFor<Date>('at'),
      lastMessageAt: valueFor<Date>('at'),
      lastPreview: valueFor<string>('preview'),
      // The customer wrote: a snoozed conversation is back in the working tabs at once.
      snoozedUntil: null,
      updatedAt: valueFor<Date>('at'),
    })
    .where(eq(conversations.id, value('id')))
    .returning();
}

/**
 * The settlement of the stored delivery an inbound message is all of (channel-repository's
 * `settlingEvent`, values `event…`; `eventRowId` null settles none), as a CTE of the statement that
 * counts the message: one statement for both.
 */
function settledDelivery(db: Database) {
  return db.$with('settled', {}).as(settlingEvent(db).getSQL());
}

/**
 * `countInbound` that also queues a job (its data a value of each run) when the conversation, as
 * counted, is the bot's: one statement, inside the transaction that stores the message. Built once
 * per job kind.
 */
const countInboundQueueingFor = statementPer((db, job: string) => {
  const counted = db.$with('counted').as(countingInbound(db));
  const answered = sql`(select 1 from ${counted} where ${counted.state} = 'bot') as answered`;
  const queued = db.$with('queued', {}).as(jobInsert(job, sql`${value('job')}::jsonb`, answered, value('claimed')));
  return db.with(counted, queued, settledDelivery(db)).select().from(counted).prepare('');
});

/**
 * `markSent`, and with a job's name the completion of the job that sent it in the same statement
 * (the name written into the text, as `jobCompletion` wants). Built once per job kind.
 */
const markSentBy = statementPer((db, job: string | null) => {
  const sent = db.$with('sent').as(
    db
      .update(messages)
      .set({
        status: 'sent',
        sentAt: valueFor<Date>('at'),
        error: null,
        externalId: sql`coalesce(${value('externalId')}, ${messages.externalId})`,
      })
      .where(ownMessage())
      .returning(),
  );
  const settled = db.$with('settled').as(settlingOutbound(db).returning({ settledId: channelEvents.id }));
  if (job === null) return db.with(sent, settled).select().from(sent).prepare('');
  const completed = db.$with('completed', {}).as(jobCompletion(job, sql`${value('jobId')}`));
  return db.with(sent, settled, completed).select().from(sent).prepare('');
});

/**
 * Statements every pipeline turn runs, built once (server/db/statements.ts); each takes its team
 * as a value like the rest.
 */
const turnStatements = {
  messageInConversation: statement((db) =>
    db
      .select({ message: messages, conversation: conversations, contact: contacts })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(contacts, eq(contacts.id, conversations.contactId))
      .where(ownMessage())
      .prepare(''),
  ),
  from: statement((db) =>
    db
      .select()
      .from(messages)
      .where(and(ofConversation(), gte(messages.id, value('messageId'))))
      .orderBy(asc(messages.id))
      .limit(value('limit'))
      .prepare(''),
  ),
  claimForSending: statement((db) =>
    db
      .update(messages)
      .set({ status: 'sending', attempts: sql`${messages.attempts} + 1` })
      .where(and(ownMessage(), sql`${messages.status} = any(${value('from')}::text[])`))
      .returning()
      .prepare(''),
  ),
  inboundByExternalId: statement((db) =>
    db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.channelId, value('channelId')),
          eq(messages.direction, 'inbound'),
          eq(messages.externalId, value('externalId')),
        ),
      )
      .prepare(''),
  ),
  insertInbound: statement((db) =>
    db
      .insert(messages)
      .values({
        teamId: value('teamId'),
        conversationId: value('conversationId'),
        channelId: value('channelId'),
        direction: 'inbound',
        sender: 'contact',
        kind: value('kind'),
        text: value('text'),
        attachments: value('attachments'),
        externalId: value('externalId'),
        clientId: value('clientId'),
        replyToExternalId: value('replyToExternalId'),
        status: 'received',
        createdAt: value('createdAt'),
      })
      .onConflictDoNothing()
      .returning()
      .prepare(''),
  ),
  countInbound: statement((db) => countingInbound(db.with(settledDelivery(db))).prepare('')),
  history: statement((db) =>
    db
      .select({ message: messages, senderName: users.name })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderUserId))
      .where(and(ofConversation(), lt(messages.id, value('beforeId'))))
      .orderBy(desc(messages.id))
      .limit(value('limit'))
      .prepare(''),
  ),
  // A bot reply begun (composing) and its credits reserved under its key (reserve_ai_credits,
  // billing's values): one statement; no row when the reply was begun already.
  beginReply: statement((db) => {
    const begun = db.$with('begun').as(
      db
        .insert(messages)
        .values({
          teamId: value('teamId'),
          conversationId: value('conversationId'),
          channelId: value('channelId'),
          inReplyToId: value('inReplyToId'),
          direction: 'outbound',
          sender: 'bot',
          kind: 'text',
          text: '',
          status: 'composing',
        })
        .onConflictDoNothing()
        .returning(),
    );
    return db
      .with(begun)
      .select({ ...begun._.selectedFields, reserved: reservationColumns })
      .from(begun)
      .innerJoin(sql`lateral ${reserveAiCredits(sql`'reply:' || ${begun.id}`)} as reserved`, sql`true`)
      .prepare('');
  }),
  // A bot reply's text in place, its first send claimed ('sending', the attempt counted), and its
  // conversation's counts after it: one statement (two updates, each row or none returned).
  finishReply: statement((db) => {
    const finished = db.$with('finished').as(
      db
        .update(messages)
        .set({
          text: valueFor<string>('text'),
          status: 'sending',
          attempts: sql`${messages.attempts} + 1`,
          createdAt: valueFor<Date>('at'),
          ai: valueFor<MessageAi>('ai'),
        })
        .where(ownMessage())
        .returning(),
    );
    const counted = db.$with('counted').as(
      db
        .update(conversations)
        .set({
          botReplyCount: sql`${conversations.botReplyCount} + 1`,
          fallbackCount: sql`${conversations.fallbackCount} + ${value('fallbacks')}::int`,
          firstBotReplyAt: sql`coalesce(${conversations.firstBotReplyAt}, ${value('at')}::timestamptz)`,
          lastMessageAt: valueFor<Date>('at'),
          lastPreview: valueFor<string>('preview'),
        })
        .where(and(eq(conversations.teamId, value('teamId')), eq(conversations.id, value('conversationId'))))
        .returning(),
    );
    // The send's entry in the channel's event log, pending, when the channel keeps one (logEventId).
    const logged = db.$with('logged', {}).as(sql`
      insert into channel_events (team_id, channel_id, event_id, summary, payload, direction, signature, status)
      select ${finished.teamId}, ${finished.channelId}, ${value('logEventId')}::text, ${value('logSummary')}::text,
             ${value('logPayload')}::text, 'outbound', 'none', 'pending'
        from ${finished} where ${value('logEventId')}::text is not null
      on conflict do nothing`);
    return db
      .with(finished, counted, logged)
      .select()
      .from(finished)
      .fullJoin(counted, sql`true`)
      .prepare('');
  }),
  // The thread's conversation as threadConversation reads it, and whether the provider's message
  // id is stored already (a redelivery): one read before a message is applied.
  threadState: statement((db) =>
    db
      .select({
        knownId: sql<number | null>`(select ${messages.id} from ${messages}
          where ${messages.channelId} = ${value('channelId')} and ${messages.direction} = 'inbound'
            and ${messages.externalId} = ${value('externalId')})`,
        conversation: conversations,
        contact: contacts,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(
        conversations,
        eq(
          conversations.id,
          sql`(select c.id from conversations c where c.channel_id = ${value('channelId')} and c.thread_id = ${value('threadId')}
                order by c.state = 'resolved', c.id desc limit 1)`,
        ),
      )
      .leftJoin(
        contacts,
        eq(
          contacts.id,
          sql`(select i.contact_id from contact_identities i where i.team_id = ${value('teamId')}
                and i.channel_type = ${value('channelType')} and i.external_user_id = ${value('externalUserId')})`,
        ),
      )
      .prepare(''),
  ),
  threadConversation: statement((db) =>
    db
      .select()
      .from(conversations)
      .where(and(eq(conversations.channelId, value('channelId')), eq(conversations.threadId, value('threadId'))))
      .orderBy(sql`${conversations.state} = 'resolved'`, desc(conversations.id))
      .limit(1)
      .prepare(''),
  ),
  openConversation: statement((db) =>
    db
      .insert(conversations)
      .values({
        teamId: value('teamId'),
        // The team's own sequence (migration 0012): opening conversations of one team at once waits for nothing.
        number: sql`next_conversation_number(${value('teamId')}::int)`,
        channelId: value('channelId'),
        botId: value('botId'),
        contactId: value('contactId'),
        threadId: value('threadId'),
        origin: value('origin'),
        lastMessageAt: value('now'),
      })
      .returning()
      .prepare(''),
  ),
};

/** A detail of a known contact, filled in when it is empty and the message brings one. */
const filled = (column: SQLWrapper, name: string) =>
  sql<string>`coalesce(nullif(${column}, ''), ${value(name)}, ${column})`;

/** A known person's contact, its last-seen time and any empty detail the message brings filled in. */
function seenUpdate(db: Database) {
  return db
    .update(contacts)
    .set({
      lastSeenAt: valueFor<Date>('now'),
      name: filled(contacts.name, 'name'),
      phoneE164: filled(contacts.phoneE164, 'phoneE164'),
      email: filled(contacts.email, 'email'),
      externalId: filled(contacts.externalId, 'externalId'),
      locale: filled(contacts.locale, 'locale'),
    })
    .where(
      inArray(
        contacts.id,
        db
          .select({ id: contactIdentities.contactId })
          .from(contactIdentities)
          .where(
            and(
              eq(contactIdentities.teamId, value('teamId')),
              eq(contactIdentities.channelType, value('channelType')),
              eq(contactIdentities.externalUserId, value('externalUserId')),
            ),
          ),
      ),
    );
}

/** The contact behind a channel identity: found and seen, or made with its identity (built once). */
const contactStatements = {
  seen: statement((db) => seenUpdate(db).returning().prepare('')),
  /**
   * `seen`, or else a new contact with its identity: one statement. The new contact's id is taken
   * from its sequence first, so that the identity can be inserted before it and the contact only
   * with it: a concurrent first message from the same person that made the identity first leaves
   * this statement inserting nothing (no contact without an identity), and `seen` then finds theirs.
   * An identity that brings the team's own id for the person joins the contact that has that id
   * (its empty details filled in) rather than make a second one.
   */
  seenOrCreated: statement((db) => {
    const seen = db.$with('seen').as(seenUpdate(db).returning());
    // A new identity with the team's own id for the person (a signed-in website user, the webhook
    // channel's user) is theirs if a contact has that id already: one person across channels.
    const fresh = db.$with('fresh', {}).as(sql`
      select coalesce(
               (select c.id from contacts c
                 where c.team_id = ${value('teamId')}::int and c.external_id = ${value('externalId')}::text
                 order by c.id limit 1),
               nextval(pg_get_serial_sequence('contacts', 'id'))) as id
       where not exists (select 1 from seen)`);
    const identified = db.$with('identified', {}).as(sql`
      insert into contact_identities (team_id, contact_id, channel_type, channel_id, external_user_id, verified, display_name)
      select ${value('teamId')}::int, fresh.id, ${value('channelType')}::text, ${value('channelId')}::int,
             ${value('externalUserId')}::text, ${value('verified')}::boolean, ${value('name')}::text
        from fresh
      on conflict (team_id, channel_type, external_user_id) do nothing
      returning contact_id`);
    const created = db.$with('created', getTableColumns(contacts)).as(sql`
      insert into contacts (id, team_id, name, phone_e164, email, external_id, locale)
      select contact_id, ${value('teamId')}::int, ${value('name')}::text, ${value('phoneE164')}::text,
             ${value('email')}::text, ${value('externalId')}::text, ${value('locale')}::text
        from identified
      on conflict (id) do update set
        last_seen_at = now(),
        name = coalesce(contacts.name, excluded.name),
        phone_e164 = coalesce(contacts.phone_e164, excluded.phone_e164),
        email = coalesce(contacts.email, excluded.email),
        locale = coalesce(contacts.locale, excluded.locale)
      returning *`);
    // Both by name, in the order the selection reads them (not the table's own order).
    const columns = sql.raw(
      Object.values(getTableColumns(contacts))
        .map((column) => `"${column.name}"`)
        .join(', '),
    );
    const found = db.$with('found', getTableColumns(contacts)).as(sql`
      select ${columns} from seen union all select ${columns} from created`);
    return db.with(seen, fresh, identified, created, found).select().from(found).prepare('');
  }),
};

/**
 * The fewest characters a search needs for the messages' text to be searched too: the text's index
 * holds trigrams, and a shorter pattern would read every message of the team.
 */
export const messageSearchMinLength = 3;

/** A message a search found in a conversation (the latest of them): the inbox shows why the row is there. */
export interface SearchMatch {
  conversationId: number;
  id: number;
  text: string;
  sender: MessageRow['sender'];
  kind: MessageRow['kind'];
  createdAt: Date;
}

/** A message the customer, the bot or a teammate wrote (notes too; not Kawan's own lines) that holds the search. */
const writtenHolding = (search: string) =>
  and(ilike(messages.text, `%${escapeLike(search)}%`), ne(messages.sender, 'system'));

/** A priority's rank for "most urgent first": urgent 4 … low 1, none 0. */
const priorityRank = sql`(case ${conversations.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end)`;

/** Snoozed until a later time (the minute sweep clears a snooze once its time has come). */
export const snoozedNow = sql`(${conversations.snoozedUntil} is not null and ${conversations.snoozedUntil} > now())`;
export const notSnoozedNow = sql`(${conversations.snoozedUntil} is null or ${conversations.snoozedUntil} <= now())`;

/**
 * A message of `alias` that is a person's reply to the customer: theirs, sent to them (not a note,
 * nor a broadcast's copy), as the reports count a person's replies.
 */
export const personReply = (alias: string) =>
  sql`${sql.raw(alias)}.sender = 'agent' and ${sql.raw(alias)}.broadcast_id is null`;

/**
 * A person has written to the customer since the handoff (since the start, when there was none):
 * SQL over `conversations`.
 */
const personRepliedSinceHandoff = sql`exists (select 1 from messages p
  where p.conversation_id = ${conversations.id} and p.direction = 'outbound' and ${personReply('p')}
    and p.kind not in ('note', 'event') and p.created_at >= coalesce(${conversations.handoffAt}, '-infinity'))`;

/**
 * Since when the customer of a conversation with a person has waited for that person's reply: the
 * handoff, while no person has written to them since it (the first reply); else their first message
 * after the last reply they were given, by a person or the bot's answer (the next reply; a rule's
 * message, which has no AI metadata, is none). Null: nobody owes them one.
 */
export const replyWaitSince = sql<string | null>`case
  when ${conversations.handoffAt} is not null and not ${personRepliedSinceHandoff}
  then ${conversations.handoffAt}
  else (select min(m.created_at) from messages m
    where m.conversation_id = ${conversations.id} and m.direction = 'inbound'
      and m.id > coalesce((select max(s.id) from messages s
        where s.conversation_id = ${conversations.id} and s.direction = 'outbound'
          and (${personReply('s')} or (s.sender = 'bot' and s.ai is not null))
          and s.kind not in ('note', 'event')), 0))
end`;

/**
 * Since when the customer has waited for a person (SQL over `conversations`): queued, since the
 * handoff; with a person, since `replyWaitSince`; otherwise (the bot answers, or it is resolved) null.
 */
export const customerWaitingSince = sql<Date | null>`(case ${conversations.state}
  when 'queued' then ${conversations.handoffAt}
  when 'human' then (${replyWaitSince})
end)`.mapWith(conversations.handoffAt);

/**
 * Which reply the customer waits for (SQL over `conversations`): 'first', waiting to be taken or
 * while no person has written to them since the handoff; 'next', after a person has; null when
 * nobody owes them one. A team's reply targets differ for the two.
 */
export const customerWaitingFor = sql<'first' | 'next' | null>`(case
  when ${conversations.state} = 'queued' then 'first'
  when ${conversations.state} = 'human' and (${replyWaitSince}) is not null
  then (case when ${personRepliedSinceHandoff} then 'next' else 'first' end)
end)`;

/**
 * Contacts, conversations and messages of one team: `teamId` is in every `where`, so another
 * team's conversation is simply not found.
 */
export function conversationRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(conversations.teamId, teamId), eq(conversations.id, id));

  /** Conversations of the team with a message that meets the condition. */
  const withMessages = (condition: SQL | undefined) =>
    inArray(
      conversations.id,
      db
        .select({ id: messages.conversationId })
        .from(messages)
        .where(and(eq(messages.teamId, teamId), condition)),
    );

  const filtersOf = (filters: ConversationFilters): SQL | undefined =>
    and(
      eq(conversations.teamId, teamId),
      filters.state === 'snoozed'
        ? snoozedNow
        : filters.state === 'open'
          ? and(ne(conversations.state, 'resolved'), notSnoozedNow)
          : filters.state === 'queued' || filters.state === 'human'
            ? and(eq(conversations.state, filters.state), notSnoozedNow)
            : filters.state
              ? eq(conversations.state, filters.state)
              : undefined,
      filters.channelId ? eq(conversations.channelId, filters.channelId) : undefined,
      filters.botId ? eq(conversations.botId, filters.botId) : undefined,
      filters.labelId ? sql`${conversations.labelIds} @> array[${filters.labelId}::int]` : undefined,
      filters.priority ? eq(conversations.priority, filters.priority) : undefined,
      filters.mentionedUserId
        ? withMessages(sql`${messages.mentionedUserIds} @> array[${filters.mentionedUserId}::int]`)
        : undefined,
      filters.assignee === 'unassigned'
        ? isNull(conversations.assigneeId)
        : filters.assignee
          ? eq(conversations.assigneeId, filters.assignee)
          : undefined,
      filters.updatedSince
        ? sql`greatest(${conversations.updatedAt}, ${conversations.lastMessageAt}) >= ${filters.updatedSince.toISOString()}`
        : undefined,
      filters.search
        ? or(
            ilike(contacts.name, `%${escapeLike(filters.search)}%`),
            ilike(contacts.phoneE164, `%${escapeLike(filters.search.replace(/[\s()-]/g, ''))}%`),
            ilike(contacts.email, `%${escapeLike(filters.search)}%`),
            ilike(conversations.lastPreview, `%${escapeLike(filters.search)}%`),
            // Anything the customer, the bot or a teammate wrote (notes too; not the system's lines).
            filters.search.length >= messageSearchMinLength ? withMessages(writtenHolding(filters.search)) : undefined,
            /^#?\d+$/.test(filters.search.trim())
              ? eq(conversations.number, Number(filters.search.trim().replace('#', '')))
              : undefined,
          )
        : undefined,
    );

  const listColumns = {
    conversation: conversations,
    contactName: contacts.name,
    contactPhone: contacts.phoneE164,
    channelName: channels.name,
    channelType: channels.type,
    botName: bots.name,
    assigneeName: users.name,
    waitingSince: customerWaitingSince,
    waitingFor: customerWaitingFor,
  };

  const listRow = ({ conversation, ...names }: ListedNames & { conversation: ConversationRow }): ConversationListRow =>
    listedConversation(conversation, names);

  /** A conversation as the inbox lists it, with its whole contact (one read for both). */
  const listedWithContact = async (
    id: number,
  ): Promise<{ row: ConversationListRow; contact: ContactRow } | undefined> => {
    const [row] = await db
      .select({ ...listColumns, contact: contacts })
      .from(conversations)
      .innerJoin(contacts, eq(contacts.id, conversations.contactId))
      .innerJoin(channels, eq(channels.id, conversations.channelId))
      .leftJoin(bots, eq(bots.id, conversations.botId))
      .leftJoin(users, eq(users.id, conversations.assigneeId))
      .where(mine(id));
    return row ? { row: listRow(row), contact: row.contact } : undefined;
  };

  /** The conversations as the inbox lists them, without counting them (a page, an export). */
  async function listRows(
    filters: ConversationFilters,
    options: { limit: number; offset?: number; order?: ListOrder },
  ): Promise<ConversationListRow[]> {
    const rows = await db
      .select(listColumns)
      .from(conversations)
      .innerJoin(contacts, eq(contacts.id, conversations.contactId))
      .innerJoin(channels, eq(channels.id, conversations.channelId))
      .leftJoin(bots, eq(bots.id, conversations.botId))
      .leftJoin(users, eq(users.id, conversations.assigneeId))
      .where(filtersOf(filters))
      .orderBy(
        ...(options.order === 'oldest'
          ? [asc(conversations.id)]
          : options.order === 'priority'
            ? [desc(priorityRank), desc(conversations.lastMessageAt), desc(conversations.id)]
            : options.order === 'waiting'
              ? [sql`${customerWaitingSince} asc nulls last`, desc(conversations.lastMessageAt), desc(conversations.id)]
              : [desc(conversations.lastMessageAt), desc(conversations.id)]),
      )
      .limit(options.limit)
      .offset(options.offset ?? 0);
    return rows.map(listRow);
  }

  return {
    /**
     * A page of the list, in one of its orders (`ListOrder`; latest activity first unless told).
     */
    async page(filters: ConversationFilters, options: { page: number; perPage: number; order?: ListOrder }) {
      const [{ total }] = await db
        .select({ total: count() })
        .from(conversations)
        .innerJoin(contacts, eq(contacts.id, conversations.contactId))
        .where(filtersOf(filters));
      const items = await listRows(filters, {
        limit: options.perPage,
        offset: (options.page - 1) * options.perPage,
        order: options.order,
      });
      return { items, total };
    },

    rows: listRows,

    /**
     * For each of these conversations, the latest message (not the system's) whose text holds the
     * search: why a search listed it.
     */
    async searchMatches(conversationIds: number[], search: string): Promise<Map<number, SearchMatch>> {
      if (conversationIds.length === 0 || search.length < messageSearchMinLength) return new Map();
      const rows = await db
        .selectDistinctOn([messages.conversationId], {
          conversationId: messages.conversationId,
          id: messages.id,
          text: messages.text,
          sender: messages.sender,
          kind: messages.kind,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(
          and(eq(messages.teamId, teamId), inArray(messages.conversationId, conversationIds), writtenHolding(search)),
        )
        .orderBy(messages.conversationId, desc(messages.id));
      return new Map(rows.map((row) => [row.conversationId, row]));
    },

    /** One conversation as the inbox lists it (for live updates of a single row). */
    async listed(id: number): Promise<ConversationListRow | undefined> {
      return (await listedWithContact(id))?.row;
    },

    listedWithContact,

    /**
     * The inbox's badges: conversations per state, unread messages, waiting for a person, snoozed
     * (which the other counts leave out, as the tabs do).
     */
    async counts(userId: number) {
      const [row] = await db
        .select({
          bot: sql<number>`count(*) filter (where ${conversations.state} = 'bot')::int`,
          queued: sql<number>`count(*) filter (where ${conversations.state} = 'queued' and ${notSnoozedNow})::int`,
          human: sql<number>`count(*) filter (where ${conversations.state} = 'human' and ${notSnoozedNow})::int`,
          mine: sql<number>`count(*) filter (where ${conversations.state} = 'human' and ${conversations.assigneeId} = ${userId} and ${notSnoozedNow})::int`,
          snoozed: sql<number>`count(*) filter (where ${snoozedNow})::int`,
          unread: sql<number>`coalesce(sum(${conversations.unreadCount}) filter (where ${conversations.state} <> 'resolved' and ${notSnoozedNow}), 0)::int`,
        })
        .from(conversations)
        .where(eq(conversations.teamId, teamId));
      return row;
    },

    async find(id: number): Promise<ConversationRow | undefined> {
      const [row] = await db.select().from(conversations).where(mine(id));
      return row;
    },

    async update(id: number, values: Partial<typeof conversations.$inferInsert>): Promise<ConversationRow | undefined> {
      const [row] = await db
        .update(conversations)
        .set({ ...values, teamId, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    /** Moves a conversation from one of `from` states, or nothing when another change got there first. */
    async transition(
      id: number,
      from: ConversationState[],
      values: Partial<typeof conversations.$inferInsert>,
    ): Promise<ConversationRow | undefined> {
      const [row] = await db
        .update(conversations)
        .set({ ...values, updatedAt: new Date() })
        .where(and(mine(id), inArray(conversations.state, from)))
        .returning();
      return row;
    },

    /** The latest conversation of a thread on a channel (the open one, or the last resolved). */
    async latestOfThread(channelId: number, threadId: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.teamId, teamId),
            eq(conversations.channelId, channelId),
            eq(conversations.threadId, threadId),
          ),
        )
        .orderBy(desc(conversations.id))
        .limit(1);
      return row;
    },

    async contact(id: number): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.teamId, teamId), eq(contacts.id, id)));
      return row;
    },

    /** A contact's details as a person wrote them (null clears one). */
    async setContactDetails(
      id: number,
      values: Partial<Pick<ContactRow, 'name' | 'email' | 'phoneE164' | 'externalId' | 'unsubscribedAt'>>,
      /** Field values set and cleared, by key; the others stay. */
      attributes?: { set: Record<string, unknown>; clear: string[] },
    ): Promise<ContactRow | undefined> {
      const [row] = await db
        .update(contacts)
        .set(
          attributes
            ? {
                ...values,
                attributes: sql`(${contacts.attributes} - array(select jsonb_array_elements_text(${JSON.stringify(attributes.clear)}::jsonb))) || ${JSON.stringify(attributes.set)}::jsonb`,
              }
            : values,
        )
        .where(and(eq(contacts.teamId, teamId), eq(contacts.id, id)))
        .returning();
      return row;
    },

    /** The contact a channel identity belongs to (a widget visitor id), if Kawan knows it. */
    async contactIdOfIdentity(channelType: ChannelType, externalUserId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ contactId: contactIdentities.contactId })
        .from(contactIdentities)
        .where(
          and(
            eq(contactIdentities.teamId, teamId),
            eq(contactIdentities.channelType, channelType),
            eq(contactIdentities.externalUserId, externalUserId),
          ),
        );
      return row?.contactId;
    },

    async identities(contactId: number) {
      return db
        .select({ identity: contactIdentities, channelName: channels.name })
        .from(contactIdentities)
        .leftJoin(channels, eq(channels.id, contactIdentities.channelId))
        .where(and(eq(contactIdentities.teamId, teamId), eq(contactIdentities.contactId, contactId)))
        .orderBy(contactIdentities.createdAt);
    },

    /** The contact's other conversations (newest first). */
    async ofContact(contactId: number, except: number) {
      return db
        .select({
          id: conversations.id,
          number: conversations.number,
          state: conversations.state,
          lastMessageAt: conversations.lastMessageAt,
          lastPreview: conversations.lastPreview,
          channelType: channels.type,
        })
        .from(conversations)
        .innerJoin(channels, eq(channels.id, conversations.channelId))
        .where(
          and(eq(conversations.teamId, teamId), eq(conversations.contactId, contactId), ne(conversations.id, except)),
        )
        .orderBy(desc(conversations.lastMessageAt))
        .limit(10);
    },

    /** Messages of a conversation, oldest first: the latest `limit`, or those before `beforeId`. */
    async messages(conversationId: number, options: { limit: number; beforeId?: number }) {
      const rows = await turnStatements.history(db, {
        teamId,
        conversationId,
        beforeId: options.beforeId ?? beyondEveryId,
        limit: options.limit,
      });
      return rows.reverse().map(({ message, senderName }) => ({ ...message, senderName }));
    },

    /** A page of messages oldest first (the API's export). */
    async messagePage(conversationId: number, options: { page: number; perPage: number }) {
      const where = and(eq(messages.teamId, teamId), eq(messages.conversationId, conversationId));
      const [{ total }] = await db.select({ total: count() }).from(messages).where(where);
      const items = await db
        .select()
        .from(messages)
        .where(where)
        .orderBy(asc(messages.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      return { items, total };
    },

    async message(id: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.teamId, teamId), eq(messages.id, id)));
      return row;
    },

    /** A message with its conversation and the conversation's contact, in one read (where a reply turn starts). */
    async messageInConversation(
      id: number,
    ): Promise<{ message: MessageRow; conversation: ConversationRow; contact: ContactRow } | undefined> {
      const [row] = await turnStatements.messageInConversation(db, { teamId, id });
      return row;
    },

    /**
     * The bot's reply to an inbound message, begun (composing), and its credits reserved under the
     * reply's key (`reply:<its id>`) by the same statement (`reservation`: billing's
     * `creditReservation().values`). Undefined when a reply was begun already (nothing reserved).
     */
    async beginReply(
      inbound: Pick<MessageRow, 'id' | 'conversationId' | 'channelId'>,
      reservation: Record<string, unknown>,
    ): Promise<{ message: MessageRow; reserved: ReservationRow } | undefined> {
      const [row] = await turnStatements.beginReply(db, {
        ...reservation,
        teamId,
        conversationId: inbound.conversationId,
        channelId: inbound.channelId,
        inReplyToId: inbound.id,
      });
      if (!row) return undefined;
      const { reserved, ...message } = row;
      return { message, reserved };
    },

    /**
     * A bot reply written: its text and what the engine says of it, taken for its first send
     * attempt in the same statement ('sending', the attempt counted, as claimForSending would), its
     * conversation counted (a fallback as one too), and (`log`, for a channel that keeps one) its
     * send's entry in the event log made, pending. Either row is undefined when it is not the team's.
     */
    async finishReply(
      id: number,
      conversationId: number,
      values: { text: string; at: Date; ai: MessageAi; fallback: boolean; log?: OutboundLogEntry },
    ): Promise<{ message: MessageRow | undefined; conversation: ConversationRow | undefined }> {
      const [row] = await turnStatements.finishReply(db, {
        teamId,
        id,
        conversationId,
        text: values.text,
        at: values.at,
        ai: values.ai,
        fallbacks: values.fallback ? 1 : 0,
        // The inbox lists a line of it: the citation markers belong to the thread, where the sources show.
        preview: withoutMarkers(values.text, citationMarkers(values.ai.citations)).slice(0, 255),
        logEventId: values.log?.eventId ?? null,
        logSummary: values.log?.summary ?? null,
        logPayload: values.log?.payload ?? null,
      });
      return { message: row?.finished ?? undefined, conversation: row?.counted ?? undefined };
    },

    /**
     * An outbound message the provider took, with the id it gave (when it gave one), and its send's
     * entry in the channel's event log (`log`) settled as delivered with this attempt.
     */
    async markSent(
      id: number,
      values: {
        at: Date;
        externalId?: string;
        log?: { channelId: number; eventId: string; attempt: ChannelEventAttempt };
        /** The job that sent it, completed by the same statement. */
        job?: { name: string; id: string };
      },
    ): Promise<MessageRow | undefined> {
      // A message the provider took, and its send's entry in the event log (logEventId, when the
      // channel keeps one) settled as delivered: one statement.
      const [row] = await markSentBy(values.job?.name ?? null)(db, {
        teamId,
        id,
        at: values.at,
        externalId: values.externalId ?? null,
        logChannelId: values.log?.channelId ?? null,
        logEventId: values.log?.eventId ?? null,
        logStatus: 'delivered',
        logError: null,
        logMessageId: id,
        attempt: values.log ? JSON.stringify([values.log.attempt]) : null,
        jobId: values.job?.id ?? null,
      });
      return row;
    },

    async insertMessage(values: NewMessage): Promise<MessageRow | undefined> {
      const [row] = await db
        .insert(messages)
        .values({ ...values, teamId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async updateMessage(id: number, values: Partial<typeof messages.$inferInsert>): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set(values)
        .where(and(eq(messages.teamId, teamId), eq(messages.id, id)))
        .returning();
      return row;
    },

    /** A failed message queued again, its error cleared: of two at once, one gets it (the other undefined). */
    async requeueFailed(id: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ status: 'queued', error: null })
        .where(and(eq(messages.teamId, teamId), eq(messages.id, id), eq(messages.status, 'failed')))
        .returning();
      return row;
    },

    /**
     * An outbound message taken for sending when its status is one of `from`: marked 'sending' and
     * its attempt counted in one statement, so that of two workers reaching it at once one sends.
     */
    async claimForSending(id: number, from: MessageStatus[]): Promise<MessageRow | undefined> {
      const [row] = await turnStatements.claimForSending(db, { teamId, id, from });
      return row;
    },

    /**
     * The messages of a conversation from `messageId` on, oldest first, at most `limit`: what
     * followed an inbound message (a newer one, the bot's reply to it) in one read.
     */
    async from(conversationId: number, messageId: number, limit: number): Promise<MessageRow[]> {
      return turnStatements.from(db, { teamId, conversationId, messageId, limit });
    },

    /**
     * An outbound message with what sending it needs, in one read: its conversation's channel and
     * thread, and the provider's id of the message it answers.
     */
    async forSending(id: number) {
      const answered = alias(messages, 'answered');
      const [row] = await db
        .select({
          message: messages,
          channelId: conversations.channelId,
          threadId: conversations.threadId,
          answeredExternalId: answered.externalId,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .leftJoin(answered, eq(answered.id, messages.inReplyToId))
        .where(and(eq(messages.teamId, teamId), eq(messages.id, id)));
      return row;
    },

    /**
     * Whether an earlier outbound message of the same conversation is still on its first way out
     * (queued with no failure yet, or being sent) and was made within `withinMs`: a send waits for
     * it, so that a customer reads a conversation's messages in the order they were written. One
     * that failed and waits for a retry, or has been stuck longer, holds nothing up.
     */
    async earlierSendPending(message: Pick<MessageRow, 'id' | 'conversationId'>, withinMs: number): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.teamId, teamId),
            eq(messages.conversationId, message.conversationId),
            lt(messages.id, message.id),
            eq(messages.direction, 'outbound'),
            or(eq(messages.status, 'sending'), and(eq(messages.status, 'queued'), isNull(messages.error))),
            gt(messages.createdAt, new Date(Date.now() - withinMs)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The bot reply to an inbound message, if one was made. */
    async replyTo(messageId: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.teamId, teamId), eq(messages.inReplyToId, messageId), eq(messages.sender, 'bot')));
      return row;
    },

    /** The newest inbound message of a conversation. */
    async latestInbound(conversationId: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'inbound')))
        .orderBy(desc(messages.id))
        .limit(1);
      return row;
    },

    /** Inbound messages after a message id (those one reply answers together). */
    async inboundAfter(conversationId: number, afterId: number, upTo: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            eq(messages.direction, 'inbound'),
            gt(messages.id, afterId),
            sql`${messages.id} <= ${upTo}`,
          ),
        )
        .orderBy(asc(messages.id));
    },

    /**
     * The last outbound message the customer saw from the bot or an agent (not notes, not events);
     * server/channels/pipeline.ts applies the same rule to the history it reads (spokenToCustomer).
     */
    async lastSpoken(conversationId: number, beforeId: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            eq(messages.direction, 'outbound'),
            inArray(messages.sender, ['bot', 'agent']),
            notInArray(messages.kind, ['note', 'event']),
            lt(messages.id, beforeId),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(1);
      return row;
    },

    /** The bot reply currently being written in a conversation (for the inbox's typing line). */
    async composing(conversationId: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.status, 'composing')))
        .limit(1);
      return row;
    },
  };
}

/** What the pipeline writes for any team: contact, conversation and message upserts, by ids it trusts. */
export function conversationWriter(db: Database) {
  return {
    /**
     * The contact behind an identity on a kind of channel, created the first time (a concurrent
     * first message from the same person finds the identity the other one made).
     */
    async contactFor(input: {
      teamId: number;
      channelType: ChannelType;
      channelId: number;
      externalUserId: string;
      name?: string;
      phoneE164?: string;
      email?: string;
      externalId?: string;
      locale?: string;
      verified?: boolean;
    }): Promise<ContactRow> {
      // An empty detail is no detail: it neither fills nor is stored.
      const details = {
        name: input.name || null,
        phoneE164: input.phoneE164 || null,
        email: input.email || null,
        externalId: input.externalId || null,
        locale: input.locale || null,
      };
      const values = { ...input, ...details, verified: input.verified ?? false, now: new Date() };
      const [contact] = await contactStatements.seenOrCreated(db, values);
      if (contact) return contact;
      // A concurrent first message from the same person made the identity first: theirs is the contact.
      const [raced] = await contactStatements.seen(db, values);
      if (!raced) throw new Error('The contact of a concurrent first message could not be found');
      return raced;
    },

    /**
     * The conversation a new message belongs to: the open one of the thread; else the last one,
     * reopened, when it was resolved within the reopen window; else a new one (numbered per team).
     */
    async conversationFor(input: {
      teamId: number;
      channelId: number;
      botId: number | null;
      contactId: number;
      threadId: string;
      origin?: Record<string, string>;
      now: Date;
      /** The thread's conversation as `threadState` just read it (null: none); else read here. */
      read?: ConversationRow | null;
      /** False: a resolved conversation is left resolved and a new one opened (a broadcast is no reopening). */
      reopen?: boolean;
    }): Promise<{ conversation: ConversationRow; opened: boolean; reopened: boolean }> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        // The thread's open conversation (there is at most one) or else its last one, in one read.
        const [last] =
          attempt === 0 && input.read !== undefined
            ? input.read === null
              ? []
              : [input.read]
            : await turnStatements.threadConversation(db, { channelId: input.channelId, threadId: input.threadId });
        if (last && last.state !== 'resolved') return { conversation: last, opened: false, reopened: false };
        try {
          if (
            input.reopen !== false &&
            last?.resolvedAt &&
            input.now.getTime() - last.resolvedAt.getTime() < reopenWindowMs
          ) {
            const [reopened] = await db
              .update(conversations)
              .set({
                state: 'bot',
                assigneeId: null,
                resolvedAt: null,
                resolvedBy: null,
                handoffReason: null,
                handoffAt: null,
                handoffSummary: null,
                botId: input.botId,
                reopenCount: sql`${conversations.reopenCount} + 1`,
                updatedAt: input.now,
              })
              .where(and(eq(conversations.id, last.id), eq(conversations.state, 'resolved')))
              .returning();
            if (reopened) return { conversation: reopened, opened: false, reopened: true };
            continue;
          }
          const [created] = await turnStatements.openConversation(db, { ...input, origin: input.origin ?? {} });
          return { conversation: created, opened: true, reopened: false };
        } catch (error) {
          // Another message of the same thread (or team) got there first: read again.
          if (
            !isUniqueViolation(error, 'conversations_open_thread_unique') &&
            !isUniqueViolation(error, 'conversations_team_id_number_unique')
          )
            throw error;
        }
      }
      throw new Error('Could not open a conversation after several attempts');
    },

    /**
     * Before a message is applied, in one read: whether its provider id is stored already (the
     * stored message's id), the thread's conversation (its open one, else its last one) and the
     * sender's contact.
     */
    async threadState(
      channelId: number,
      externalId: string,
      threadId: string,
      /** Who wrote: their contact comes with it (null: not known yet). */
      sender: { teamId: number; channelType: ChannelType; externalUserId: string },
    ): Promise<{ knownId: number | null; conversation: ConversationRow | null; contact: ContactRow | null }> {
      const [row] = await turnStatements.threadState(db, { channelId, externalId, threadId, ...sender });
      return {
        knownId: row?.knownId == null ? null : Number(row.knownId),
        conversation: row?.conversation ?? null,
        contact: row?.contact ?? null,
      };
    },

    /** The inbound message a provider id names on a channel (a redelivery finds what it stored). */
    async inboundByExternalId(channelId: number, externalId: string): Promise<MessageRow | undefined> {
      const [row] = await turnStatements.inboundByExternalId(db, { channelId, externalId });
      return row;
    },

    /** An inbound message stored once: a redelivered one (same provider id) gives undefined. */
    async inbound(values: InboundValues): Promise<MessageRow | undefined> {
      const [row] = await turnStatements.insertInbound(db, {
        ...values,
        kind: values.kind ?? 'text',
        text: values.text ?? '',
        attachments: values.attachments ?? [],
        externalId: values.externalId ?? null,
        clientId: values.clientId ?? null,
        replyToExternalId: values.replyToExternalId ?? null,
        createdAt: values.createdAt ?? new Date(),
      });
      return row;
    },

    /**
     * Counts an inbound message on its conversation (unread, preview, the WhatsApp window's start).
     * With `job`, the same statement queues that job when the conversation, as counted, is the
     * bot's (the queue must be started; wake its workers after the commit).
     */
    async countInbound(
      conversationId: number,
      at: Date,
      preview: string,
      /** Queued when the conversation, as counted, is the bot's: inserted as started for a claim's id. */
      job?: { name: string; data: object; claimed?: string },
      /** The stored delivery this message is all of, settled as processed with it (its row id and the message's). */
      settling?: { eventRowId: number; messageId: number },
    ): Promise<ConversationRow> {
      const values = {
        id: conversationId,
        at,
        preview: preview.slice(0, 255),
        ...settledEventValues(
          settling?.eventRowId ?? null,
          { status: 'processed', messageId: settling?.messageId ?? null, error: null },
          at,
        ),
      };
      const [row] = job
        ? await countInboundQueueingFor(job.name)(db, {
            ...values,
            job: JSON.stringify(job.data),
            claimed: job.claimed ?? null,
          })
        : await turnStatements.countInbound(db, values);
      return row;
    },

    /** A delivery report: moves the message's status forward only (by rank). */
    async advanceStatus(
      channelId: number,
      externalId: string,
      status: 'sent' | 'delivered' | 'read' | 'failed',
      at: Date,
      error?: { code: string; message: string },
    ): Promise<MessageRow | undefined> {
      const ranks = Object.entries(statusRank)
        .filter(([, rank]) => rank < statusRank[status])
        .map(([name]) => name as MessageStatus);
      const [row] = await db
        .update(messages)
        .set({
          status,
          ...(status === 'delivered' ? { deliveredAt: at } : {}),
          ...(status === 'read' ? { readAt: at } : {}),
          ...(status === 'failed'
            ? { error: error ?? { code: 'failed', message: 'The provider could not deliver it.' } }
            : {}),
        })
        .where(
          and(
            eq(messages.channelId, channelId),
            eq(messages.externalId, externalId),
            eq(messages.direction, 'outbound'),
            inArray(messages.status, ranks),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Outbound messages left 'queued' since before `olderThan`, oldest first: at most 500. The
     * status is in the statement's text, so that a generic plan reads the small partial index.
     */
    async queuedBefore(olderThan: Date): Promise<Pick<MessageRow, 'id' | 'teamId' | 'attempts'>[]> {
      return db
        .select({ id: messages.id, teamId: messages.teamId, attempts: messages.attempts })
        .from(messages)
        .where(and(sql`${messages.status} = 'queued'`, lt(messages.createdAt, olderThan)))
        .orderBy(asc(messages.createdAt))
        .limit(500);
    },
  };
}
