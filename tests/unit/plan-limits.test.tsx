// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatCount,
  limitLine,
  limitReachedSentence,
  quotaLine,
  quotaNote,
  quotaPercent,
  quotaTone,
  type CreditQuotaProps,
} from '@/lib/plan-limits';
import { creditCapLine } from '@/Pages/Bots/Partials/format';
import { sectionsWithErrors, toFormData, toPayload } from '@/Pages/Bots/Partials/bot-form';
import type { BotSummary } from '@/Pages/Bots/Partials/types';
import AddTeamMemberForm from '@/Pages/Teams/Partials/AddTeamMemberForm';
import { defaultBotConfig } from '../../server/bot-engine/bot-config';

type Options = Record<string, unknown> & { onSuccess?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  /** The current team's `viewBilling` flag. */
  billing: true,
}));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  return {
    usePage: () => ({
      props: { auth: { user: { id: 1, current_team: { id: 7, can: { viewBilling: fake.billing } } } }, errors: {} },
    }),
    Link: ({ href, children, ...props }: { href: string; children?: React.ReactNode; className?: string }) => (
      <a href={href} {...props}>
        {children}
      </a>
    ),
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setAll] = useState<T>(initial);
      return {
        data,
        errors: {},
        processing: false,
        recentlySuccessful: false,
        setData: (key: string, value: unknown) => setAll((current) => ({ ...current, [key]: value })),
        reset: () => setAll(initial),
        post: (url: string, options?: Options) => fake.calls.push({ method: 'form.post', url, data, options }),
      };
    },
  };
});

vi.mock('@/lib/route', () => {
  const route = (name: string, params?: unknown) =>
    `route:${name}${params === undefined ? '' : `:${JSON.stringify(params)}`}`;
  return { route, optionalRoute: (name: string) => route(name) };
});

const bots = { one: 'bot', many: 'bots' };
const members = { one: 'member', many: 'members' };

function quota(overrides: Partial<CreditQuotaProps> = {}): CreditQuotaProps {
  return {
    used: 7_900,
    limit: 10_000,
    plan: 'Growth',
    period_start: '2026-11-01T00:00:00.000Z',
    period_end: '2026-12-01T00:00:00.000Z',
    pack_remaining: 0,
    ...overrides,
  };
}

beforeEach(() => {
  fake.calls.length = 0;
  fake.billing = true;
});

afterEach(cleanup);

describe('plan limits in words', () => {
  it('says how many of the plan’s things the team uses', () => {
    expect(limitLine({ used: 1, limit: 1, reached: true, plan: 'Free' }, bots)).toBe('1 of 1 bots on the Free plan');
    expect(limitLine({ used: 1_250, limit: 2_000, reached: false, plan: 'Business' }, bots)).toBe(
      '1,250 of 2,000 bots on the Business plan',
    );
    expect(limitLine({ used: 3, limit: 5, reached: false, plan: 'Growth' }, members, 'invitations included')).toBe(
      '3 of 5 members on the Growth plan, invitations included',
    );
    expect(formatCount(10_000_000)).toBe('10,000,000');
  });

  it('says why the New button is gone: one, all, or more than the plan includes after a downgrade', () => {
    expect(limitReachedSentence({ used: 1, limit: 1, reached: true, plan: 'Free' }, bots)).toBe(
      'Your team has the one bot its Free plan includes.',
    );
    expect(limitReachedSentence({ used: 5, limit: 5, reached: true, plan: 'Growth' }, bots)).toBe(
      'Your team has all 5 bots its Growth plan includes.',
    );
    expect(limitReachedSentence({ used: 3, limit: 2, reached: true, plan: 'Starter' }, bots)).toBe(
      'Your team has 3 bots, more than the 2 its Starter plan includes.',
    );
  });
});

