import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeStripe, type FakeStripe } from '../../helpers/fake-stripe';
import { stripeAmounts, stripeEnv } from '../../helpers/payment-webhooks';
import { stripeProvider } from '../../../server/billing/providers/stripe';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type PaymentProvider,
} from '../../../server/billing/providers/provider';
import type { SubscriptionRow } from '../../../server/billing/subscriptions';

/**
 * The Stripe provider against a local Stripe through the real SDK: what Checkout, the portal and
 * subscription changes send, and Stripe's errors as the owner sees them.
 */
let app: TestApp;
let stripe: FakeStripe;
let provider: PaymentProvider;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: stripeAmounts });
  app = await createTestApp({ env: stripeEnv(stripe) });
  provider = stripeProvider(app.services.config.billing.stripe!);
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    team: { id: 42, name: 'Warung Kopi' },
    purchase: { kind: 'plan', plan: 'starter', interval: 'month' },
    currency: 'USD',
    customer: { email: 'dewi@kawan.test', name: 'Dewi', providerCustomerId: null },
    trialDays: 14,
    invoice: null,
    successUrl: 'http://127.0.0.1/billing',
    cancelUrl: 'http://127.0.0.1/billing?canceled=1',
    ...overrides,
  };
}

/** A stored subscription row as the provider's methods take it. */
const row = (values: Partial<SubscriptionRow>) =>
  ({ providerCustomerId: null, providerSubscriptionId: null, ...values }) as SubscriptionRow;

describe('Stripe checkout', () => {
  it('opens a subscription Checkout Session carrying the team in its reference and metadata', async () => {
    const result = await provider.checkout(checkoutRequest());
    const [sent] = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(sent.headers.authorization).toBe('Bearer sk_test_x');
    expect(sent.params).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_starterMonth', quantity: '1' }],
      client_reference_id: '42',
      metadata: { team_id: '42', plan: 'starter', interval: 'month' },
      subscription_data: { metadata: { team_id: '42', plan: 'starter', interval: 'month' }, trial_period_days: '14' },
      customer_email: 'dewi@kawan.test',
      allow_promotion_codes: 'true',
      success_url: 'http://127.0.0.1/billing?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1/billing?canceled=1',
    });
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(result).toEqual({ url: session.url });
  });

  it("offers no trial when the team had one, and bills the team's Stripe customer when it has one", async () => {
    const customer = stripe.createCustomer('billing@kawan.test');
    await provider.checkout(
      checkoutRequest({
        purchase: { kind: 'plan', plan: 'growth', interval: 'year' },
        trialDays: 0,
        customer: { email: 'dewi@kawan.test', name: 'Dewi', providerCustomerId: customer },
        successUrl: 'http://127.0.0.1/billing?from=upgrade',
      }),
    );
    const [sent] = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(sent.params.customer).toBe(customer);
    expect(sent.params).not.toHaveProperty('customer_email');
    expect(sent.params.subscription_data).toEqual({ metadata: { team_id: '42', plan: 'growth', interval: 'year' } });
    expect(sent.params.line_items).toEqual([{ price: 'price_growthYear', quantity: '1' }]);
    expect(sent.params.success_url).toBe('http://127.0.0.1/billing?from=upgrade&session_id={CHECKOUT_SESSION_ID}');
  });

  it('sells a credit pack in payment mode with the pack in the metadata', async () => {
    await provider.checkout(checkoutRequest({ purchase: { kind: 'pack', pack: 'pack_1000' } }));
    const [sent] = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(sent.params).toMatchObject({
      mode: 'payment',
      line_items: [{ price: 'price_pack1000', quantity: '1' }],
      client_reference_id: '42',
      metadata: { team_id: '42', pack: 'pack_1000' },
      customer_email: 'dewi@kawan.test',
      customer_creation: 'always',
    });
    expect(sent.params).not.toHaveProperty('subscription_data');
  });

  it('names the STRIPE_PRICES key when a plan has no price, before calling Stripe', async () => {
    const before = stripe.requests.length;
    const attempt = provider.checkout(
      checkoutRequest({ purchase: { kind: 'plan', plan: 'business', interval: 'year' } }),
    );
    await expect(attempt).rejects.toThrow(PaymentProviderError);
    await expect(attempt).rejects.toThrow(/business_year/);
    expect(stripe.requests).toHaveLength(before);
  });

  it("passes Stripe's message on, never the key", async () => {
    const attempt = provider.checkout(
      checkoutRequest({ customer: { email: 'a@kawan.test', name: 'A', providerCustomerId: 'cus_missing' } }),
    );
    await expect(attempt).rejects.toMatchObject({
      name: 'PaymentProviderError',
      provider: 'stripe',
      message: "No such customer: 'cus_missing'",
    });

    const wrongKey = stripeProvider({ ...app.services.config.billing.stripe!, secret: 'sk_test_wrongkey123' });
    const refused = (await wrongKey.checkout(checkoutRequest()).catch((error: unknown) => error)) as Error;
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused.message).toContain('Invalid API Key provided');
    expect(refused.message).not.toContain('sk_test_');
  });
});

