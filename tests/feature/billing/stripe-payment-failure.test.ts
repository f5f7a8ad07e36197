import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeStripe, type FakeStripe } from '../../helpers/fake-stripe';
import {
  billingState,
  deliverStripe,
  stripeAmounts,
  stripeEnv,
  subscribeThroughStripe,
} from '../../helpers/payment-webhooks';
import { createOwnedTeam } from '../../factories/teams';

/**
 * A renewal Stripe cannot charge makes the team past due (the plan holds for the grace period);
 * the invoice paid afterwards clears it. Each invoice event leaves Kawan's copy of the invoice.
 */
let app: TestApp;
let stripe: FakeStripe;
const day = 86_400_000;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: stripeAmounts });
  app = await createTestApp({ env: { ...stripeEnv(stripe), BILLING_GRACE_DAYS: '7' } });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

describe('Stripe payment failures', () => {
  it('makes the team past due on invoice.payment_failed and clears it on invoice.paid', async () => {
    const { team } = await createOwnedTeam(app.services);
    const subscription = await subscribeThroughStripe(app, stripe, team.id, 'price_starterMonth');
    const renewal = stripe.invoiceFor(subscription.id, { billingReason: 'subscription_cycle', status: 'open' });

    const failedAt = Date.now();
    const failed = await deliverStripe(app, stripe.signedEvent('invoice.payment_failed', renewal));
    expect(failed.body.result).toBe('applied');
    let state = await billingState(app, team.id);
    expect(state.subscription.status).toBe('past_due');
    expect(state.plan).toBe('starter');
    expect(state.pastDueUntil!.getTime()).toBeGreaterThanOrEqual(failedAt + 7 * day - 1_000);
    expect(state.pastDueUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * day);
    expect(state.invoices).toHaveLength(1);
    expect(state.invoices[0]).toMatchObject({
      provider: 'stripe',
      providerInvoiceId: renewal.id,
      purpose: 'renewal',
      status: 'open',
      total: 2_900,
      hostedUrl: renewal.hosted_invoice_url,
      lines: [{ description: `1 × price_starterMonth`, quantity: 1, amount: 2_900 }],
    });

    // Stripe's retry succeeds: its subscription is active again and the invoice paid.
    stripe.updateSubscription(subscription.id, { status: 'active' });
    const paid = {
      ...renewal,
      status: 'paid',
      amount_paid: 2_900,
      status_transitions: { ...renewal.status_transitions, paid_at: Math.floor(Date.now() / 1000) },
    };
    expect((await deliverStripe(app, stripe.signedEvent('invoice.paid', paid))).body.result).toBe('applied');
    state = await billingState(app, team.id);
    expect(state.subscription).toMatchObject({ status: 'active', pastDueSince: null });
    expect(state.pastDueUntil).toBeNull();
    expect(state.plan).toBe('starter');
    expect(state.invoices).toHaveLength(1);
    expect(state.invoices[0]).toMatchObject({ status: 'paid', amountPaid: 2_900, providerInvoiceId: renewal.id });
    expect(state.invoices[0].paidAt).not.toBeNull();
  });

  it('mirrors the first invoice as the subscription purchase and an upgrade as a proration', async () => {
    const { team } = await createOwnedTeam(app.services);
    const subscription = await subscribeThroughStripe(app, stripe, team.id, 'price_starterMonth');
    await deliverStripe(
      app,
      stripe.signedEvent(
        'invoice.paid',
        stripe.invoiceFor(subscription.id, { billingReason: 'subscription_create', status: 'paid' }),
      ),
    );
    await deliverStripe(
      app,
      stripe.signedEvent(
        'invoice.paid',
        stripe.invoiceFor(subscription.id, { billingReason: 'subscription_update', status: 'paid' }),
      ),
    );
    const state = await billingState(app, team.id);
    expect(state.invoices.map((invoice) => [invoice.purpose, invoice.status, invoice.plan, invoice.interval])).toEqual([
      ['subscription', 'paid', 'starter', 'month'],
      ['proration', 'paid', 'starter', 'month'],
    ]);
  });

  it('keeps the hosted page of an invoice that needs the customer to confirm, and makes nobody past due', async () => {
    const { team } = await createOwnedTeam(app.services);
    const subscription = await subscribeThroughStripe(app, stripe, team.id, 'price_starterMonth');
    const invoice = stripe.invoiceFor(subscription.id, { billingReason: 'subscription_cycle', status: 'open' });

    expect((await deliverStripe(app, stripe.signedEvent('invoice.payment_action_required', invoice))).body.result).toBe(
      'applied',
    );
    const state = await billingState(app, team.id);
    expect(state.invoices).toMatchObject([
      { status: 'open', hostedUrl: invoice.hosted_invoice_url, providerInvoiceId: invoice.id },
    ]);
    expect(state.subscription.status).toBe('active');
    expect(state.pastDueUntil).toBeNull();
  });

  it('makes nobody past due when the failure is reported after the invoice was paid', async () => {
    const { team } = await createOwnedTeam(app.services);
    const subscription = await subscribeThroughStripe(app, stripe, team.id, 'price_starterMonth');
    const invoice = stripe.invoiceFor(subscription.id, { billingReason: 'subscription_cycle', status: 'paid' });

    await deliverStripe(app, stripe.signedEvent('invoice.paid', invoice));
    await deliverStripe(app, stripe.signedEvent('invoice.payment_failed', { ...invoice, status: 'open' }));
    const state = await billingState(app, team.id);
    expect(state.subscription.status).toBe('active');
    expect(state.pastDueUntil).toBeNull();
    expect(state.invoices).toMatchObject([{ status: 'paid' }]);
  });
});
