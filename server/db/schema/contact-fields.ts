import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/**
 * What a contact's field must hold to be among a filter's or an audience's contacts: a value (a
 * list's choice, yes or no), a date in a month of any year (birthdays in December), a number at
 * least or at most a bound (points), or a text equal whatever its case (a city). Keys are a field's
 * (`[a-z0-9_]`); db/repositories/attribute-condition.ts writes its SQL.
 */
export type FieldCondition =
  | { key: string; value: string | boolean }
  | { key: string; month: number }
  /** A date whose day and month are today's in the team's time zone (a birthday; 29 February on the 28th in other years). */
  | { key: string; day: 'today' }
  /** A date whose day and month are one of these (`MM-DD`): a repeating broadcast's day, fixed when it is made. */
  | { key: string; days: string[] }
  | { key: string; min: number }
  | { key: string; max: number }
  | { key: string; text: string };

/** What a contact field holds. */
export const contactFieldTypes = ['text', 'number', 'date', 'list', 'yes_no'] as const;
export type ContactFieldType = (typeof contactFieldTypes)[number];

/**
 * A team's own contact fields ("Kota", "Member tier", "Tanggal lahir"), as Chatwoot's custom
 * attributes and respond.io's contact fields: a contact's values are in `contacts.attributes` under
 * the field's key, which is made from its first label and never changes (saved replies and
 * broadcasts name it: `{{contact.kota}}`).
 */
export const contactFields = pgTable(
  'contact_fields',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 40 }).notNull(),
    label: varchar('label', { length: 40 }).notNull(),
    type: varchar('type', { length: 16 }).$type<ContactFieldType>().notNull(),
    /** A list field's choices, in the order offered. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    /**
     * Whether the team's bots may tell a customer their own value ("berapa poin saya?"), where the
     * channel vouches for who the customer is (bot-engine/customer.ts, domain/contacts/customer-facts.ts).
     */
    botReadable: boolean('bot_readable').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contact_fields_team_id_key_unique').on(table.teamId, table.key),
    uniqueIndex('contact_fields_team_id_label_unique').on(table.teamId, sql`lower(${table.label})`),
  ],
);
