import { bigserial, boolean, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';
import { conversations } from './channels';
import type { AutomationAction, AutomationCondition, AutomationTrigger } from '../../domain/automations/rule-types';

/**
 * A team's automation rules (server/domain/automations): when a trigger happens to a conversation
 * and every condition holds, the actions are taken. They run in `position` order, lowest first.
 */
export const automationRules = pgTable(
  'automation_rules',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    trigger: varchar('trigger', { length: 32 }).$type<AutomationTrigger>().notNull(),
    conditions: jsonb('conditions').$type<AutomationCondition[]>().notNull().default([]),
    actions: jsonb('actions').$type<AutomationAction[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('automation_rules_team_id_position_index').on(table.teamId, table.position)],
);

/**
 * Each time a rule acted on a conversation: insert-only (a busy rule's row is never written per
 * message, so inbound transactions do not queue behind it), counted for the rule's "acted N times"
 * and listed as the page's recent activity; pruned after 30 days.
 */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => automationRules.id, { onDelete: 'set null' }),
    ruleName: varchar('rule_name', { length: 80 }).notNull(),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** What it did, as a sentence; empty for a waiting rule that looked and had nothing to do. */
    summary: varchar('summary', { length: 500 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('automation_runs_team_id_created_at_index').on(table.teamId, table.createdAt),
    index('automation_runs_rule_id_created_at_index').on(table.ruleId, table.createdAt),
    index('automation_runs_conversation_id_index').on(table.conversationId),
  ],
);
