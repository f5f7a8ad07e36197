/**
 * Stripe (USD cards, recurring), through the official SDK: Checkout in subscription mode for a
 * plan and in payment mode for a credit pack, the Customer Portal, price changes with or without
 * proration, cancellation at the period's end, and the subscription re-read from Stripe. Kawan
 * provisions nothing from here: Stripe's signed events do (stripe-events.ts), each re-fetching the
 * subscription and reading it with `snapshotOf`, because the redirect back from Checkout proves
 * nothing.
 */
import Stripe from 'stripe';
import type { Config } from '../../config/env';
import type { SubscriptionStatus } from '../../db/schema/index';
import { periodEnd } from '../periods';
import { currencies, intervals, isPlanCode, type Currency, type Interval, type PlanCode } from '../plans';
import type { SubscriptionRow, SubscriptionSnapshot } from '../subscriptions';
import { PaymentProviderError, type CheckoutRequest, type PaymentProvider, type Purchase } from './provider';

export type StripeSettings = NonNullable<Config['billing']['stripe']>;

/** Long enough for Checkout's session create on a slow day, short enough to answer the owner. */
const requestTimeoutMs = 20_000;

/** One client per configuration, so its keep-alive connections serve every request. */
const clients = new WeakMap<StripeSettings, Stripe>();

export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    client = new Stripe(settings.secret, {
      ...endpointOf(settings.apiBase),
      timeout: requestTimeoutMs,
      maxNetworkRetries: 1,
      telemetry: false,
    });
    clients.set(settings, client);
  }
  return client;
}

/** STRIPE_API_BASE (a local fake in tests, a proxy) as the SDK's host, port and protocol. */
function endpointOf(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const client = () => stripeClient(settings);
  return {
    name: 'stripe',
    recurring: true,
    issuesOwnInvoices: false,
    async checkout(request) {
      const params =
        request.purchase.kind === 'plan' ? subscriptionCheckout(settings, request) : packCheckout(settings, request);
      const session = await call(() => client().checkout.sessions.create(params));
      if (!session.url) throw new PaymentProviderError('stripe', 'Stripe created a Checkout Session without a URL.');
      return { url: session.url };
    },
    async portal(subscription, returnUrl) {
      const customer = requireId(subscription.providerCustomerId, 'The team has no Stripe customer yet.');
      const session = await call(() => client().billingPortal.sessions.create({ customer, return_url: returnUrl }));
      return { url: session.url };
    },
    async changePlan(subscription, plan, interval, prorate) {
      const id = requireId(subscription.providerSubscriptionId, 'The team has no Stripe subscription.');
      const price = priceFor(settings, { kind: 'plan', plan, interval });
      await call(async () => {
        const current = await client().subscriptions.retrieve(id);
        const item = current.items.data[0];
        if (!item) throw new PaymentProviderError('stripe', 'The Stripe subscription has no item to change.');
        await client().subscriptions.update(id, {
          items: [{ id: item.id, price }],
          proration_behavior: prorate ? 'always_invoice' : 'none',
          metadata: { plan, interval },
        });
      });
    },
    async setCancelAtPeriodEnd(subscription, cancel) {
      const id = requireId(subscription.providerSubscriptionId, 'The team has no Stripe subscription.');
      await call(() => client().subscriptions.update(id, { cancel_at_period_end: cancel }));
    },
    async refresh(subscription: SubscriptionRow) {
      if (!subscription.providerSubscriptionId) return undefined;
      return retrieveSnapshot(settings, subscription.providerSubscriptionId);
    },
  };
}

// ---------------------------------------------------------------- checkout

function subscriptionCheckout(settings: StripeSettings, request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const purchase = request.purchase as Extract<Purchase, { kind: 'plan' }>;
  const metadata = { team_id: String(request.team.id), plan: purchase.plan, interval: purchase.interval };
  return {
    mode: 'subscription',
    line_items: [{ price: priceFor(settings, purchase), quantity: 1 }],
    client_reference_id: String(request.team.id),
    metadata,
    subscription_data: { metadata, ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}) },
    ...payer(request),
    allow_promotion_codes: true,
    success_url: withSessionId(request.successUrl),
    cancel_url: request.cancelUrl,
  };
}

function packCheckout(settings: StripeSettings, request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const purchase = request.purchase as Extract<Purchase, { kind: 'pack' }>;
  return {
    mode: 'payment',
    line_items: [{ price: priceFor(settings, purchase), quantity: 1 }],
    client_reference_id: String(request.team.id),
    metadata: { team_id: String(request.team.id), pack: purchase.pack },
    ...payer(request),
    // A customer even for a one-off payment, so the pack's buyer is the team's Stripe customer.
    ...(request.customer.providerCustomerId ? {} : { customer_creation: 'always' as const }),
    allow_promotion_codes: true,
    success_url: withSessionId(request.successUrl),
    cancel_url: request.cancelUrl,
  };
}

/** The team's Stripe customer when it has one, else its billing e-mail for Checkout to prefill. */
function payer(request: CheckoutRequest): { customer: string } | { customer_email: string } {
  return request.customer.providerCustomerId
    ? { customer: request.customer.providerCustomerId }
    : { customer_email: request.customer.email };
}

/** Stripe fills in `{CHECKOUT_SESSION_ID}` itself: the braces must reach it unencoded. */
function withSessionId(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
}

