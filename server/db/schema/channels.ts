import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TurnKind } from '../../bot-engine/turn';
import type { ParameterFormat, TemplateComponent } from '../../channels/whatsapp/client';
import type { MessageTemplate } from '../../channels/whatsapp/templates';
import type { MessageChoices } from '../../channels/driver';
import { teams } from './teams';
import { users } from './users';
import { bots } from './bots';

/**
 * Channels (where a bot meets people), the contacts who write, their conversations and messages,
 * and every event a channel received or sent. Dedupe lives in unique indexes, not in memory: an
 * inbound event per (channel, direction, event id), a message per (channel, direction, provider id), one bot
 * reply per inbound message, one open conversation per (channel, thread).
 */

export type ChannelType = 'web' | 'whatsapp' | 'telegram' | 'webhook';
export type ChannelStatus = 'active' | 'paused';

export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    botId: integer('bot_id').references(() => bots.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 16 }).$type<ChannelType>().notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    status: varchar('status', { length: 16 }).$type<ChannelStatus>().notNull().default('active'),
    /**
     * Random, in the channel's public URLs (/webhooks/<type>/<key>) and the widget snippet
     * (data-channel); never a secret on its own.
     */
    publicKey: varchar('public_key', { length: 40 }).notNull().unique(),
    /** '+62 812-3456-7890', '@acme_bot', 'acme.com', … as shown. */
    displayIdentifier: varchar('display_identifier', { length: 255 }).notNull().default(''),
    /** Settings that are not secret (ids, theme, allowed domains, outbound URL). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** The secrets (tokens, app secret, signing secrets) as one JSON object, encrypted with APP_KEY. */
    secrets: text('secrets').notNull(),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    lastOutboundAt: timestamp('last_outbound_at', { withTimezone: true }),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The last credential check: { ok, detail, at }. */
    credentialCheck: jsonb('credential_check').$type<{ ok: boolean; detail: string; at: string } | null>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('channels_team_id_index').on(table.teamId), index('channels_bot_id_index').on(table.botId)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }),
    phoneE164: varchar('phone_e164', { length: 32 }),
    email: varchar('email', { length: 255 }),
    /** The host application's user id (a verified widget identity, a webhook user id). */
    externalId: varchar('external_id', { length: 255 }),
    locale: varchar('locale', { length: 16 }),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    /** Since when the contact asked for no more broadcasts (null: they receive them). */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contacts_team_id_index').on(table.teamId),
    // A contact's likely duplicates (the same e-mail whatever its case, or the same phone), on
    // every conversation's page and contact page.
    index('contacts_team_email_index').on(table.teamId, sql`lower(${table.email})`),
    index('contacts_team_phone_index').on(table.teamId, table.phoneE164),
    // The team's own system finds its user's contact by its id (GET /api/contacts?external_id=).
    index('contacts_team_external_id_index').on(table.teamId, table.externalId),
  ],
);

/** Who a contact is on one kind of channel (a wa_id, a Telegram user id, a widget visitor id). */
export const contactIdentities = pgTable(
  'contact_identities',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    channelType: varchar('channel_type', { length: 16 }).$type<ChannelType>().notNull(),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    externalUserId: varchar('external_user_id', { length: 255 }).notNull(),
    verified: boolean('verified').notNull().default(false),
    displayName: varchar('display_name', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contact_identities_unique').on(table.teamId, table.channelType, table.externalUserId),
    index('contact_identities_contact_id_index').on(table.contactId),
  ],
);

export type ConversationState = 'bot' | 'queued' | 'human' | 'resolved';
export type HandoffReasonCode =
  'user_request' | 'keyword' | 'repeated_fallback' | 'low_confidence' | 'offline' | 'quota' | 'manual' | 'rule';
