import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { StoredAttachment } from '../../channels/media';
import { teams } from './teams';
import { users } from './users';
import { channels, contacts, messages } from './channels';
import type { FieldCondition } from './contact-fields';

/**
 * Broadcasts: one approved WhatsApp template sent by a team to many of its contacts at once (a
 * promotion, a reminder, news), each copy filled in for its contact. A broadcast waits for its time
 * ('scheduled'), is sent by its job ('sending'), and ends 'sent' or 'cancelled'. Its recipients are
 * the audience as it stood when sending began; each one's delivery is the status of the message it
 * became (domain/broadcasts).
 */

export type BroadcastStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled';

/**
 * A broadcast that repeats ('daily', to the contacts whose date is today: birthdays) is never sent
 * itself: each day at its time it makes that day's broadcast (its `parentId`), which is sent as any
 * other. It stays 'scheduled', `scheduledAt` its next day, until it is stopped ('cancelled').
 */
export type BroadcastRepeat = 'daily';

/**
 * Who a broadcast goes to: every contact with a phone, those with a conversation carrying a label,
 * or the contacts of a file (imported into Contacts as it was made).
 */
export type BroadcastAudience =
  | { kind: 'all' }
  | { kind: 'label'; labelId: number }
  | {
      kind: 'file';
      fileName: string;
      contactIds: number[];
      /**
       * The file's own columns the values name (`{{file.no_pesanan}}`), by contact id and column key:
       * each copy's order number, amount, pickup time.
       */
      values?: Record<string, Record<string, string>>;
    }
  /**
   * Contacts whose field holds what the condition says (a list's value, a date's month, a number's
   * bound, a text); the field's label and the condition in words as chosen ("Gold", "in December",
   * "at least 1,000").
   */
  | ({ kind: 'field'; label: string; valueText: string } & FieldCondition);

/** A recipient before their message exists ('pending'), once it does ('queued'), or left out ('skipped'). */
export type BroadcastRecipientStatus = 'pending' | 'queued' | 'skipped';

export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    templateName: varchar('template_name', { length: 512 }).notNull(),
    templateLanguage: varchar('template_language', { length: 16 }).notNull(),
    /** The template's values by field key (`body_1`), each of which may hold `{{contact.first_name | Kak}}`. */
    parameters: jsonb('parameters').$type<Record<string, string>>().notNull().default({}),
    /** The file a media header shows, stored once for every copy. */
    header: jsonb('header').$type<{ kind: 'image' | 'file'; attachment: StoredAttachment } | null>(),
    audience: jsonb('audience').$type<BroadcastAudience>().notNull(),
    repeat: varchar('repeat', { length: 16 }).$type<BroadcastRepeat>(),
    /** The repeating broadcast a day's broadcast was made by. */
    parentId: integer('parent_id').references((): AnyPgColumn => broadcasts.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).$type<BroadcastStatus>().notNull().default('scheduled'),
    /** When it goes: the moment it was made for "Send now". */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('broadcasts_team_id_created_at_index').on(table.teamId, table.createdAt),
    // One broadcast a day of a repeating one, whichever process makes it.
    uniqueIndex('broadcasts_parent_id_scheduled_at_unique')
      .on(table.parentId, table.scheduledAt)
      .where(sql`parent_id is not null`),
  ],
);

export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The number it went to (the contact's, when the audience was taken). */
    phoneE164: varchar('phone_e164', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).$type<BroadcastRecipientStatus>().notNull().default('pending'),
    /** Why a recipient was left out. */
    error: varchar('error', { length: 500 }),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('broadcast_recipients_unique').on(table.broadcastId, table.contactId),
    // The broadcast's page lists its recipients in the order they were taken.
    index('broadcast_recipients_broadcast_id_id_index').on(table.broadcastId, table.id),
    // The job's next recipients (few remain pending once sending has begun).
    index('broadcast_recipients_pending_index')
      .on(table.broadcastId, table.id)
      .where(sql`status = 'pending'`),
    index('broadcast_recipients_message_id_index').on(table.messageId),
  ],
);
