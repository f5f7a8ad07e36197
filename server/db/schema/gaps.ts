import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { TurnKind } from '../../bot-engine/turn';
import { teams } from './teams';
import { bots } from './bots';
import { conversations, messages } from './channels';
import { knowledgeSources } from './knowledge';

/**
 * The knowledge-gap inbox (docs/decisions/017-knowledge-gaps.md): customer questions the bots could
 * not answer well, grouped by similarity into gaps ranked by the conversations they cost. A gap's
 * centroid is the normalised mean of its questions' vectors from one embedder (the team-independent
 * default one); vectors of another embedder are never compared with it.
 */

export type GapStatus = 'open' | 'dismissed' | 'answered';
export type GapReason = 'fallback' | 'low_confidence' | 'handoff' | 'thumbs_down';

/** The bot's reply when the gap's question was asked again after it was answered. */
export interface GapRetest {
  question: string;
  /** The reply's kind (answer, curated, fallback, handoff, small talk), or 'skipped' when no published bot could be asked. */
  kind: TurnKind | 'skipped';
  answered: boolean;
  reply: string;
}

export const knowledgeGaps = pgTable(
  'knowledge_gaps',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** A representative question (the first one asked). */
    title: varchar('title', { length: 500 }).notNull(),
    status: varchar('status', { length: 16 }).$type<GapStatus>().notNull().default('open'),
    embeddingProvider: varchar('embedding_provider', { length: 64 }).notNull(),
    embeddingModel: varchar('embedding_model', { length: 255 }).notNull(),
    centroid: jsonb('centroid').$type<number[]>().notNull(),
    questionCount: integer('question_count').notNull().default(0),
    /** Distinct conversations its questions came from: what the gap cost. */
    conversationCount: integer('conversation_count').notNull().default(0),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The curated Q&A source made from it. */
    answerSourceId: integer('answer_source_id').references(() => knowledgeSources.id, { onDelete: 'set null' }),
    retest: jsonb('retest').$type<GapRetest[] | null>(),
    retestedAt: timestamp('retested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('knowledge_gaps_team_id_status_conversation_count_index').on(
      table.teamId,
      table.status,
      table.conversationCount,
    ),
  ],
);

export const knowledgeGapQuestions = pgTable(
  'knowledge_gap_questions',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    gapId: integer('gap_id')
      .notNull()
      .references(() => knowledgeGaps.id, { onDelete: 'cascade' }),
    /** The customer's inbound message: a question is collected once, however often its job runs. */
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The bot that got the question (re-asked with its published version). */
    botId: integer('bot_id').references(() => bots.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    reason: varchar('reason', { length: 16 }).$type<GapReason>().notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('knowledge_gap_questions_message_id_unique').on(table.messageId),
    index('knowledge_gap_questions_gap_id_asked_at_index').on(table.gapId, table.askedAt),
    index('knowledge_gap_questions_conversation_id_index').on(table.conversationId),
  ],
);

export type KnowledgeGapRow = typeof knowledgeGaps.$inferSelect;
export type KnowledgeGapQuestionRow = typeof knowledgeGapQuestions.$inferSelect;
