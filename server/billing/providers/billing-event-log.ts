/**
 * The log of every payment-provider delivery (`billing_events`), shared by the Stripe and Xendit
 * endpoints: the support record (raw body, signature result, what became of it) and the
 * idempotency guard. An event id is applied once: its 'applied' row is written in the same
 * transaction as its effects, and the partial unique index `billing_events_applied_unique` turns a
 * second concurrent application into a rolled-back transaction that is then logged 'duplicate'.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { billingEvents, subscriptions, teams, type BillingProviderName } from '../../db/schema/index';
import type { BillingServices } from '../subscriptions';

export type BillingEventResult = 'applied' | 'duplicate' | 'ignored' | 'invalid' | 'failed';

export interface BillingEventEntry {
  provider: BillingProviderName;
  eventId?: string | null;
  type?: string | null;
  teamId?: number | null;
  signatureValid: boolean;
  rawBody: Buffer;
  result: BillingEventResult;
  error?: string | null;
}

/** What a webhook endpoint answers the provider. */
export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

const payloadLimitBytes = 64 * 1024;
const errorLimit = 1000;

export async function recordBillingEvent(db: Database, entry: BillingEventEntry): Promise<void> {
  await db.insert(billingEvents).values({
    provider: entry.provider,
    eventId: storable(entry.eventId, 255),
    type: storable(entry.type, 128),
    teamId: entry.teamId ?? null,
    signatureValid: entry.signatureValid,
    payload: storable(entry.rawBody.subarray(0, payloadLimitBytes).toString('utf8'), payloadLimitBytes)!,
    result: entry.result,
    error: storable(entry.error, errorLimit),
  });
}

/** Text PostgreSQL can store: it refuses NUL characters, which anyone may put in a body. */
function storable(value: string | null | undefined, limit: number): string | null {
  return value === null || value === undefined ? null : value.slice(0, limit).replaceAll('\u0000', '\uFFFD');
}

/** Whether the provider's event was already applied (a redelivery). */
export async function wasApplied(db: Database, provider: BillingProviderName, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(
      and(
        eq(billingEvents.provider, provider),
        eq(billingEvents.eventId, eventId),
        eq(billingEvents.result, 'applied'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Thrown inside `applyOnce` when the effect turns out to be done already: rolls back, logged 'duplicate'. */
export class AlreadyApplied extends Error {
  constructor() {
    super('already applied');
    this.name = 'AlreadyApplied';
  }
}

/**
 * Applies an event's effects and writes its 'applied' row in one transaction. `apply` gets the
 * services bound to that transaction (the billing core's own transactions nest as savepoints, its
 * broadcasts wait for the commit). Resolves 'applied' or 'duplicate'; any other failure rejects
 * and nothing of it stays.
 */
export async function applyOnce(
  services: BillingServices,
  entry: Omit<BillingEventEntry, 'result' | 'signatureValid' | 'error'> & { eventId: string },
  apply: (services: BillingServices) => Promise<void>,
): Promise<'applied' | 'duplicate'> {
  try {
    await services.db.transaction(async (tx) => {
      await recordBillingEvent(tx, { ...entry, signatureValid: true, result: 'applied' });
      await apply({ ...services, db: tx });
    });
    return 'applied';
  } catch (error) {
    if (!(error instanceof AlreadyApplied) && !isUniqueViolation(error, 'billing_events_applied_unique')) throw error;
    await recordBillingEvent(services.db, { ...entry, signatureValid: true, result: 'duplicate' });
    return 'duplicate';
  }
}

/** The team an event names, when it exists (a metadata id is only a hint). */
export async function existingTeam(db: Database, teamId: unknown): Promise<number | undefined> {
  const id =
    typeof teamId === 'number'
      ? teamId
      : typeof teamId === 'string' && /^[0-9]{1,9}$/.test(teamId)
        ? Number(teamId)
        : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
  return row?.id;
}

/** The team whose subscription has this provider subscription id, else this provider customer id. */
export async function teamOfProviderIds(
  db: Database,
  provider: BillingProviderName,
  ids: { subscriptionId?: string | null; customerId?: string | null },
): Promise<number | undefined> {
  for (const [column, value] of [
    [subscriptions.providerSubscriptionId, ids.subscriptionId],
    [subscriptions.providerCustomerId, ids.customerId],
  ] as const) {
    if (!value) continue;
    const [row] = await db
      .select({ teamId: subscriptions.teamId })
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, provider), eq(column, value)))
      .limit(1);
    if (row) return row.teamId;
  }
  return undefined;
}
