import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeStripe, type FakeStripe } from '../../helpers/fake-stripe';
import { billingEventLog, billingState, deliverStripe, stripeAmounts, stripeEnv } from '../../helpers/payment-webhooks';
import { createOwnedTeam } from '../../factories/teams';
import { billingEvents, invoices, subscriptions } from '../../../server/db/schema/index';

/**
 * /webhooks/stripe takes only deliveries Stripe signed over their exact bytes: anything else is a
 * 400 that changes nothing but the log's 'invalid' row. The endpoint is public (no session, no
 * CSRF token) and exists only when Stripe is configured with a webhook secret.
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

async function counts() {
  const db = app.services.db;
  return {
    events: (await db.select().from(billingEvents)).length,
    subscriptions: (await db.select().from(subscriptions)).length,
    invoices: (await db.select().from(invoices)).length,
  };
}

describe('Stripe webhook signatures', () => {
  it('refuses a bad signature with 400 and stores only the invalid delivery', async () => {
    const { team } = await createOwnedTeam(app.services);
    const subscription = stripe.createSubscription({
      price: 'price_starterMonth',
      metadata: { team_id: String(team.id) },
    });
    const forged = stripe.signedEvent('customer.subscription.created', subscription, { secret: 'whsec_attacker' });
    const before = await counts();

    const res = await deliverStripe(app, forged);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: expect.stringMatching(/Stripe-Signature/) });

    expect(await counts()).toEqual({ ...before, events: before.events + 1 });
    const [row] = (await billingEventLog(app, 'stripe')).slice(-1);
    expect(row).toMatchObject({
      provider: 'stripe',
      signatureValid: false,
      result: 'invalid',
      eventId: null,
      teamId: null,
    });
    expect(row.payload).toBe(forged.payload);
    expect((await billingState(app, team.id)).plan).toBeNull();
  });

  it('refuses a tampered body, a missing header and a replay older than five minutes', async () => {
    const { team } = await createOwnedTeam(app.services);
    const subscription = stripe.createSubscription({
      price: 'price_starterMonth',
      metadata: { team_id: String(team.id) },
    });
    const genuine = stripe.signedEvent('customer.subscription.created', subscription);
    const tampered = { ...genuine, payload: genuine.payload.replace('"active"', '"trialing"') };
    const replay = stripe.signedEvent('customer.subscription.created', subscription, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });

    expect((await deliverStripe(app, tampered)).status).toBe(400);
    expect((await deliverStripe(app, replay)).status).toBe(400);
    const unsigned = await request(app.app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send(genuine.payload);
    expect(unsigned.status).toBe(400);
    expect((await billingState(app, team.id)).subscription).toBeUndefined();
    const invalid = (await billingEventLog(app, 'stripe')).slice(-3);
    expect(invalid.map((row) => [row.result, row.signatureValid])).toEqual([
      ['invalid', false],
      ['invalid', false],
      ['invalid', false],
    ]);
    expect(invalid[2].error).toBe('No Stripe-Signature header.');

    // The genuine delivery still applies afterwards.
    expect((await deliverStripe(app, genuine)).body.result).toBe('applied');
  });

  it('logs a forged body holding NUL bytes, which PostgreSQL cannot store as they are', async () => {
    const res = await deliverStripe(app, { payload: '{"id":"evt_\u0000nul"}\u0000', header: 't=1,v1=00' });
    expect(res.status).toBe(400);
    const [row] = (await billingEventLog(app, 'stripe')).slice(-1);
    expect(row).toMatchObject({ result: 'invalid', payload: '{"id":"evt_\uFFFDnul"}\uFFFD' });
  });

  it('cuts a stored payload at 64 KB', async () => {
    const big = stripe.signedEvent('customer.updated', {
      id: 'cus_big',
      object: 'customer',
      description: 'x'.repeat(70_000),
    });
    expect((await deliverStripe(app, big)).status).toBe(200);
    const [row] = (await billingEventLog(app, 'stripe')).slice(-1);
    expect(row.payload).toHaveLength(64 * 1024);
  });

  it('has no endpoint while Stripe or its webhook secret is not configured', async () => {
    const bare = await createTestApp({ env: { STRIPE_SECRET: 'sk_test_x' } });
    try {
      const res = await deliverStripe(bare, stripe.signedEvent('customer.updated', { id: 'cus_1' }));
      expect(res.status).toBe(404);
      expect((await bare.services.db.select().from(billingEvents)).length).toBe(0);
      expect(bare.services.routes.find('webhooks.stripe')?.exposed).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
