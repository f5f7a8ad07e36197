/**
 * Stripe's webhook events (POST /webhooks/stripe). Each delivery is verified over its raw bytes
 * (Stripe-Signature, five minutes' tolerance), logged in `billing_events`, and applied at most once
 * per event id. Stripe is the source of truth: a subscription is re-fetched before it is applied,
 * so events arriving late or out of order end in Stripe's current state (and applySubscription
 * ignores anything older than what it applied last).
 *
 *   checkout.session.completed (and …async_payment_succeeded)  a plan: the subscription, re-fetched;
 *                                                              a pack: a paid invoice mirror, its credits once
 *   customer.subscription.created / updated / deleted          the subscription, re-fetched (deleted: canceled)
 *   invoice.paid                                               a paid invoice mirror; past due clears
 *   invoice.payment_failed                                     an open invoice mirror; the team is past due
 *   invoice.payment_action_required                            an open invoice mirror with its hosted page
 */
import Stripe from 'stripe';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions } from '../../db/schema/index';
import { creditPackOf } from '../plans';
import {
  applySubscription,
  billingUpdated,
  issueInvoice,
  markInvoicePaid,
  markPastDue,
  subscriptionOf,
  type BillingServices,
  type SubscriptionSnapshot,
} from '../subscriptions';
import {
  AlreadyApplied,
  applyOnce,
  existingTeam,
  recordBillingEvent,
  teamOfProviderIds,
  wasApplied,
  type WebhookAnswer,
} from './billing-event-log';
import {
  asProviderError,
  currencyOf,
  idOf,
  snapshotOf,
  stripeClient,
  withoutKeys,
  type StripeSettings,
} from './stripe';
import { mirrorInvoice, stripeInvoice } from './stripe-invoices';

/** Stripe's own default: a signed delivery older than five minutes is a replay. */
export const signatureToleranceSeconds = 300;

export interface StripeDelivery {
  rawBody: Buffer;
  signature: string | undefined;
}

/** What an event comes to once read: effects to apply for a team, or nothing (and why). */
type EventPlan =
  | { kind: 'apply'; teamId: number; apply: (services: BillingServices) => Promise<void> }
  | { kind: 'ignored'; teamId?: number; reason: string };

/**
 * Verifies the signature, or undefined. Any failure (no header, a tampered body, another secret,
 * a timestamp outside the tolerance, a body that is no event) is the same refusal.
 */
export function verifyStripeEvent(
  rawBody: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): Stripe.Event | undefined {
  if (!signature) return undefined;
  try {
    const event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, signatureToleranceSeconds);
    return typeof event?.id === 'string' && typeof event.type === 'string' && event.data ? event : undefined;
  } catch {
    return undefined;
  }
}

export async function receiveStripeEvent(
  services: BillingServices,
  settings: StripeSettings & { webhookSecret: string },
  delivery: StripeDelivery,
): Promise<WebhookAnswer> {
  const event = verifyStripeEvent(delivery.rawBody, delivery.signature, settings.webhookSecret);
  if (!event) {
    await recordBillingEvent(services.db, {
      provider: 'stripe',
      signatureValid: false,
      rawBody: delivery.rawBody,
      result: 'invalid',
      error: delivery.signature
        ? 'The Stripe-Signature header does not match the body.'
        : 'No Stripe-Signature header.',
    });
    return { status: 400, body: { message: 'The Stripe-Signature header is missing or does not match this request.' } };
  }
  const entry = { provider: 'stripe' as const, eventId: event.id, type: event.type, rawBody: delivery.rawBody };
  if (await wasApplied(services.db, 'stripe', event.id)) {
    await recordBillingEvent(services.db, { ...entry, signatureValid: true, result: 'duplicate' });
    return received('duplicate');
  }
  try {
    const plan = await planFor(services, settings, event);
    if (plan.kind === 'ignored') {
      await recordBillingEvent(services.db, {
        ...entry,
        teamId: plan.teamId,
        signatureValid: true,
        result: 'ignored',
        error: plan.reason,
      });
      return received('ignored');
    }
    return received(await applyOnce(services, { ...entry, teamId: plan.teamId }, plan.apply));
  } catch (error) {
    return failed(services, entry, error);
  }
}

function received(result: string): WebhookAnswer {
  return { status: 200, body: { received: true, result } };
}

