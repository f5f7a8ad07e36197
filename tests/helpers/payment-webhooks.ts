import request from 'supertest';
import { asc, eq } from 'drizzle-orm';
import type { TestApp } from './app';
import type { FakeStripe, SignedDelivery } from './fake-stripe';
import type { FakeXendit } from './fake-xendit';
import { billingEvents, creditPackRows, invoices, subscriptions, teams } from '../../server/db/schema/index';
import { issueInvoice } from '../../server/billing/subscriptions';
import { creditPackOf, plans } from '../../server/billing/plans';
import { xenditProvider } from '../../server/billing/providers/xendit';

/** The price ids the Stripe feature tests configure, and their amounts at the fake. */
export const stripePrices = {
  starter_month: 'price_starterMonth',
  starter_year: 'price_starterYear',
  growth_month: 'price_growthMonth',
  growth_year: 'price_growthYear',
  business_month: 'price_businessMonth',
  pack_1000: 'price_pack1000',
} as const;

export const stripeAmounts: Record<string, number> = {
  price_starterMonth: 2_900,
  price_starterYear: 27_800,
  price_growthMonth: 9_900,
  price_growthYear: 95_000,
  price_businessMonth: 39_900,
  price_pack1000: 1_500,
};

/** STRIPE_* settings pointing Kawan at the fake. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET: fake.secret,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.url,
    STRIPE_PRICES: Object.entries(stripePrices)
      .map(([key, price]) => `${key}=${price}`)
      .join(','),
  };
}

export const xenditCallbackToken = 'xendit-callback-token-test';

export function xenditEnv(fake: FakeXendit): Record<string, string> {
  return { XENDIT_SECRET: fake.secret, XENDIT_CALLBACK_TOKEN: xenditCallbackToken, XENDIT_API_BASE: fake.url };
}

/** POSTs a signed event to /webhooks/stripe exactly as Stripe sends it (raw JSON body, Stripe-Signature). */
export function deliverStripe(app: TestApp, delivery: Pick<SignedDelivery, 'payload' | 'header'>) {
  return request(app.app)
    .post('/webhooks/stripe')
    .set({ 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': delivery.header })
    .send(delivery.payload);
}

/** POSTs a callback to /webhooks/xendit as Xendit sends it; `token: null` sends no x-callback-token. */
export function deliverXendit(app: TestApp, body: string, token: string | null = xenditCallbackToken) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== null) headers['x-callback-token'] = token;
  return request(app.app).post('/webhooks/xendit').set(headers).send(body);
}

/** What a team's billing looks like in the database: its plan in force, subscription, invoices, packs. */
export async function billingState(app: TestApp, teamId: number) {
  const db = app.services.db;
  const [team] = await db
    .select({ plan: teams.plan, pastDueUntil: teams.pastDueUntil })
    .from(teams)
    .where(eq(teams.id, teamId));
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
  return {
    plan: team.plan,
    pastDueUntil: team.pastDueUntil,
    subscription,
    invoices: await db.select().from(invoices).where(eq(invoices.teamId, teamId)).orderBy(asc(invoices.id)),
    packs: await db.select().from(creditPackRows).where(eq(creditPackRows.teamId, teamId)),
  };
}

/** billing_events rows of one provider, oldest first. */
export async function billingEventLog(app: TestApp, provider: 'stripe' | 'xendit') {
  return app.services.db
    .select()
    .from(billingEvents)
    .where(eq(billingEvents.provider, provider))
    .orderBy(asc(billingEvents.id));
}

/**
 * A team subscribed at the fake Stripe to `price` (with Checkout's metadata) and the
 * customer.subscription.created event delivered: the state an owner has after paying.
 */
export async function subscribeThroughStripe(
  app: TestApp,
  stripe: FakeStripe,
  teamId: number,
  price: string,
  plan = 'starter',
) {
  const subscription = stripe.createSubscription({
    price,
    metadata: { team_id: String(teamId), plan, interval: 'month' },
  });
  const res = await deliverStripe(app, stripe.signedEvent('customer.subscription.created', subscription));
  if (res.status !== 200) throw new Error(`subscription.created answered ${res.status}: ${res.text}`);
  return subscription;
}

/**
 * Kawan's open IDR invoice for a plan or a pack, collected through Xendit: checkout creates the
 * Xendit invoice and its id is kept on Kawan's (as the billing controller does after checkout).
 */
export async function xenditInvoice(
  app: TestApp,
  teamId: number,
  purchase: { plan: 'starter' | 'growth'; interval: 'month' | 'year' } | { pack: 'pack_1000' | 'pack_5000' },
  options: { keepXenditId?: boolean } = {},
) {
  const lines =
    'plan' in purchase
      ? [
          {
            description: `${plans[purchase.plan].name} plan`,
            quantity: 1,
            amount: plans[purchase.plan].prices[purchase.interval].IDR,
          },
        ]
      : [
          {
            description: `${creditPackOf(purchase.pack)!.credits} AI credits`,
            quantity: 1,
            amount: creditPackOf(purchase.pack)!.prices.IDR,
          },
        ];
  const invoice = await issueInvoice(app.services.db, teamId, {
    provider: 'xendit',
    purpose: 'plan' in purchase ? 'subscription' : 'credit_pack',
    currency: 'IDR',
    lines,
    ...('plan' in purchase ? { plan: purchase.plan, interval: purchase.interval } : { packCode: purchase.pack }),
  });
  const result = await xenditProvider(app.services.config.billing.xendit!).checkout({
    team: { id: teamId, name: 'Team' },
    purchase: 'plan' in purchase ? { kind: 'plan', ...purchase } : { kind: 'pack', pack: purchase.pack },
    currency: 'IDR',
    customer: { email: 'owner@kawan.test', name: 'Owner', providerCustomerId: null },
    trialDays: 0,
    invoice,
    successUrl: 'http://127.0.0.1/billing',
    cancelUrl: 'http://127.0.0.1/billing',
  });
  if (options.keepXenditId !== false) {
    await app.services.db
      .update(invoices)
      .set({ providerInvoiceId: result.providerInvoiceId, hostedUrl: result.hostedUrl })
      .where(eq(invoices.id, invoice.id));
  }
  return { invoice, xenditId: result.providerInvoiceId!, result };
}