export type ResolvedBy = 'bot' | 'human' | 'auto_idle';
/** How urgent a conversation is, as an agent marks it (none when null), lowest first. */
export const conversationPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export type ConversationPriority = (typeof conversationPriorities)[number];

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Per team, from 1: what people call it ("#42"). */
    number: integer('number').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    botId: integer('bot_id').references(() => bots.id, { onDelete: 'set null' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** Where replies go on the channel (a wa_id, a chat id, a visitor id). */
    threadId: varchar('thread_id', { length: 255 }).notNull(),
    state: varchar('state', { length: 16 }).$type<ConversationState>().notNull().default('bot'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    handoffReason: varchar('handoff_reason', { length: 32 }).$type<HandoffReasonCode>(),
    handoffAt: timestamp('handoff_at', { withTimezone: true }),
    handoffSummary: text('handoff_summary'),
    firstBotReplyAt: timestamp('first_bot_reply_at', { withTimezone: true }),
    firstHumanReplyAt: timestamp('first_human_reply_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: varchar('resolved_by', { length: 16 }).$type<ResolvedBy>(),
    reopenCount: integer('reopen_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    lastPreview: varchar('last_preview', { length: 255 }).notNull().default(''),
    /** Inbound messages since an agent last opened it. */
    unreadCount: integer('unread_count').notNull().default(0),
    inboundCount: integer('inbound_count').notNull().default(0),
    botReplyCount: integer('bot_reply_count').notNull().default(0),
    humanReplyCount: integer('human_reply_count').notNull().default(0),
    fallbackCount: integer('fallback_count').notNull().default(0),
    csatScore: smallint('csat_score'),
    csatComment: text('csat_comment'),
    csatAt: timestamp('csat_at', { withTimezone: true }),
    /** Where it started (the widget's page URL, title and referrer). */
    origin: jsonb('origin').$type<Record<string, string>>().notNull().default({}),
    /**
     * Snoozed by an agent until then: out of the working tabs until the time comes (the workers'
     * minute sweep brings it back and clears this) or the customer writes again (which clears it).
     */
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    /** How urgent an agent marked it (domain/conversations/priority.ts); null: not marked. */
    priority: varchar('priority', { length: 8 }).$type<ConversationPriority>(),
    /** The team's labels on it (conversation_labels ids; a deleted label is taken off every conversation). */
    labelIds: integer('label_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_team_id_number_unique').on(table.teamId, table.number),
    // The inbox's filter by label (label_ids @> {id}).
    index('conversations_label_ids_index').using('gin', table.labelIds),
    uniqueIndex('conversations_open_thread_unique')
      .on(table.channelId, table.threadId)
      .where(sql`state <> 'resolved'`),
    index('conversations_team_id_last_message_at_index').on(table.teamId, table.lastMessageAt),
    // Reports read a team's conversations by the day they started (server/reports/rollup.ts).
    index('conversations_team_id_created_at_index').on(table.teamId, table.createdAt),
    index('conversations_channel_id_thread_id_index').on(table.channelId, table.threadId),
    index('conversations_contact_id_index').on(table.contactId),
    // The minute sweep's "whose snooze has ended" (few rows are snoozed at any time).
    index('conversations_snoozed_until_index')
      .on(table.snoozedUntil)
      .where(sql`snoozed_until is not null`),
  ],
);

export type MessageDirection = 'inbound' | 'outbound';
export type MessageSender = 'contact' | 'bot' | 'agent' | 'system';
export type MessageKind =
  | 'text'
  | 'image'
  | 'audio'
  | 'video'
  | 'file'
  | 'location'
  | 'sticker'
  | 'interactive'
  | 'unsupported'
  | 'template'
  | 'note'
  | 'event';
export type MessageStatus = 'received' | 'composing' | 'queued' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed';

export interface MessageAi {
  kind: TurnKind;
  model: string;
  version: number | null;
  promptTokens: number;
  completionTokens: number;
  estimated: boolean;
  latencyMs: number;
  costUsd: number | null;
  citations: unknown[];
  confidence?: number;
  /** AI credits the reply used (server/billing): its model's weight, 0 when no model answered. */
  credits?: number;
  /** The labels of the contact's details the reply told or gave the model (bot-engine/customer.ts). */
  customer?: string[];
  /**
   * Why the reply hands the conversation to a person, when it does: kept with the reply, so that a
   * run of its job after a stop that came between the reply and the handoff still makes the handoff.
   */
  handoff?: HandoffReasonCode;
}

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    direction: varchar('direction', { length: 16 }).$type<MessageDirection>().notNull(),
    sender: varchar('sender', { length: 16 }).$type<MessageSender>().notNull(),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 16 }).$type<MessageKind>().notNull().default('text'),
    text: text('text').notNull().default(''),
    attachments: jsonb('attachments').$type<unknown[]>().notNull().default([]),
    /** The provider's id (a wamid, '<chat>:<message_id>', the sender's idempotency key). */
    externalId: varchar('external_id', { length: 255 }),
    /** A widget visitor's own id for the message (its optimistic copy). */
    clientId: varchar('client_id', { length: 64 }),
    /** For a bot reply: the inbound message it answers (one reply per inbound message). */
    inReplyToId: integer('in_reply_to_id'),
    replyToExternalId: varchar('reply_to_external_id', { length: 255 }),
    status: varchar('status', { length: 16 }).$type<MessageStatus>().notNull(),
    error: jsonb('error').$type<{ code: string; message: string } | null>(),
    attempts: smallint('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    ai: jsonb('ai').$type<MessageAi | null>(),
    /** A WhatsApp template message: what its send job sends (name, language, filled components). */
    template: jsonb('template').$type<MessageTemplate | null>(),
    /** Choices the customer taps to answer (a rating's 1 to 5): a WhatsApp list, Telegram's inline buttons. */
    choices: jsonb('choices').$type<MessageChoices | null>(),
    feedback: smallint('feedback'),
    /** A note's teammates named in it with "@Name" (their bells heard it; the inbox's Mentions tab). */
    mentionedUserIds: integer('mentioned_user_ids').array(),
    /** The broadcast (domain/broadcasts) this message is a copy of: not a person's reply, whoever sent it. */
    broadcastId: integer('broadcast_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('messages_channel_id_direction_external_id_unique')
      .on(table.channelId, table.direction, table.externalId)
      .where(sql`external_id is not null`),
    uniqueIndex('messages_in_reply_to_id_unique')
      .on(table.inReplyToId)
      .where(sql`sender = 'bot'`),
    index('messages_conversation_id_id_index').on(table.conversationId, table.id),
    index('messages_team_id_created_at_index').on(table.teamId, table.createdAt),
    // The inbox's Mentions tab: the few notes that name someone, by whom they name.
    index('messages_mentioned_user_ids_index')
      .using('gin', table.mentionedUserIds)
      .where(sql`mentioned_user_ids is not null`),
    // The inbox's search of what was written (`ilike '%…%'` by trigrams), within one team: a
    // multicolumn GIN (btree_gin for the team) intersects the team's entries with the words'.
    index('messages_search_index').using('gin', table.teamId, table.text.op('gin_trgm_ops')),
    // Outbound messages waiting for their send job: few at any time, found by the workers' sweep
    // when a stopped process stored one without queueing its job.
    index('messages_queued_index')
      .on(table.createdAt)
      .where(sql`status = 'queued'`),
  ],
);

export type ChannelEventStatus = 'received' | 'processed' | 'ignored' | 'failed' | 'rejected' | 'pending' | 'delivered';

export interface ChannelEventAttempt {
  at: string;
  ok: boolean;
  detail: string;
  durationMs?: number;
}

/**
 * Every webhook a channel received (verified or not) and every event it delivered (the webhook
 * channel's outbound deliveries), with what became of it: the channel's event log.
 */
export const channelEvents = pgTable(
  'channel_events',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    direction: varchar('direction', { length: 16 }).$type<MessageDirection>().notNull(),
    /** The delivery's own id (driver's eventId; an outbound event's id): the dedupe key. */
    eventId: varchar('event_id', { length: 255 }).notNull(),
    /** 'valid', 'invalid' (rejected: nothing else stored) or 'none' (outbound). */
    signature: varchar('signature', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).$type<ChannelEventStatus>().notNull(),
    /** One line: what it held ("Text from +62 812-…: Halo"), or why it was refused. */
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    /** The raw body (verified inbound events), or the event sent (outbound). */
    payload: text('payload'),
    duplicates: integer('duplicates').notNull().default(0),
    attempts: jsonb('attempts').$type<ChannelEventAttempt[]>().notNull().default([]),
    error: text('error'),
    messageId: integer('message_id'),
    /**
     * The conversation thread of an inbound delivery's first message (null: statuses only, or an
     * outbound event): a thread's deliveries are applied in the order they were received.
     */
    thread: varchar('thread', { length: 255 }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('channel_events_unique').on(table.channelId, table.direction, table.eventId),
    index('channel_events_channel_id_id_index').on(table.channelId, table.id),
    index('channel_events_thread_received_index')
      .on(table.channelId, table.thread, table.id)
      .where(sql`${table.status} = 'received'`),
  ],
);

/** Approved WhatsApp message templates, synced from the Graph API. */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 512 }).notNull(),
    language: varchar('language', { length: 16 }).notNull(),
    status: varchar('status', { length: 32 }).notNull(),
    category: varchar('category', { length: 32 }).notNull().default(''),
    body: text('body').notNull().default(''),
    /** POSITIONAL ({{1}}) or NAMED ({{customer_name}}) placeholders. */
    parameterFormat: varchar('parameter_format', { length: 16 })
      .$type<ParameterFormat>()
      .notNull()
      .default('POSITIONAL'),
    /** The header, body, footer and buttons as Meta lists them, with their examples. */
    components: jsonb('components').$type<TemplateComponent[]>().notNull().default([]),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('whatsapp_templates_unique').on(table.channelId, table.name, table.language)],
);
