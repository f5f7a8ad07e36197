import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeStripe, type FakeStripe } from '../../helpers/fake-stripe';
import { startFakeXendit, type FakeXendit } from '../../helpers/fake-xendit';
import { billingEventLog, deliverStripe, deliverXendit, stripeEnv, xenditEnv } from '../../helpers/payment-webhooks';

/**
 * The payment webhooks share the channel webhooks' limit (`webhooks`), counted per endpoint and
 * IP address (they have no channel key): a flood from one address is refused without using up
 * another endpoint's count. This app lowers the limit to 3 a minute so the test stays short.
 */
let app: TestApp;
let stripe: FakeStripe;
let xendit: FakeXendit;

beforeAll(async () => {
  stripe = await startFakeStripe();
  xendit = await startFakeXendit();
  app = await createTestApp({
    env: { ...stripeEnv(stripe), ...xenditEnv(xendit) },
    limits: { webhooks: { points: 3 } },
  });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
  await xendit.close();
});

describe('payment webhook rate limit', () => {
  it('refuses the fourth Stripe delivery in a minute with 429 and stores nothing of it', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push(
        (await deliverStripe(app, stripe.signedEvent('customer.updated', { id: `cus_${attempt}` }))).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await billingEventLog(app, 'stripe')).toHaveLength(3);

    // Xendit's endpoint and a channel's webhook count on their own.
    expect((await deliverXendit(app, JSON.stringify({ id: 'xnd-1', external_id: 'x', status: 'PAID' }))).status).toBe(
      200,
    );
    expect((await request(app.app).post('/webhooks/custom/no-such-channel').send('{}')).status).not.toBe(429);
  });
});