describe('Stripe portal and subscription changes', () => {
  it("opens the Customer Portal for the team's customer", async () => {
    const customer = stripe.createCustomer();
    const portal = await provider.portal!(row({ providerCustomerId: customer }), 'http://127.0.0.1/billing');
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.params).toEqual({
      customer,
      return_url: 'http://127.0.0.1/billing',
    });
    await expect(provider.portal!(row({}), 'http://127.0.0.1/billing')).rejects.toThrow(PaymentProviderError);
  });

  it('changes the price of the subscription item, prorating an upgrade and not a downgrade', async () => {
    const subscription = stripe.createSubscription({
      price: 'price_starterMonth',
      metadata: { team_id: '42', plan: 'starter', interval: 'month' },
    });
    const itemId = subscription.items.data[0].id;
    await provider.changePlan!(row({ providerSubscriptionId: subscription.id }), 'growth', 'month', true);
    expect(stripe.requestsTo('POST', `/v1/subscriptions/${subscription.id}`).at(-1)!.params).toEqual({
      items: [{ id: itemId, price: 'price_growthMonth' }],
      proration_behavior: 'always_invoice',
      metadata: { plan: 'growth', interval: 'month' },
    });
    expect(stripe.subscriptions.get(subscription.id)!.items.data[0].price.id).toBe('price_growthMonth');

    await provider.changePlan!(row({ providerSubscriptionId: subscription.id }), 'starter', 'year', false);
    expect(stripe.requestsTo('POST', `/v1/subscriptions/${subscription.id}`).at(-1)!.params).toMatchObject({
      items: [{ id: itemId, price: 'price_starterYear' }],
      proration_behavior: 'none',
    });
    expect(stripe.subscriptions.get(subscription.id)!.metadata).toEqual({
      team_id: '42',
      plan: 'starter',
      interval: 'year',
    });
  });

  it('cancels at the period end and takes it back', async () => {
    const subscription = stripe.createSubscription({ price: 'price_starterMonth' });
    await provider.setCancelAtPeriodEnd!(row({ providerSubscriptionId: subscription.id }), true);
    expect(stripe.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    await provider.setCancelAtPeriodEnd!(row({ providerSubscriptionId: subscription.id }), false);
    expect(stripe.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(false);
  });

  it('re-reads the subscription as Stripe has it now', async () => {
    const subscription = stripe.createSubscription({ price: 'price_growthYear', status: 'past_due' });
    const snapshot = await provider.refresh!(row({ providerSubscriptionId: subscription.id }));
    expect(snapshot).toMatchObject({
      plan: 'growth',
      interval: 'year',
      status: 'past_due',
      provider: 'stripe',
      providerSubscriptionId: subscription.id,
      providerCustomerId: subscription.customer,
    });
    expect(await provider.refresh!(row({}))).toBeUndefined();
  });
});
