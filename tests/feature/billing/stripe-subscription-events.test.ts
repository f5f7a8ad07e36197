import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeStripe, type FakeStripe } from '../../helpers/fake-stripe';
import { billingEventLog, billingState, deliverStripe, stripeAmounts, stripeEnv } from '../../helpers/payment-webhooks';
import { createOwnedTeam } from '../../factories/teams';
import { stripeProvider } from '../../../server/billing/providers/stripe';

/**
 * Stripe's events drive the subscription: Checkout's completion and the subscription events each
 * re-fetch the subscription from Stripe and apply it, so the plan in force follows Stripe's state
 * whatever order the events come in.
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

const seconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);

async function teamCheckingOut(trialDays: number) {
  const { team, owner } = await createOwnedTeam(app.services);
  const { url } = await stripeProvider(app.services.config.billing.stripe!).checkout({
    team: { id: team.id, name: team.name },
    purchase: { kind: 'plan', plan: 'starter', interval: 'month' },
    currency: 'USD',
    customer: { email: owner.email, name: owner.name, providerCustomerId: null },
    trialDays,
    invoice: null,
    successUrl: 'http://127.0.0.1/billing',
    cancelUrl: 'http://127.0.0.1/billing',
  });
  const session = [...stripe.sessions.values()].find((candidate) => candidate.url === url)!;
  return { team, session };
}

describe('Stripe subscription events', () => {
  it('activates the plan from checkout.session.completed, then follows the subscription events', async () => {
    const { team, session } = await teamCheckingOut(14);
    expect((await billingState(app, team.id)).plan).toBeNull();

    const completed = stripe.completeCheckout(session.id);
    const res = await deliverStripe(app, stripe.signedEvent('checkout.session.completed', completed));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ received: true, result: 'applied' });

    const subscription = stripe.subscriptions.get(completed.subscription as string)!;
    let state = await billingState(app, team.id);
    expect(state.plan).toBe('starter');
    expect(state.subscription).toMatchObject({
      plan: 'starter',
      interval: 'month',
      currency: 'USD',
      provider: 'stripe',
      status: 'trialing',
      providerCustomerId: completed.customer,
      providerSubscriptionId: subscription.id,
      cancelAtPeriodEnd: false,
    });
    expect(seconds(state.subscription.trialEndsAt)).toBe(subscription.trial_end);
    expect(seconds(state.subscription.currentPeriodEnd)).toBe(subscription.items.data[0].current_period_end);
    // Stripe's own customer was made from the owner's e-mail.
    expect(stripe.customers.get(completed.customer as string)).toMatchObject({ email: session.customer_email });

    await deliverStripe(app, stripe.signedEvent('customer.subscription.created', subscription));
    expect((await billingState(app, team.id)).subscription).toMatchObject({ status: 'trialing', plan: 'starter' });

    // The trial converts and the owner upgrades in the portal: Stripe's subscription moves on.
    const upgraded = stripe.updateSubscription(subscription.id, {
      status: 'active',
      trial_end: null,
      items: {
        ...subscription.items,
        data: [
          { ...subscription.items.data[0], price: { ...subscription.items.data[0].price, id: 'price_growthMonth' } },
        ],
      },
    });
    await deliverStripe(app, stripe.signedEvent('customer.subscription.updated', upgraded));
    state = await billingState(app, team.id);
    expect(state.plan).toBe('growth');
    expect(state.subscription).toMatchObject({ plan: 'growth', status: 'active', trialEndsAt: null });

    const log = await billingEventLog(app, 'stripe');
    const mine = log.filter((row) => row.teamId === team.id);
    expect(mine.map((row) => [row.type, row.result, row.signatureValid])).toEqual([
      ['checkout.session.completed', 'applied', true],
      ['customer.subscription.created', 'applied', true],
      ['customer.subscription.updated', 'applied', true],
    ]);
    expect(mine[0].payload).toContain(session.id);
  });

  it('ends in the state Stripe has when updated arrives before created', async () => {
    const { team } = await createOwnedTeam(app.services);
    const created = stripe.createSubscription({
      price: 'price_starterMonth',
      metadata: { team_id: String(team.id), plan: 'starter', interval: 'month' },
    });
    const item = created.items.data[0];
    const updated = stripe.updateSubscription(created.id, {
      items: { ...created.items, data: [{ ...item, price: { ...item.price, id: 'price_growthYear' } }] },
    });

    await deliverStripe(app, stripe.signedEvent('customer.subscription.updated', updated));
    await deliverStripe(app, stripe.signedEvent('customer.subscription.created', created));

    const state = await billingState(app, team.id);
    expect(state.plan).toBe('growth');
    expect(state.subscription).toMatchObject({ plan: 'growth', interval: 'year', status: 'active' });
  });

  it('stays canceled when deleted arrives before an older updated', async () => {
    const { team } = await createOwnedTeam(app.services);
    const active = stripe.createSubscription({ price: 'price_starterMonth', metadata: { team_id: String(team.id) } });
    await deliverStripe(app, stripe.signedEvent('customer.subscription.created', active));
    expect((await billingState(app, team.id)).plan).toBe('starter');

    const ended = Math.floor(Date.now() / 1000);
    const canceled = stripe.updateSubscription(active.id, { status: 'canceled', canceled_at: ended, ended_at: ended });
    await deliverStripe(app, stripe.signedEvent('customer.subscription.deleted', canceled));
    await deliverStripe(
      app,
      stripe.signedEvent('customer.subscription.updated', { ...active, cancel_at_period_end: true }),
    );

    const state = await billingState(app, team.id);
    expect(state.plan).toBe('free');
    expect(state.subscription).toMatchObject({ status: 'canceled', providerSubscriptionId: active.id });
    expect(seconds(state.subscription.endsAt)).toBe(ended);
  });

  it('finds the team by its Stripe subscription when the metadata names none', async () => {
    const { team } = await createOwnedTeam(app.services);
    const subscription = stripe.createSubscription({
      price: 'price_starterMonth',
      metadata: { team_id: String(team.id) },
    });
    await deliverStripe(app, stripe.signedEvent('customer.subscription.created', subscription));
    const bare = stripe.updateSubscription(subscription.id, { metadata: {}, cancel_at_period_end: true });

    const res = await deliverStripe(app, stripe.signedEvent('customer.subscription.updated', bare));
    expect(res.body.result).toBe('applied');
    expect((await billingState(app, team.id)).subscription).toMatchObject({ cancelAtPeriodEnd: true, plan: 'starter' });
  });

  it('stores and ignores events for no known team and events Kawan does not act on', async () => {
    const stray = stripe.createSubscription({ price: 'price_starterMonth' });
    const strayEvent = stripe.signedEvent('customer.subscription.updated', stray);
    expect((await deliverStripe(app, strayEvent)).body).toEqual({ received: true, result: 'ignored' });

    const other = stripe.signedEvent('customer.updated', { id: 'cus_x', object: 'customer' });
    expect((await deliverStripe(app, other)).body).toEqual({ received: true, result: 'ignored' });

    const log = await billingEventLog(app, 'stripe');
    expect(log.find((row) => row.eventId === strayEvent.id)).toMatchObject({
      result: 'ignored',
      teamId: null,
      error: 'No Kawan team has this subscription.',
    });
    expect(log.find((row) => row.eventId === other.id)).toMatchObject({ result: 'ignored', type: 'customer.updated' });
  });

  it('fails a subscription whose price is not configured, so that Stripe delivers it again', async () => {
    const { team } = await createOwnedTeam(app.services);
    const unknown = stripe.createSubscription({ price: 'price_unconfigured', metadata: { team_id: String(team.id) } });
    const event = stripe.signedEvent('customer.subscription.created', unknown);

    const res = await deliverStripe(app, event);
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(/delivered again/);
    expect((await billingState(app, team.id)).subscription).toBeUndefined();
    const row = (await billingEventLog(app, 'stripe')).find((candidate) => candidate.eventId === event.id)!;
    expect(row).toMatchObject({ result: 'failed', teamId: null });
    expect(row.error).toContain('price_unconfigured');
  });
});