/** Logged 'failed' and answered 500: Stripe delivers the event again (for up to three days). */
async function failed(
  services: BillingServices,
  entry: { eventId: string; type: string; rawBody: Buffer },
  error: unknown,
): Promise<WebhookAnswer> {
  const message = withoutKeys(error instanceof Error ? error.message : String(error));
  services.logger.warn(
    { eventId: entry.eventId, type: entry.type, error: message },
    'a Stripe event could not be applied',
  );
  await recordBillingEvent(services.db, {
    provider: 'stripe',
    ...entry,
    signatureValid: true,
    result: 'failed',
    error: message,
  });
  return {
    status: 500,
    body: { message: 'The event could not be processed; it will be applied when delivered again.' },
  };
}

async function planFor(services: BillingServices, settings: StripeSettings, event: Stripe.Event): Promise<EventPlan> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(services, settings, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(services, settings, event.data.object, event.type === 'customer.subscription.deleted');
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required':
      return invoiceEvent(services, settings, event.type, event.data.object);
    default:
      return { kind: 'ignored', reason: `Kawan does not act on ${event.type}.` };
  }
}

// ---------------------------------------------------------------- checkout

async function checkoutCompleted(
  services: BillingServices,
  settings: StripeSettings,
  session: Stripe.Checkout.Session,
): Promise<EventPlan> {
  const teamId = await existingTeam(services.db, session.client_reference_id ?? session.metadata?.team_id);
  if (!teamId) return { kind: 'ignored', reason: 'The session names no Kawan team.' };
  if (session.mode === 'subscription') {
    const subscriptionId = idOf(session.subscription);
    if (!subscriptionId) return { kind: 'ignored', teamId, reason: 'The session has no subscription.' };
    const snapshot = await currentSnapshot(settings, subscriptionId);
    return applying(teamId, snapshot);
  }
  if (session.mode !== 'payment') {
    return { kind: 'ignored', teamId, reason: `Kawan sells nothing in ${session.mode} mode.` };
  }
  const pack = creditPackOf(session.metadata?.pack ?? '');
  if (!pack) return { kind: 'ignored', teamId, reason: 'The session names no credit pack.' };
  // Paid later (a bank debit): checkout.session.async_payment_succeeded brings it.
  if (session.payment_status !== 'paid') {
    return { kind: 'ignored', teamId, reason: `The payment is ${session.payment_status}.` };
  }
  return {
    kind: 'apply',
    teamId,
    apply: async (tx) => {
      await linkCustomer(tx.db, teamId, idOf(session.customer));
      await buyPack(tx, teamId, session, pack);
    },
  };
}

/** The pack's invoice, mirrored once (keyed by the session id), paid once: its credits are added once. */
async function buyPack(
  services: BillingServices,
  teamId: number,
  session: Stripe.Checkout.Session,
  pack: NonNullable<ReturnType<typeof creditPackOf>>,
): Promise<void> {
  const currency = currencyOf(session.currency);
  const amount = session.amount_total ?? pack.prices[currency];
  const invoice =
    (await stripeInvoice(services.db, session.id)) ??
    (await issueInvoice(services.db, teamId, {
      provider: 'stripe',
      purpose: 'credit_pack',
      packCode: pack.code,
      providerInvoiceId: session.id,
      currency,
      lines: [{ description: `${pack.credits.toLocaleString('en-US')} AI credits`, quantity: 1, amount }],
    }));
  if (invoice.status === 'paid' || !(await markInvoicePaid(services, invoice.id, { amount }))) {
    throw new AlreadyApplied();
  }
}

/** A pack bought before any subscription leaves nothing to link; a Stripe subscription without a customer gets this one. */
async function linkCustomer(db: Database, teamId: number, customerId: string | null): Promise<void> {
  if (!customerId) return;
  await db
    .update(subscriptions)
    .set({ providerCustomerId: customerId })
    .where(
      and(
        eq(subscriptions.teamId, teamId),
        eq(subscriptions.provider, 'stripe'),
        isNull(subscriptions.providerCustomerId),
      ),
    );
}

// ---------------------------------------------------------------- subscriptions