// ---------------------------------------------------------------- prices and plans

/** The STRIPE_PRICES key of a purchase: `<plan>_<interval>` or the pack's code. */
export function priceKey(purchase: Purchase): string {
  return purchase.kind === 'plan' ? `${purchase.plan}_${purchase.interval}` : purchase.pack;
}

/** The Stripe price id that sells a purchase; a missing one names the STRIPE_PRICES key to set. */
export function priceFor(settings: Pick<StripeSettings, 'prices'>, purchase: Purchase): string {
  const key = priceKey(purchase);
  const price = settings.prices[key];
  if (!price) {
    throw new PaymentProviderError(
      'stripe',
      `No Stripe price is configured for ${key} (set ${key}=price_… in STRIPE_PRICES).`,
    );
  }
  return price;
}

/** The plan and interval a price id sells, by STRIPE_PRICES read backwards. */
export function planOfPrice(
  prices: Record<string, string>,
  priceId: string,
): { plan: Exclude<PlanCode, 'free'>; interval: Interval } | undefined {
  const key = Object.keys(prices).find((candidate) => prices[candidate] === priceId);
  return key ? planFromKey(key) : undefined;
}

function planFromKey(key: string): { plan: Exclude<PlanCode, 'free'>; interval: Interval } | undefined {
  const [plan, interval] = key.split('_');
  return isPaidPlan(plan) && isInterval(interval) ? { plan, interval } : undefined;
}

function isPaidPlan(value: unknown): value is Exclude<PlanCode, 'free'> {
  return isPlanCode(value) && value !== 'free';
}

function isInterval(value: unknown): value is Interval {
  return typeof value === 'string' && (intervals as readonly string[]).includes(value);
}

// ---------------------------------------------------------------- subscriptions

/**
 * Stripe's statuses as Kawan's: unpaid still owes (past due, the grace period runs); incomplete,
 * incomplete_expired and paused never give the plan (no payment stands behind them).
 */
export function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'canceled':
      return 'canceled';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    default:
      return 'incomplete';
  }
}

/** The subscription as Stripe says it is now, or undefined when its price sells no Kawan plan. */
export async function retrieveSnapshot(
  settings: StripeSettings,
  subscriptionId: string,
  now: Date = new Date(),
): Promise<SubscriptionSnapshot | undefined> {
  const subscription = await call(() => stripeClient(settings).subscriptions.retrieve(subscriptionId));
  return snapshotOf(subscription, settings.prices, now);
}

/**
 * A Stripe subscription as the snapshot applySubscription takes. The plan comes from the price
 * (STRIPE_PRICES backwards), else from the metadata Checkout put on it. Since API version
 * 2025-03-31 the period lives on each subscription item; older versions kept it on the
 * subscription, which is read first when present.
 */
export function snapshotOf(
  subscription: Stripe.Subscription,
  prices: Record<string, string>,
  now: Date = new Date(),
): SubscriptionSnapshot | undefined {
  const item = subscription.items?.data?.[0];
  const fromMetadata = { plan: subscription.metadata?.plan, interval: subscription.metadata?.interval };
  const sold = (item ? planOfPrice(prices, item.price.id) : undefined) ?? fromMetadata;
  if (!isPaidPlan(sold.plan) || !isInterval(sold.interval)) return undefined;
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const start = legacy.current_period_start ?? item?.current_period_start ?? subscription.start_date;
  const end = legacy.current_period_end ?? item?.current_period_end;
  const currentPeriodStart = fromUnix(start)!;
  const cancelAt = fromUnix(subscription.cancel_at);
  return {
    plan: sold.plan,
    interval: sold.interval,
    currency: currencyOf(subscription.currency),
    provider: 'stripe',
    providerCustomerId: idOf(subscription.customer),
    providerSubscriptionId: subscription.id,
    status: statusOf(subscription.status),
    currentPeriodStart,
    currentPeriodEnd: fromUnix(end) ?? periodEnd(currentPeriodStart, sold.interval),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || cancelAt !== null,
    canceledAt: fromUnix(subscription.canceled_at),
    endsAt: fromUnix(subscription.ended_at) ?? cancelAt,
    trialEndsAt: fromUnix(subscription.trial_end),
    asOf: now,
  };
}

export function currencyOf(currency: string | null | undefined): Currency {
  const upper = (currency ?? '').toUpperCase();
  return (currencies as readonly string[]).includes(upper) ? (upper as Currency) : 'USD';
}

export function fromUnix(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/** The id of an expandable field (a string, or the object when expanded). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function requireId(value: string | null, message: string): string {
  if (!value) throw new PaymentProviderError('stripe', message);
  return value;
}

// ---------------------------------------------------------------- errors

/** Runs an SDK call; whatever Stripe answered becomes a PaymentProviderError with its message. */
export async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asProviderError(error);
  }
}

export function asProviderError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const message = error instanceof Stripe.errors.StripeError ? error.message : 'Stripe could not be reached.';
  return new PaymentProviderError('stripe', withoutKeys(message));
}

/** Stripe masks keys in its messages already ("sk_test_****1234"); nothing key-like is passed on either way. */
export function withoutKeys(message: string): string {
  return message.replace(/\b(?:sk|rk|pk)_(?:test|live)_[A-Za-z0-9*]+|\bwhsec_[A-Za-z0-9*]+/g, '[key]');
}
