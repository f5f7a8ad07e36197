import { boolean, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A tenant. Every team-owned row carries its `team_id`. */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    personalTeam: boolean('personal_team').notNull().default(false),
    /** An IANA zone: the days and hours of the team's reports (server/reports). */
    timezone: varchar('timezone', { length: 64 }).notNull().default('Asia/Jakarta'),
    /**
     * A conversation handed to a person goes straight to an online member who takes conversations,
     * the one with the fewest open (server/domain/conversations/auto-assign.ts); else it waits.
     */
    autoAssign: boolean('auto_assign').notNull().default(false),
    /** With automatic assignment: how many conversations in hand a member may be given at most (null: no limit). */
    autoAssignLimit: integer('auto_assign_limit'),
    /**
     * Reply targets, in minutes (null: none): how soon a customer handed to a person should have
     * their first reply, and each next one after they write again. The inbox shows a wait against
     * them (conversation-repository's `customerWaitingFor`).
     */
    firstReplyTargetMinutes: integer('first_reply_target_minutes'),
    nextReplyTargetMinutes: integer('next_reply_target_minutes'),
    /** The plan whose limits hold now (server/billing/plans.ts); null = BILLING_DEFAULT_PLAN. */
    plan: varchar('plan', { length: 32 }),
    /** A failed payment: the grace period's end, after which the team is moved to Free. */
    pastDueUntil: timestamp('past_due_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('teams_user_id_index').on(table.userId)],
);

/** Members other than the owner, with their role. */
export const teamUser = pgTable(
  'team_user',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 32 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] }), index('team_user_user_id_index').on(table.userId)],
);
