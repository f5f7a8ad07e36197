import { integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/**
 * A team's saved replies: answers its people give often ("alamat outlet", "cara refund"), each
 * under a short name that the inbox's reply box finds after a "/".
 */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Lowercase letters, digits, "-" and "_", unique in the team: what follows "/" in the reply box. */
    shortcut: varchar('shortcut', { length: 32 }).notNull(),
    text: text('text').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('saved_replies_team_id_shortcut_unique').on(table.teamId, table.shortcut)],
);
