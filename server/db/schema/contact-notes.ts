import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';
import { contacts } from './channels';

/**
 * What the team knows about a contact that no field holds ("VIP: orders 10 kg a month", "prefers
 * WhatsApp after 19.00"): notes written by whoever answers conversations, kept with the contact
 * (moved with it when contacts are merged), never shown to the customer.
 */
export const contactNotes = pgTable(
  'contact_notes',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_notes_contact_id_id_index').on(table.contactId, table.id)],
);
