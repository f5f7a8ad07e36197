import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { channels, conversations } from './channels';
import { users } from './users';

export type ConversationActivityType = 'opened' | 'handoff' | 'taken' | 'handed_back' | 'resolved' | 'reopened';

/**
 * What happened to a conversation, in order: written by database triggers on `conversations`
 * (migration 0006) whenever its state changes, so that no code path can change a state without a
 * trace. Reports read outcomes from it (a handoff stays a handoff after a hand-back; a resolution
 * stays one after a reopen); the dashboard's activity feed lists it.
 */
export const conversationActivities = pgTable(
  'conversation_activities',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).$type<ConversationActivityType>().notNull(),
    /** A handoff's reason code; who resolved (bot, human, auto_idle). */
    reason: varchar('reason', { length: 32 }),
    /** The assignee at the time (taken, resolved by a person). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversation_activities_conversation_id_index').on(table.conversationId, table.id),
    index('conversation_activities_team_id_at_index').on(table.teamId, table.at),
  ],
);

/**
 * One day of one team's reports, per bot and channel (`botId` 0: conversations without a bot), in
 * the team's time zone. Conversation outcomes count on the day the conversation started (one
 * denominator per window: a conversation never moves between windows); message counts on the day
 * of the message. Rebuilt for a (team, day) from raw rows whenever something in it changes
 * (server/reports/rollup.ts); times are histograms so that medians and p90s add up across days.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    botId: integer('bot_id').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** Counters and histograms (server/reports/facts.ts DailyFigures), one JSON object per row. */
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.day, table.botId, table.channelId] })],
);

/**
 * (team, day) whose rollup is out of date: appended by triggers on conversations and messages in
 * the same transaction as the change (migration 0006). Append-only, so busy writers never wait on
 * one another's mark; the rollup job recomputes a day, then deletes the marks up to the highest id
 * it read, so a change that lands while it works leaves its mark for the next run.
 */
export const reportDirtyDays = pgTable(
  'report_dirty_days',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [index('report_dirty_days_team_id_day_index').on(table.teamId, table.day)],
);

export type ConversationActivityRow = typeof conversationActivities.$inferSelect;
export type ReportDailyRow = typeof reportDaily.$inferSelect;
