import { bigint, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';

/**
 * Browser sessions, one row per session cookie. The accounts area lists a user's rows as
 * "browser sessions"; last_activity is a Unix timestamp in seconds, as Laravel keeps it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 128 }).primaryKey(),
    userId: integer('user_id'),
    ipAddress: varchar('ip_address', { length: 45 }),
    userAgent: text('user_agent'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    lastActivity: bigint('last_activity', { mode: 'number' }).notNull(),
  },
  (table) => [index('sessions_user_id_index').on(table.userId), index('sessions_last_activity_index').on(table.lastActivity)],
);
