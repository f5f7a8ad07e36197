import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/**
 * A URL of the team's own system that hears what happens to its conversations (a CRM, a ticket
 * tool, a data warehouse): every subscribed event is POSTed there, signed with the endpoint's
 * secret (`X-Kawan-Signature`, as the webhook channel signs). The secret is encrypted at rest
 * (`{ current, previous?, previousUntil? }`: while a rotation settles, both sign).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2048 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    /** Event types it hears (server/domain/webhooks/event-types.ts). */
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why Kawan turned it off (it kept failing), shown until someone turns it on again. */
    disabledReason: varchar('disabled_reason', { length: 300 }),
    /** The first failed event since its last delivery: "failing since 3 Dec". */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_team_id_index').on(table.teamId)],
);

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/**
 * One event for one endpoint: what was sent (the same body on every attempt, so that a receiver
 * may dedupe on `id`), and how its attempts went. Kept 30 days.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: varchar('event_id', { length: 40 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    state: varchar('state', { length: 12 }).$type<WebhookDeliveryState>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    responseStatus: smallint('response_status'),
    error: varchar('error', { length: 300 }),
    durationMs: integer('duration_ms'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A run holds the delivery until then: another run (a job run twice, the sweep) leaves it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_endpoint_id_id_index').on(table.endpointId, table.id),
    index('webhook_deliveries_due_index')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'pending'`),
    index('webhook_deliveries_created_at_index').on(table.createdAt),
  ],
);
