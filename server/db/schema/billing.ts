import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { teams } from './teams';

/**
 * Billing (docs/decisions/018-billing.md): a team's subscription to a plan, what it used in each
 * period, the credit packs it bought, its invoices, and every payment provider event received.
 * The team's effective plan and its past-due state are copied onto `teams` in the same
 * transaction (every page reads them with the team).
 */

export type BillingProviderName = 'manual' | 'stripe' | 'xendit';
export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    plan: varchar('plan', { length: 32 }).notNull(),
    interval: varchar('interval', { length: 8 }).notNull().default('month'),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    provider: varchar('provider', { length: 16 }).$type<BillingProviderName>().notNull(),
    providerCustomerId: varchar('provider_customer_id', { length: 255 }),
    providerSubscriptionId: varchar('provider_subscription_id', { length: 255 }),
    status: varchar('status', { length: 16 }).$type<SubscriptionStatus>().notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** Canceled by the team: the plan holds until `endsAt` (the grace period), then Free. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** A downgrade waits for the period's end. */
    scheduledPlan: varchar('scheduled_plan', { length: 32 }),
    scheduledInterval: varchar('scheduled_interval', { length: 8 }),
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** The newest provider event applied (events out of order never move the state back). */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_team_id_unique').on(table.teamId),
    index('subscriptions_provider_subscription_id_index').on(table.providerSubscriptionId),
    index('subscriptions_current_period_end_index').on(table.currentPeriodEnd),
  ],
);

export type UsageMetric = 'ai_credits';
export type UsageEventStatus = 'reserved' | 'committed' | 'released';

/**
 * One billable action, once: the idempotency key (the reply message's id, a job's id) is unique,
 * so a retried job or a redelivered webhook finds its event and counts nothing again.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    metric: varchar('metric', { length: 32 }).$type<UsageMetric>().notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    status: varchar('status', { length: 16 }).$type<UsageEventStatus>().notNull(),
    /** Credits taken from the period's counter and from a credit pack. */
    quantity: integer('quantity').notNull(),
    packQuantity: integer('pack_quantity').notNull().default(0),
    packId: integer('pack_id'),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    botId: integer('bot_id'),
    contactId: integer('contact_id'),
    model: varchar('model', { length: 255 }),
    source: varchar('source', { length: 16 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('usage_events_idempotency_key_unique').on(table.idempotencyKey),
    index('usage_events_team_id_period_start_index').on(table.teamId, table.periodStart),
  ],
);

/**
 * Counters per team, metric, scope and period, updated in the same transaction as the event:
 * scope '' is the team's plan quota; 'bot:<id>' a bot's monthly cap; 'contact:<id>' a contact's
 * daily cap (its period is the UTC day).
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    metric: varchar('metric', { length: 32 }).$type<UsageMetric>().notNull(),
    scope: varchar('scope', { length: 64 }).notNull().default(''),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    used: integer('used').notNull().default(0),
    warned80At: timestamp('warned_80_at', { withTimezone: true }),
    warned100At: timestamp('warned_100_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('usage_counters_unique').on(table.teamId, table.metric, table.scope, table.periodStart)],
);

export const creditPackRows = pgTable(
  'credit_packs',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
    remaining: integer('remaining').notNull(),
    source: varchar('source', { length: 16 }).notNull().default('purchase'),
    invoiceId: integer('invoice_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_packs_team_id_index').on(table.teamId),
    uniqueIndex('credit_packs_invoice_id_unique').on(table.invoiceId),
  ],
);

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
export type InvoicePurpose = 'subscription' | 'renewal' | 'proration' | 'credit_pack';

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** In the invoice's currency unit (cents, rupiah); negative for a credit. */
  amount: number;
}

/** What the invoice was addressed to when it was issued (details changed later do not rewrite it). */
export interface BillingAddressee {
  companyName: string | null;
  address: string | null;
  taxId: string | null;
  email: string | null;
}

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** KWN-2026-000123: unique, in the order issued. */
    number: varchar('number', { length: 32 }).notNull(),
    provider: varchar('provider', { length: 16 }).$type<BillingProviderName>().notNull(),
    providerInvoiceId: varchar('provider_invoice_id', { length: 255 }),
    purpose: varchar('purpose', { length: 16 }).$type<InvoicePurpose>().notNull(),
    status: varchar('status', { length: 16 }).$type<InvoiceStatus>().notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull().default(0),
    total: integer('total').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    /** What paying it buys: a plan and interval for a period, or a credit pack. */
    plan: varchar('plan', { length: 32 }),
    interval: varchar('interval', { length: 8 }),
    packCode: varchar('pack_code', { length: 32 }),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull().default([]),
    billedTo: jsonb('billed_to').$type<BillingAddressee>().notNull(),
    hostedUrl: varchar('hosted_url', { length: 2048 }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_provider_invoice_id_unique').on(table.provider, table.providerInvoiceId),
    index('invoices_team_id_issued_at_index').on(table.teamId, table.issuedAt),
  ],
);

export const billingDetails = pgTable('billing_details', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  companyName: varchar('company_name', { length: 255 }),
  address: text('address'),
  taxId: varchar('tax_id', { length: 64 }),
  email: varchar('email', { length: 255 }),
  /** The currency the team pays in (IDR through Xendit, USD through Stripe). */
  currency: varchar('currency', { length: 3 }).notNull().default('USD'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every payment-provider event received, raw, with its signature result and what became of it:
 * the support log, and idempotency (a verified event id is applied once).
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).$type<BillingProviderName>().notNull(),
    eventId: varchar('event_id', { length: 255 }),
    type: varchar('type', { length: 128 }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    signatureValid: boolean('signature_valid').notNull(),
    /** The body as received, cut at 64 KB. */
    payload: text('payload').notNull(),
    result: varchar('result', { length: 16 }).notNull(),
    error: varchar('error', { length: 1000 }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('billing_events_applied_unique')
      .on(table.provider, table.eventId)
      .where(sql`result = 'applied'`),
    index('billing_events_received_at_index').on(table.receivedAt),
  ],
);
