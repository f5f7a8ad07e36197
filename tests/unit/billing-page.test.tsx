// @vitest-environment jsdom
import { useState, type ComponentProps, type ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PastDueBanner from '@/Layouts/PastDueBanner';
import BillingIndex from '@/Pages/Billing/Index';
import PlanTable from '@/Pages/Billing/Partials/PlanTable';
import { UsageMeter } from '@/Pages/Billing/Partials/UsageMeters';
import { billingEvents } from '@/Pages/Billing/Partials/format';
import { liveProps } from '@/Pages/Billing/Partials/use-live-billing';
import type {
  BillingIndexProps,
  MeterProps,
  PlanProps,
  SubscriptionProps,
} from '../../server/presenters/billing-presenter';

type Options = Record<string, unknown> & { onSuccess?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// Inertia stands in as the current page (Dewi, owner of team 7, past due when `fake.pastDueUntil`
// says so), a router that records reloads, and
// useForm as local state that records what it submits (after its transform) and starts with
// `fake.formErrors`, as after a 422; route() names the route; the channel hook keeps each
// channel's handlers so that a test can play the team's events.
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  formErrors: {} as Record<string, string>,
  channels: new Map<string, Record<string, (payload: unknown) => void>>(),
  pastDueUntil: null as string | null,
  viewBilling: true,
}));

vi.mock('@inertiajs/react', async () => {
  const { useRef, useState } = await import('react');
  return {
    usePage: () => ({
      props: {
        auth: {
          user: {
            id: 1,
            current_team: {
              id: 7,
              can: { viewBilling: fake.viewBilling },
              billing: { plan: 'growth', plan_name: 'Growth', past_due_until: fake.pastDueUntil },
            },
          },
        },
        errors: {},
      },
    }),
    router: {
      // The server answers at once: a reload in flight (useLiveReload) finishes before the next.
      reload: (options?: Options) => {
        fake.calls.push({ method: 'reload', url: '', options });
        (options?.onFinish as (() => void) | undefined)?.();
      },
      on: () => () => {},
    },
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setAll] = useState<T>(initial);
      const transform = useRef((value: T): unknown => value);
      const submit = (method: string) => (url: string, options?: Options) => {
        fake.calls.push({ method: `form.${method}`, url, data: transform.current(data), options });
      };
      return {
        data,
        errors: fake.formErrors,
        processing: false,
        recentlySuccessful: false,
        setData: (key: string, value: unknown) => setAll((current) => ({ ...current, [key]: value })),
        transform: (callback: (value: T) => unknown) => {
          transform.current = callback;
        },
        clearErrors: () => {},
        post: submit('post'),
        put: submit('put'),
      };
    },
    Link: ({ href, children, ...props }: ComponentProps<'a'> & { href: string }) => (
      <a href={href} {...props}>
        {children}
      </a>
    ),
    Head: ({ title }: { title?: string; children?: ReactNode }) => <title>{title}</title>,
  };
});

vi.mock('@/lib/route', () => {
  const route = (name?: string, params?: unknown) =>
    name === undefined
      ? { has: () => true, current: () => false }
      : `route:${name}${params === undefined ? '' : `:${JSON.stringify(params)}`}`;
  return { route, optionalRoute: (name: string, params?: unknown) => route(name, params) };
});

vi.mock('@/hooks/use-channel', () => ({
  useChannel: (name: string | null, options: { events?: Record<string, (payload: unknown) => void> } = {}) => {
    if (name) fake.channels.set(name, options.events ?? {});
    return { whisper: () => {}, connected: true };
  },
}));

beforeEach(() => {
  fake.calls.length = 0;
  fake.formErrors = {};
  fake.channels.clear();
  fake.pastDueUntil = null;
  fake.viewBilling = true;
});

afterEach(cleanup);

const period = { start: '2026-11-01T12:00:00.000Z', end: '2026-11-30T12:00:00.000Z' };

function meter(overrides: Partial<MeterProps>): MeterProps {
  return {
    key: 'bots',
    label: 'Bots',
    used: 1,
    limit: 5,
    percent: 20,
    projected: null,
    resets: false,
    ...overrides,
  };
}

