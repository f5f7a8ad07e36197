import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { planOfPrice, priceFor, snapshotOf, statusOf, withoutKeys } from '../../../server/billing/providers/stripe';
import { linesOf, purposeOf } from '../../../server/billing/providers/stripe-invoices';
import { PaymentProviderError } from '../../../server/billing/providers/provider';

const prices = {
  starter_month: 'price_starter_m',
  growth_year: 'price_growth_y',
  pack_1000: 'price_pack1000',
};

/** A Stripe subscription with the fields Kawan reads; periods on the item (API 2025-03-31 and later). */
function subscription(
  overrides: Record<string, unknown> = {},
  item: Record<string, unknown> = {},
): Stripe.Subscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    metadata: { team_id: '7' },
    currency: 'usd',
    start_date: 1_700_000_000,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    trial_end: null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          price: { id: 'price_starter_m' },
          current_period_start: 1_700_000_000,
          current_period_end: 1_702_592_000,
          ...item,
        },
      ],
    },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

describe('price ids and plans', () => {
  it('finds the price of a plan and interval, and of a credit pack', () => {
    expect(priceFor({ prices }, { kind: 'plan', plan: 'starter', interval: 'month' })).toBe('price_starter_m');
    expect(priceFor({ prices }, { kind: 'pack', pack: 'pack_1000' })).toBe('price_pack1000');
  });

  it('names the STRIPE_PRICES key to set when a price is missing', () => {
    const missing = () => priceFor({ prices }, { kind: 'plan', plan: 'business', interval: 'year' });
    expect(missing).toThrow(PaymentProviderError);
    expect(missing).toThrow(/business_year=price_… in STRIPE_PRICES/);
    expect(() => priceFor({ prices }, { kind: 'pack', pack: 'pack_5000' })).toThrow(/pack_5000/);
  });

  it('reads a price id back as its plan and interval; a pack or unknown price is no plan', () => {
    expect(planOfPrice(prices, 'price_growth_y')).toEqual({ plan: 'growth', interval: 'year' });
    expect(planOfPrice(prices, 'price_pack1000')).toBeUndefined();
    expect(planOfPrice(prices, 'price_unknown')).toBeUndefined();
  });
});

describe('subscription status', () => {
  it.each([
    ['active', 'active'],
    ['trialing', 'trialing'],
    ['past_due', 'past_due'],
    ['canceled', 'canceled'],
    ['unpaid', 'past_due'],
    ['incomplete', 'incomplete'],
    ['incomplete_expired', 'incomplete'],
    ['paused', 'incomplete'],
  ] as const)('Stripe %s is Kawan %s', (stripe, kawan) => {
    expect(statusOf(stripe)).toBe(kawan);
  });
});

describe('subscription snapshot', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('takes the plan from the price and the period from the subscription item', () => {
    expect(snapshotOf(subscription(), prices, now)).toEqual({
      plan: 'starter',
      interval: 'month',
      currency: 'USD',
      provider: 'stripe',
      providerCustomerId: 'cus_1',
      providerSubscriptionId: 'sub_1',
      status: 'active',
      currentPeriodStart: new Date(1_700_000_000_000),
      currentPeriodEnd: new Date(1_702_592_000_000),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endsAt: null,
      trialEndsAt: null,
      asOf: now,
    });
  });

  it('reads the period from the subscription on API versions that kept it there', () => {
    const legacy = subscription(
      { current_period_start: 1_600_000_000, current_period_end: 1_631_536_000 },
      {
        current_period_start: undefined,
        current_period_end: undefined,
      },
    );
    const snapshot = snapshotOf(legacy, prices, now)!;
    expect(snapshot.currentPeriodStart).toEqual(new Date(1_600_000_000_000));
    expect(snapshot.currentPeriodEnd).toEqual(new Date(1_631_536_000_000));
  });

  it("falls back to Checkout's metadata for a price not in STRIPE_PRICES, and gives up without either", () => {
    const renamed = subscription(
      { metadata: { team_id: '7', plan: 'growth', interval: 'year' } },
      { price: { id: 'price_old' } },
    );
    expect(snapshotOf(renamed, prices, now)).toMatchObject({ plan: 'growth', interval: 'year' });
    expect(snapshotOf(subscription({}, { price: { id: 'price_old' } }), prices, now)).toBeUndefined();
  });

  it('carries a cancellation at the period end, a trial and an expanded customer', () => {
    const snapshot = snapshotOf(
      subscription({
        status: 'trialing',
        cancel_at_period_end: true,
        canceled_at: 1_701_000_000,
        trial_end: 1_701_209_600,
        customer: { id: 'cus_9' },
      }),
      prices,
      now,
    )!;
    expect(snapshot).toMatchObject({
      status: 'trialing',
      cancelAtPeriodEnd: true,
      canceledAt: new Date(1_701_000_000_000),
      trialEndsAt: new Date(1_701_209_600_000),
      providerCustomerId: 'cus_9',
    });
  });

  it('treats a cancel_at date as the end of the plan', () => {
    const snapshot = snapshotOf(subscription({ cancel_at: 1_702_592_000 }), prices, now)!;
    expect(snapshot.cancelAtPeriodEnd).toBe(true);
    expect(snapshot.endsAt).toEqual(new Date(1_702_592_000_000));
  });
});

describe('Stripe invoices as Kawan invoices', () => {
  it('names the purpose from the billing reason', () => {
    expect(purposeOf('subscription_create')).toBe('subscription');
    expect(purposeOf('subscription_cycle')).toBe('renewal');
    expect(purposeOf('subscription_update')).toBe('proration');
    expect(purposeOf('manual')).toBe('renewal');
  });

  it("copies the lines, with discounts and taxes as one more line so the total is Stripe's", () => {
    const invoice = {
      total: 2_500,
      lines: {
        data: [
          { description: '1 × Starter', quantity: 1, amount: 2_900 },
          { description: null, quantity: null, amount: 0 },
        ],
      },
    } as unknown as Stripe.Invoice;
    expect(linesOf(invoice)).toEqual([
      { description: '1 × Starter', quantity: 1, amount: 2_900 },
      { description: 'Subscription', quantity: 1, amount: 0 },
      { description: 'Discounts and taxes', quantity: 1, amount: -400 },
    ]);
  });
});

describe('provider messages', () => {
  it('never passes a key on', () => {
    expect(withoutKeys('Invalid API Key provided: sk_test_****1234')).toBe('Invalid API Key provided: [key]');
    expect(withoutKeys('bad sk_live_abcDEF123 and whsec_abc')).toBe('bad [key] and [key]');
  });
});