async function subscriptionChanged(
  services: BillingServices,
  settings: StripeSettings,
  subscription: Stripe.Subscription,
  deleted: boolean,
): Promise<EventPlan> {
  const teamId =
    (await existingTeam(services.db, subscription.metadata?.team_id)) ??
    (await teamOfProviderIds(services.db, 'stripe', {
      subscriptionId: subscription.id,
      customerId: idOf(subscription.customer),
    }));
  if (!teamId) return { kind: 'ignored', reason: 'No Kawan team has this subscription.' };
  const fresh = (await retrieveSubscription(settings, subscription.id)) ?? subscription;
  const snapshot = snapshotFrom(fresh, settings);
  if (deleted) snapshot.status = 'canceled';
  if (await supersededBy(services.db, teamId, snapshot)) {
    return { kind: 'ignored', teamId, reason: 'The team has moved to another subscription since.' };
  }
  return applying(teamId, snapshot);
}

/** Stripe's subscription, as it is now, applied to the team. */
function applying(teamId: number, snapshot: SubscriptionSnapshot): EventPlan {
  return {
    kind: 'apply',
    teamId,
    apply: async (tx) => {
      await applySubscription(tx, teamId, snapshot);
    },
  };
}

/** An old subscription ending late must not end the one the team has now (it resubscribed). */
async function supersededBy(db: Database, teamId: number, snapshot: SubscriptionSnapshot): Promise<boolean> {
  if (snapshot.status !== 'canceled' && snapshot.status !== 'incomplete') return false;
  const current = await subscriptionOf(db, teamId);
  return (
    current !== undefined &&
    current.status !== 'canceled' &&
    current.providerSubscriptionId !== null &&
    current.providerSubscriptionId !== snapshot.providerSubscriptionId
  );
}

/** The subscription now at Stripe; undefined when Stripe no longer has it (the event's copy is the last word). */
async function retrieveSubscription(settings: StripeSettings, id: string): Promise<Stripe.Subscription | undefined> {
  try {
    return await stripeClient(settings).subscriptions.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return undefined;
    throw asProviderError(error);
  }
}

async function currentSnapshot(settings: StripeSettings, subscriptionId: string): Promise<SubscriptionSnapshot> {
  const subscription = await retrieveSubscription(settings, subscriptionId);
  if (!subscription) throw new Error(`Stripe has no subscription ${subscriptionId}.`);
  return snapshotFrom(subscription, settings);
}

/**
 * A price Kawan does not know is a configuration to fix (STRIPE_PRICES), not an event to drop: it
 * fails, and Stripe's next delivery applies it once the price is configured.
 */
function snapshotFrom(subscription: Stripe.Subscription, settings: StripeSettings): SubscriptionSnapshot {
  const snapshot = snapshotOf(subscription, settings.prices);
  if (!snapshot) {
    const price = subscription.items?.data?.[0]?.price?.id ?? 'none';
    throw new Error(
      `Subscription ${subscription.id} sells price ${price}, which STRIPE_PRICES does not map to a plan.`,
    );
  }
  return snapshot;
}

// ---------------------------------------------------------------- invoices

type InvoiceEventType = 'invoice.paid' | 'invoice.payment_failed' | 'invoice.payment_action_required';

async function invoiceEvent(
  services: BillingServices,
  settings: StripeSettings,
  type: InvoiceEventType,
  invoice: Stripe.Invoice,
): Promise<EventPlan> {
  const details = invoice.parent?.subscription_details;
  const subscriptionId =
    idOf(details?.subscription) ?? idOf((invoice as unknown as { subscription?: string | null }).subscription);
  const teamId =
    (await existingTeam(services.db, details?.metadata?.team_id ?? invoice.metadata?.team_id)) ??
    (await teamOfProviderIds(services.db, 'stripe', { subscriptionId, customerId: idOf(invoice.customer) }));
  if (!teamId) return { kind: 'ignored', reason: 'No Kawan team has this invoice.' };
  if (type === 'invoice.paid') {
    // Re-fetched so that a past-due subscription Stripe has since settled is applied as it is now.
    const snapshot = subscriptionId ? await currentSnapshot(settings, subscriptionId) : undefined;
    return {
      kind: 'apply',
      teamId,
      apply: async (tx) => {
        await mirrorInvoice(tx.db, teamId, invoice, 'paid');
        if (snapshot) await applySubscription(tx, teamId, snapshot);
        else await billingUpdated(tx, teamId);
      },
    };
  }
  return {
    kind: 'apply',
    teamId,
    apply: async (tx) => {
      const mirror = await mirrorInvoice(tx.db, teamId, invoice, 'open');
      // A failure reported after the invoice was paid (events out of order) makes nobody past due.
      if (type === 'invoice.payment_failed' && mirror.status !== 'paid') await markPastDue(tx, teamId);
      else await billingUpdated(tx, teamId);
    },
  };
}