function renderMeter(overrides: Partial<MeterProps>) {
  render(
    <ul>
      <UsageMeter meter={meter(overrides)} period={period} />
    </ul>,
  );
  return screen.getByRole('progressbar').firstElementChild!.className;
}

describe('usage meters', () => {
  it('turn amber at 80 % and red at 100 %', () => {
    expect(renderMeter({ used: 79, limit: 100, percent: 79 })).toContain('bg-indigo-500');
    expect(screen.getByText('79% used')).toBeTruthy();
    cleanup();
    expect(renderMeter({ used: 4, limit: 5, percent: 80 })).toContain('bg-amber-500');
    expect(screen.getByText('80% used')).toBeTruthy();
    cleanup();
    expect(renderMeter({ used: 5, limit: 5, percent: 100 })).toContain('bg-red-500');
    expect(screen.getByText('Limit reached')).toBeTruthy();
  });

  it('say when AI credits reset and where the period is heading', () => {
    renderMeter({
      key: 'ai_credits',
      label: 'AI credits',
      used: 4_100,
      limit: 10_000,
      percent: 41,
      projected: 8_400,
      resets: true,
    });
    const item = screen.getByTestId('meter-ai_credits');
    expect(item.textContent).toContain('4,100 of 10,000');
    expect(item.textContent).toContain('Resets on November 30, 2026');
    expect(item.textContent).toContain('At this pace: ~8,400 by November 30');
    expect(item.textContent).not.toContain('over the limit');
  });

  it('warn when the pace goes past the limit', () => {
    renderMeter({
      key: 'ai_credits',
      label: 'AI credits',
      used: 1_500,
      limit: 2_000,
      percent: 75,
      projected: 3_100,
      resets: true,
    });
    expect(screen.getByTestId('meter-ai_credits').textContent).toContain(
      '~3,100 by November 30, over the limit of 2,000',
    );
  });
});

const limits: PlanProps['limits'] = {
  bots: 1,
  channels: 1,
  channel_types: ['web'],
  members: 1,
  ai_credits: 100,
  knowledge_chars: 400_000,
  knowledge_sources: 10,
  file_max_mb: 5,
  history_days: 30,
  contact_daily_replies: 30,
  api_access: false,
  remove_branding: false,
};

function plan(code: PlanProps['code'], name: string, usd: number, current = false): PlanProps {
  const price = (amount: number, currency: 'USD' | 'IDR') => ({
    amount,
    formatted: currency === 'USD' ? `$${amount / 100}` : `Rp${amount}`,
  });
  return {
    code,
    name,
    tagline: `${name} tagline`,
    prices: {
      month: { USD: price(usd, 'USD'), IDR: price(usd * 150, 'IDR') },
      year: { USD: price(usd * 10, 'USD'), IDR: price(usd * 1500, 'IDR') },
    },
    limits,
    trial_days: code === 'free' ? 0 : 14,
    current,
  };
}

function plans(current: PlanProps['code']): PlanProps[] {
  return [
    plan('free', 'Free', 0, current === 'free'),
    plan('starter', 'Starter', 2_900, current === 'starter'),
    plan('growth', 'Growth', 9_900, current === 'growth'),
    plan('business', 'Business', 39_900, current === 'business'),
  ];
}

const growth: SubscriptionProps = {
  plan: 'growth',
  plan_name: 'Growth',
  interval: 'month',
  currency: 'USD',
  provider: 'stripe',
  status: 'active',
  current_period_start: '2026-11-01T12:00:00.000Z',
  current_period_end: '2026-12-01T12:00:00.000Z',
  trial_ends_at: null,
  cancel_at_period_end: false,
  ends_at: null,
  on_grace_period: false,
  scheduled_plan: null,
  scheduled_plan_name: null,
  scheduled_interval: null,
  past_due_since: null,
  has_portal: true,
};