describe('the period’s AI credits in words', () => {
  it('writes the quota with the plan, and how much of it is used', () => {
    expect(quotaLine(quota())).toBe('7,900 of 10,000 AI credits this period (Growth)');
    expect(quotaPercent(quota())).toBe(79);
    expect(quotaPercent(quota({ used: 12_000 }))).toBe(100);
    expect(quotaPercent(quota({ used: 0, limit: 0 }))).toBe(100);
    expect(quotaPercent(quota({ used: 0 }))).toBe(0);
  });

  it('turns amber from 80 % and red once used up, saying what is left, then what happens', () => {
    expect(quotaTone(quota())).toBe('indigo');
    expect(quotaNote(quota())).toBeNull();
    expect(quotaTone(quota({ used: 8_000 }))).toBe('amber');
    expect(quotaTone(quota({ used: 10_000 }))).toBe('red');
    expect(quotaTone(quota({ used: 0, limit: 0 }))).toBe('red');
    expect(quotaNote(quota({ used: 8_000 }))).toBe('2,000 credits left this period.');
    expect(quotaNote(quota({ used: 10_000 }))).toBe(
      "The period's credits are used up: until it ends, the bots send their fallback message and a person takes over.",
    );
    expect(quotaNote(quota({ used: 10_000, pack_remaining: 4_500 }))).toBe(
      "The period's credits are used up: replies now use credit packs (4,500 credits left).",
    );
  });
});

describe('a bot’s monthly AI credit cap', () => {
  it('writes what the bot used this period against its cap', () => {
    expect(creditCapLine({ credits_this_period: 120, monthly_credit_cap: 500 })).toBe('120 of 500 cap');
    expect(creditCapLine({ credits_this_period: 500, monthly_credit_cap: 500 })).toBe('500 of 500 cap, cap reached');
    expect(creditCapLine({ credits_this_period: 1_234, monthly_credit_cap: null })).toBe('1,234, no cap');
    expect(creditCapLine({ credits_this_period: null, monthly_credit_cap: 10_000_000 })).toBe('0 of 10,000,000 cap');
  });

  it('is typed as text and sent as a number, null when empty, the text itself when it is none', () => {
    const bot = { name: 'Kopi', description: '', avatar_color: 'indigo', status: 'draft', monthly_credit_cap: 500 };
    const data = toFormData(bot as BotSummary, defaultBotConfig('Kopi'), [], []);
    expect(data.monthly_credit_cap).toBe('500');
    expect(toPayload(data).monthly_credit_cap).toBe(500);
    expect(toPayload({ ...data, monthly_credit_cap: ' 2000 ' }).monthly_credit_cap).toBe(2000);
    expect(toPayload({ ...data, monthly_credit_cap: '' }).monthly_credit_cap).toBeNull();
    expect(toPayload({ ...data, monthly_credit_cap: 'lots' }).monthly_credit_cap).toBe('lots');
    expect(toPayload(data).config).not.toHaveProperty('monthly_credit_cap');
    expect(
      toFormData({ ...bot, monthly_credit_cap: null } as BotSummary, defaultBotConfig('Kopi'), [], []),
    ).toMatchObject({ monthly_credit_cap: '' });
    expect(sectionsWithErrors({ monthly_credit_cap: 'Too many.' }).map((section) => section.title)).toEqual([
      'AI credits',
    ]);
  });
});

describe('Teams/Show: the members meter', () => {
  const team = { id: 7 } as Parameters<typeof AddTeamMemberForm>[0]['team'];

  it('says how many of the plan’s places are taken above the invitation form', () => {
    render(
      <AddTeamMemberForm
        team={team}
        availableRoles={[]}
        limit={{ used: 3, limit: 5, reached: false, plan: 'Growth' }}
      />,
    );
    expect(screen.getByTestId('plan-limit').textContent).toBe(
      '3 of 5 members on the Growth plan, invitations included',
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'rina@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.post', url: 'route:team-members.store:7' });
  });

  it('puts a notice in the form’s place once the team is full: Upgrade for those who see Billing', () => {
    const full = { used: 5, limit: 5, reached: true, plan: 'Growth' };
    const { unmount } = render(<AddTeamMemberForm team={team} availableRoles={[]} limit={full} />);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByTestId('plan-limit').textContent).toBe(
      '5 of 5 members on the Growth plan, invitations included',
    );
    const notice = screen.getByTestId('plan-limit-reached');
    expect(notice.textContent).toContain('Your team has all 5 members its Growth plan includes.');
    expect(within(notice).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('route:billing.index');
    unmount();

    fake.billing = false;
    render(<AddTeamMemberForm team={team} availableRoles={[]} limit={full} />);
    expect(screen.getByTestId('plan-limit-reached').textContent).toContain(
      "The team's owner can upgrade the plan to add more members.",
    );
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('shows the form alone where the server sends no meter', () => {
    render(<AddTeamMemberForm team={team} availableRoles={[]} limit={null} />);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByTestId('plan-limit')).toBeNull();
  });
});
