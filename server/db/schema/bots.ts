import {
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
import { teams } from './teams';
import { users } from './users';

/**
 * Bots, their published versions, saved test questions, the turns they answered (test chat, API,
 * replay) and a team's own model-provider credentials. A bot's configuration is one JSON document
 * (server/bot-engine/bot-config.ts): the draft on the bot, a frozen copy per published version.
 */

export type BotStatus = 'draft' | 'active' | 'paused';

export const bots = pgTable(
  'bots',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The id outside Kawan (`model` in /api/v1/chat/completions): `bot_` + 16 random characters. */
    publicId: varchar('public_id', { length: 40 }).notNull().unique(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    avatarColor: varchar('avatar_color', { length: 16 }).notNull().default('indigo'),
    status: varchar('status', { length: 16 }).$type<BotStatus>().notNull().default('draft'),
    /** The configuration being edited (BotConfig). */
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    /** The version channels and the API answer with; null until first published. */
    publishedVersion: integer('published_version'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The draft differs from the published version. */
    draftChangedAt: timestamp('draft_changed_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** Most AI credits the bot may use a billing period (null: only the plan's quota), against runaway use. */
    monthlyCreditCap: integer('monthly_credit_cap'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bots_team_id_name_index').on(table.teamId, table.name)],
);

export const botVersions = pgTable(
  'bot_versions',
  {
    id: serial('id').primaryKey(),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    note: varchar('note', { length: 255 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('bot_versions_bot_id_version_unique').on(table.botId, table.version)],
);

/** Questions a team keeps to replay against a draft before publishing it. */
export const botTestQuestions = pgTable(
  'bot_test_questions',
  {
    id: serial('id').primaryKey(),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    question: varchar('question', { length: 1000 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bot_test_questions_bot_id_index').on(table.botId)],
);

export type TurnSource = 'test' | 'api' | 'replay';

/** One question a bot answered, with what the engine recorded about it. */
export const botTurns = pgTable(
  'bot_turns',
  {
    id: serial('id').primaryKey(),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The version that answered; null for the draft. */
    version: integer('version'),
    source: varchar('source', { length: 16 }).$type<TurnSource>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A test chat's or an API caller's thread, so that its history follows it. */
    threadKey: varchar('thread_key', { length: 64 }),
    question: text('question').notNull(),
    reply: text('reply').notNull().default(''),
    kind: varchar('kind', { length: 16 }).notNull(),
    citations: jsonb('citations').$type<unknown[]>().notNull().default([]),
    trace: jsonb('trace').$type<Record<string, unknown>>().notNull().default({}),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    /** 1 thumbs up, -1 thumbs down, null none. */
    feedback: smallint('feedback'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bot_turns_bot_id_created_at_index').on(table.botId, table.createdAt),
    index('bot_turns_thread_key_index').on(table.threadKey),
  ],
);

/** A replay of test questions against the draft and the published version (a job; live progress). */
export const botReplays = pgTable(
  'bot_replays',
  {
    id: serial('id').primaryKey(),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    publishedVersion: integer('published_version'),
    results: jsonb('results').$type<unknown[]>().notNull().default([]),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('bot_replays_bot_id_index').on(table.botId)],
);

/** A team's own OpenAI-compatible server; the key is encrypted with APP_KEY and never shown again. */
export const providerCredentials = pgTable(
  'provider_credentials',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    baseUrl: varchar('base_url', { length: 2048 }).notNull(),
    apiKey: text('api_key'),
    apiKeyLastFour: varchar('api_key_last_four', { length: 4 }),
    models: jsonb('models').$type<string[]>().notNull().default([]),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
    lastTestResult: text('last_test_result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('provider_credentials_team_id_index').on(table.teamId)],
);
