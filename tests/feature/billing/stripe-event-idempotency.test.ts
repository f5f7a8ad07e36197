import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeStripe, type FakeStripe } from '../../helpers/fake-stripe';
import {
  billingEventLog,
  billingState,
  deliverStripe,
  stripeAmounts,
  stripeEnv,
  subscribeThroughStripe,
} from '../../helpers/payment-webhooks';
import { createOwnedTeam } from '../../factories/teams';
import { stripeProvider } from '../../../server/billing/providers/stripe';
import { applyOnce, recordBillingEvent } from '../../../server/billing/providers/billing-event-log';

/**
 * Stripe delivers an event at least once: the same event delivered again (or at the same time)
 * changes nothing beyond the first. Each is logged: one 'applied' row, the others 'duplicate'.
 */
let app: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: stripeAmounts });
  app = await createTestApp({ env: stripeEnv(stripe) });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const resultsOf = async (eventId: string) =>
  (await billingEventLog(app, 'stripe')).filter((row) => row.eventId === eventId).map((row) => row.result);

async function packSession(teamId: number) {
  const { url } = await stripeProvider(app.services.config.billing.stripe!).checkout({
    team: { id: teamId, name: 'Team' },
    purchase: { kind: 'pack', pack: 'pack_1000' },
    currency: 'USD',
    customer: { email: 'buyer@kawan.test', name: 'Buyer', providerCustomerId: null },
    trialDays: 0,
    invoice: null,
    successUrl: 'http://127.0.0.1/billing',
    cancelUrl: 'http://127.0.0.1/billing',
  });
  return [...stripe.sessions.values()].find((session) => session.url === url)!;
}

describe('Stripe event idempotency', () => {
  it('applies a subscription event delivered three times once', async () => {
    const { team } = await createOwnedTeam(app.services);
    const subscription = stripe.createSubscription({
      price: 'price_starterMonth',
      metadata: { team_id: String(team.id) },
    });
    const event = stripe.signedEvent('customer.subscription.created', subscription);

    const results = [];
    for (let attempt = 0; attempt < 3; attempt++) results.push((await deliverStripe(app, event)).body.result);
    expect(results).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await resultsOf(event.id)).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await billingState(app, team.id)).subscription).toMatchObject({ plan: 'starter', status: 'active' });
  });

  it('buys a credit pack once however often its checkout.session.completed comes', async () => {
    const { team } = await createOwnedTeam(app.services);
    const session = stripe.completeCheckout((await packSession(team.id)).id);
    const event = stripe.signedEvent('checkout.session.completed', session);

    for (let attempt = 0; attempt < 3; attempt++) expect((await deliverStripe(app, event)).status).toBe(200);
    expect(await resultsOf(event.id)).toEqual(['applied', 'duplicate', 'duplicate']);

    const state = await billingState(app, team.id);
    expect(state.invoices).toHaveLength(1);
    expect(state.invoices[0]).toMatchObject({
      provider: 'stripe',
      providerInvoiceId: session.id,
      purpose: 'credit_pack',
      packCode: 'pack_1000',
      status: 'paid',
      currency: 'USD',
      total: 1_500,
      amountPaid: 1_500,
    });
    expect(state.invoices[0].number).toMatch(/^KWN-\d{4}-\d{6}$/);
    expect(state.packs).toHaveLength(1);
    expect(state.packs[0]).toMatchObject({ credits: 1_000, remaining: 1_000, invoiceId: state.invoices[0].id });
    // A pack changes no plan.
    expect(state.subscription).toBeUndefined();

    // The same payment reported by another event (a delayed payment's success) buys nothing more.
    const late = stripe.signedEvent('checkout.session.async_payment_succeeded', session);
    expect((await deliverStripe(app, late)).body.result).toBe('duplicate');
    expect((await billingState(app, team.id)).packs).toHaveLength(1);
  });

  it('waits for the payment of a pack paid later', async () => {
    const { team } = await createOwnedTeam(app.services);
    const pending = stripe.completeCheckout((await packSession(team.id)).id, { paymentStatus: 'unpaid' });
    expect((await deliverStripe(app, stripe.signedEvent('checkout.session.completed', pending))).body.result).toBe(
      'ignored',
    );
    expect((await billingState(app, team.id)).packs).toHaveLength(0);

    const paid = { ...pending, payment_status: 'paid' };
    expect(
      (await deliverStripe(app, stripe.signedEvent('checkout.session.async_payment_succeeded', paid))).body.result,
    ).toBe('applied');
    expect((await billingState(app, team.id)).packs).toHaveLength(1);
  });

  it('mirrors a paid invoice once', async () => {
    const { team } = await createOwnedTeam(app.services);
    const subscription = await subscribeThroughStripe(app, stripe, team.id, 'price_starterMonth');
    const event = stripe.signedEvent(
      'invoice.paid',
      stripe.invoiceFor(subscription.id, { billingReason: 'subscription_cycle', status: 'paid' }),
    );

    for (let attempt = 0; attempt < 3; attempt++) await deliverStripe(app, event);
    expect(await resultsOf(event.id)).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await billingState(app, team.id)).invoices).toHaveLength(1);
  });

  it('applies an event delivered three times at once exactly once', async () => {
    const { team } = await createOwnedTeam(app.services);
    const session = stripe.completeCheckout((await packSession(team.id)).id);
    const event = stripe.signedEvent('checkout.session.completed', session);

    const answers = await Promise.all([0, 1, 2].map(() => deliverStripe(app, event)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect((await resultsOf(event.id)).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    const state = await billingState(app, team.id);
    expect(state.invoices).toHaveLength(1);
    expect(state.packs).toHaveLength(1);
  });

  it('lets the unique index refuse an application that raced past the first check, leaving nothing of it', async () => {
    const entry = {
      provider: 'stripe' as const,
      eventId: 'evt_raced',
      type: 'invoice.paid',
      rawBody: Buffer.from('{}'),
    };
    await recordBillingEvent(app.services.db, { ...entry, signatureValid: true, result: 'applied' });
    let ran = false;
    const result = await applyOnce(app.services, entry, async () => {
      ran = true;
    });
    expect(result).toBe('duplicate');
    expect(ran).toBe(false);
    expect(await resultsOf('evt_raced')).toEqual(['applied', 'duplicate']);
  });
});
