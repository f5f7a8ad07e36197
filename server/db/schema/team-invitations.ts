import { index, integer, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { teams } from './teams';

/** A pending invitation of an e-mail address to a team with a role; accepting deletes it. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 255 }).notNull(),
    role: varchar('role', { length: 32 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('team_invitations_team_id_email_unique').on(table.teamId, table.email), index('team_invitations_email_index').on(table.email)],
);
