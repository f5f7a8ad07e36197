import { pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The waiting list. One row per (lower-cased) e-mail address. */
export const earlyAccessSignups = pgTable('early_access_signups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  email: varchar('email', { length: 255 }).notNull().unique(),
  company: varchar('company', { length: 255 }),
  useCase: text('use_case').notNull(),
  ipAddress: varchar('ip_address', { length: 45 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
