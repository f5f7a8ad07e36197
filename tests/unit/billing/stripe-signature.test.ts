import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { signatureToleranceSeconds, verifyStripeEvent } from '../../../server/billing/providers/stripe-events';

/**
 * Stripe signs `<timestamp>.<raw body>` with the endpoint secret; Kawan checks it over the exact
 * bytes received and refuses a delivery older than five minutes (a replay).
 */
const secret = 'whsec_unit_test_secret';
const payload = JSON.stringify({
  id: 'evt_unit_1',
  object: 'event',
  type: 'customer.subscription.updated',
  data: { object: {} },
});
const nowSeconds = () => Math.floor(Date.now() / 1000);
const sign = (body: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? secret,
    timestamp: options.timestamp,
  });

describe('Stripe signature verification', () => {
  it('accepts a delivery signed with the endpoint secret over its raw body', () => {
    const event = verifyStripeEvent(Buffer.from(payload), sign(payload), secret);
    expect(event?.id).toBe('evt_unit_1');
  });

  it('refuses a body changed after signing, even by re-serializing the same JSON', () => {
    const tampered = payload.replace('evt_unit_1', 'evt_unit_2');
    expect(verifyStripeEvent(Buffer.from(tampered), sign(payload), secret)).toBeUndefined();
    const reserialized = JSON.stringify(JSON.parse(payload), null, 2);
    expect(verifyStripeEvent(Buffer.from(reserialized), sign(payload), secret)).toBeUndefined();
  });

  it('refuses a signature made with another secret', () => {
    expect(
      verifyStripeEvent(Buffer.from(payload), sign(payload, { secret: 'whsec_someone_else' }), secret),
    ).toBeUndefined();
  });

  it('refuses a timestamp older than the 300-second tolerance and accepts one just inside it', () => {
    expect(signatureToleranceSeconds).toBe(300);
    const old = nowSeconds() - 301;
    expect(verifyStripeEvent(Buffer.from(payload), sign(payload, { timestamp: old }), secret)).toBeUndefined();
    const recent = nowSeconds() - 290;
    expect(verifyStripeEvent(Buffer.from(payload), sign(payload, { timestamp: recent }), secret)?.id).toBe(
      'evt_unit_1',
    );
  });

  it('refuses a missing or malformed header', () => {
    expect(verifyStripeEvent(Buffer.from(payload), undefined, secret)).toBeUndefined();
    expect(verifyStripeEvent(Buffer.from(payload), '', secret)).toBeUndefined();
    expect(verifyStripeEvent(Buffer.from(payload), 't=abc,v1=nothex', secret)).toBeUndefined();
  });

  it('refuses a signed body that is no event', () => {
    for (const body of ['42', '"text"', '{"id":"evt_1"}', 'not json']) {
      expect(verifyStripeEvent(Buffer.from(body), sign(body), secret)).toBeUndefined();
    }
  });
});