/** The page keeps the toggles' state; here a small host does. */
function PlanTableWithState(
  props: Omit<ComponentProps<typeof PlanTable>, 'interval' | 'currency' | 'onIntervalChange' | 'onCurrencyChange'>,
) {
  const [interval, setInterval] = useState<'month' | 'year'>('month');
  const [currency, setCurrency] = useState<'USD' | 'IDR'>('USD');
  return (
    <PlanTable
      {...props}
      interval={interval}
      currency={currency}
      onIntervalChange={setInterval}
      onCurrencyChange={setCurrency}
    />
  );
}

function renderTable({
  subscription = null,
  manage = true,
}: { subscription?: SubscriptionProps | null; manage?: boolean } = {}) {
  const code = subscription?.plan ?? 'free';
  render(
    <PlanTableWithState
      plans={plans(code)}
      plan={{ code, name: code === 'free' ? 'Free' : 'Growth' }}
      subscription={subscription}
      can={{ manage }}
      providers={{ USD: 'stripe', IDR: 'xendit' }}
    />,
  );
}

/** What each plan's column offers: its buttons' names, else its action text. */
function column(code: string) {
  return within(screen.getByTestId(`plan-${code}`));
}

function buttonsIn(code: string): string[] {
  return column(code)
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');
}

describe('plan table', () => {
  it('offers a team on Free a checkout for every paid plan, in the interval and currency chosen', () => {
    renderTable();
    expect(column('free').getByText('Current plan')).toBeTruthy();
    expect(column('free').getByText('Your current plan')).toBeTruthy();
    expect(buttonsIn('free')).toEqual([]);
    for (const code of ['starter', 'growth', 'business']) expect(buttonsIn(code)).toEqual(['Upgrade']);

    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    fireEvent.click(screen.getByRole('radio', { name: 'IDR' }));
    expect(column('growth').getByText('Rp14850000 / year')).toBeTruthy();
    fireEvent.click(column('growth').getByRole('button', { name: 'Upgrade' }));

    expect(fake.calls).toEqual([
      {
        method: 'form.post',
        url: 'route:billing.checkout',
        data: { purchase: 'plan', plan: 'growth', interval: 'year', currency: 'IDR' },
        options: expect.objectContaining({ preserveScroll: true }),
      },
    ]);
  });

  it('offers a paying team an upgrade above its plan, a downgrade below it and its own plan as current', () => {
    renderTable({ subscription: growth });
    expect(buttonsIn('starter')).toEqual(['Downgrade']);
    expect(buttonsIn('growth')).toEqual([]);
    expect(column('growth').getByText('Your current plan')).toBeTruthy();
    expect(buttonsIn('business')).toEqual(['Upgrade']);
    expect(buttonsIn('free')).toEqual([]);
    expect(column('free').getByText(/Cancel the subscription above/)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(buttonsIn('growth')).toEqual(['Switch to yearly']);
  });

  it('confirms an upgrade as taking effect now, with the difference invoiced, before changing the plan', () => {
    renderTable({ subscription: growth });
    fireEvent.click(column('business').getByRole('button', { name: 'Upgrade' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Business' });
    expect(dialog.textContent).toContain('takes effect now');
    expect(dialog.textContent).toContain('prorated difference');
    expect(fake.calls).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Change now' }));
    expect(fake.calls).toEqual([
      {
        method: 'form.put',
        url: 'route:billing.plan.update',
        data: { plan: 'business', interval: 'month' },
        options: expect.objectContaining({ preserveScroll: true }),
      },
    ]);
  });

  it('confirms a downgrade for the period’s end and shows why the server refused it', () => {
    fake.formErrors = { plan: 'The Starter plan allows less than the team has now: 4 bots (2 allowed).' };
    renderTable({ subscription: growth });
    fireEvent.click(column('starter').getByRole('button', { name: 'Downgrade' }));
    const dialog = screen.getByRole('dialog', { name: 'Downgrade to Starter' });
    expect(dialog.textContent).toContain('until the end of this period');
    expect(dialog.textContent).toContain('4 bots (2 allowed)');
  });

  it('offers to keep the current plan while a downgrade is scheduled', () => {
    renderTable({ subscription: { ...growth, scheduled_plan: 'starter', scheduled_plan_name: 'Starter' } });
    expect(buttonsIn('growth')).toEqual(['Keep Growth']);
    expect(column('starter').getByText(/^From /)).toBeTruthy();

    fireEvent.click(column('growth').getByRole('button', { name: 'Keep Growth' }));
    expect(fake.calls[0]).toMatchObject({
      method: 'form.put',
      url: 'route:billing.plan.update',
      data: { plan: 'growth', interval: 'month' },
    });
  });

  it('offers nothing to change while a cancellation is pending', () => {
    renderTable({
      subscription: {
        ...growth,
        cancel_at_period_end: true,
        on_grace_period: true,
        ends_at: growth.current_period_end,
      },
    });
    for (const code of ['free', 'starter', 'growth', 'business']) expect(buttonsIn(code)).toEqual([]);
    expect(column('free').getByText(/^From /)).toBeTruthy();
  });
});

function indexProps(overrides: Partial<BillingIndexProps> = {}): BillingIndexProps {
  return {
    team: { id: 7, name: 'Warung Kopi' },
    can: { manage: true },
    plan: { code: 'growth', name: 'Growth' },
    subscription: growth,
    period: { start: growth.current_period_start, end: growth.current_period_end },
    meters: [
      meter({
        key: 'ai_credits',
        label: 'AI credits',
        used: 900,
        limit: 10_000,
        percent: 9,
        projected: 2_000,
        resets: true,
      }),
    ],
    credit_packs: { remaining: 0, packs: [] },
    plans: plans('growth'),
    packs: [
      {
        code: 'pack_1000',
        credits: 1_000,
        prices: { USD: { amount: 1_500, formatted: '$15' }, IDR: { amount: 249_000, formatted: 'Rp249.000' } },
      },
    ],
    currency: 'USD',
    providers: { USD: 'stripe', IDR: 'xendit' },
    details: { company_name: 'PT Kopi', address: null, tax_id: null, email: null, currency: 'USD' },
    invoices: [],
    events: [],
    manual_payments: false,
    ...overrides,
  };
}

describe('billing page', () => {
  it('gives the owner the actions and reloads the billing props when the team’s billing changes', () => {
    render(<BillingIndex {...indexProps()} />);
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage payment methods' })).toBeTruthy();
    expect(screen.getByText('No invoices yet')).toBeTruthy();

    fake.channels.get('teams.7')?.[billingEvents.updated]?.({ team_id: 7 });
    expect(fake.calls).toEqual([
      { method: 'reload', url: '', options: { only: liveProps, async: true, onFinish: expect.any(Function) } },
    ]);
  });

  it('shows an admin everything without a single button, and says who manages billing', () => {
    render(<BillingIndex {...indexProps({ can: { manage: false } })} />);
    expect(screen.getByText(/Only the team’s owner manages billing/)).toBeTruthy();
    expect(screen.getByText('Growth', { selector: 'h4' })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /upgrade|downgrade|cancel|buy|save|manage|resume|keep/i })).toEqual(
      [],
    );
    expect(screen.queryByText('Payment events')).toBeNull();
  });
});

describe('past-due banner', () => {
  it('says until when the plan holds and links owners and admins to billing', () => {
    fake.pastDueUntil = '2026-11-29T12:00:00.000Z';
    render(<PastDueBanner />);
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain(
      'A payment failed. Update your payment details by November 29, 2026 to keep the Growth plan.',
    );
    expect(within(banner).getByRole('link', { name: 'Go to Billing' }).getAttribute('href')).toBe(
      'route:billing.index',
    );
  });

  it('tells other members who acts, without a link, and is not there while payments are fine', () => {
    fake.pastDueUntil = '2026-11-29T12:00:00.000Z';
    fake.viewBilling = false;
    render(<PastDueBanner />);
    expect(screen.getByRole('alert').textContent).toContain("The team's owner needs to update the payment details");
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();

    fake.pastDueUntil = null;
    render(<PastDueBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
