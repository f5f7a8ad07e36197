import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/** The colours a label may have (Tailwind palettes the inbox draws its chip with). */
export const labelColors = ['gray', 'red', 'amber', 'green', 'teal', 'sky', 'indigo', 'violet', 'pink'] as const;
export type LabelColor = (typeof labelColors)[number];

/**
 * A team's conversation labels ("pesanan", "keluhan", "VIP"): names unique in the team whatever
 * their case. Conversations hold the ids of theirs (conversations.label_ids).
 */
export const conversationLabels = pgTable(
  'conversation_labels',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 40 }).notNull(),
    color: varchar('color', { length: 16 }).$type<LabelColor>().notNull().default('gray'),
    description: varchar('description', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('conversation_labels_team_id_name_unique').on(table.teamId, sql`lower(${table.name})`)],
);
