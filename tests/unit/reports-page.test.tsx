// @vitest-environment jsdom
import type { ComponentProps, ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Index from '@/Pages/Reports/Index';
import { LIVE_RELOAD_MS } from '@/Pages/Reports/Partials/use-live-report';
import { formatDuration, formatNumber, formatPercent, formatUsd, percentChange } from '@/Pages/Reports/Partials/format';
import type { ReportsIndexProps } from '@/Pages/Reports/Partials/types';
import { shadeOf } from '@/Pages/Reports/Partials/BusiestHours';
import { summarize } from '../../server/reports/summary';
import { emptyFigures, observe, type DailyFigures } from '../../server/reports/figures';
import { metricDefinitions } from '../../server/reports/definitions';

type Options = Record<string, unknown>;
type Call = { method: string; url: string; data?: unknown; options?: Options };

// Inertia stands in as the current page (user 1 of team 7) and a router that records what it is
// asked; route() names the route and its parameters; the channel hook keeps the handlers per
// channel so that a test can play events; the chart library draws a plain canvas (jsdom has none).
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  channels: new Map<string, Record<string, (payload: unknown) => void>>(),
}));

vi.mock('@inertiajs/react', () => {
  const record = (method: string) => (url: string, data?: unknown, options?: Options) =>
    fake.calls.push({ method, url, data, options });
  return {
    usePage: () => ({
      props: {
        auth: { user: { id: 1, name: 'Rina', current_team: { id: 7, can: { viewBilling: true } } } },
        errors: {},
      },
    }),
    router: {
      get: record('get'),
      // The server answers at once: a reload in flight (useLiveReload) finishes before the next.
      reload: (options?: Options) => {
        fake.calls.push({ method: 'reload', url: '', options });
        (options?.onFinish as (() => void) | undefined)?.();
      },
      on: () => () => {},
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

vi.mock('react-chartjs-2', () => ({
  Chart: ({ type, data, ...props }: { type: string; data: { labels: string[] } } & ComponentProps<'canvas'>) => (
    <canvas data-type={type} data-labels={data.labels.join('|')} {...props} />
  ),
}));

const TODAY = '2026-11-24';

function figures(overrides: Partial<DailyFigures> = {}): DailyFigures {
  return { ...emptyFigures(), ...overrides };
}

/** A window of 7 days with figures on two of them; the previous window a little worse. */
function props(overrides: Partial<ReportsIndexProps> = {}): ReportsIndexProps {
  const first = figures({
    conversations: 1200,
    newContacts: 700,
    botHandled: 1000,
    autoResolved: 714,
    autoResolvedReopened: 14,
    handoffs: 309,
    handoffReasons: { user_request: 259, offline: 50 },
    resolved: 900,
    reopened: 30,
    inbound: 5000,
    aiReplies: 4000,
    humanReplies: 600,
    fallbacks: 100,
    thumbsUp: 40,
    thumbsDown: 5,
    promptTokens: 1_200_000,
    completionTokens: 90_000,
    costUsd: 0.000716,
    credits: 4000,
    models: {
      'gpt-4o-mini': { replies: 4000, promptTokens: 1_200_000, completionTokens: 90_000, costUsd: 0.000716 },
      'openai-compatible': { replies: 120, promptTokens: 0, completionTokens: 0, costUsd: 0 },
    },
  });
  for (let i = 0; i < 10; i += 1) observe(first.firstBotResponse, 4);
  for (let i = 0; i < 10; i += 1) observe(first.resolutionTime, 190);
  for (let i = 0; i < 10; i += 1) observe(first.humanReplyTime, 150);
  first.replyTargetChecked = 10;
  first.replyTargetMet = 8;
  first.inboundByHour[9] = 40;
  const second = figures({ conversations: 34, botHandled: 30, autoResolved: 20, inbound: 80 });
  const before = figures({ conversations: 1000, botHandled: 1000, autoResolved: 600, handoffs: 200, inbound: 5000 });
  const summary = summarize({
    from: '2026-11-18',
    to: TODAY,
    current: [
      { day: '2026-11-18', botId: 3, channelId: 2, figures: first },
      { day: TODAY, botId: 3, channelId: 2, figures: second },
    ],
    previous: [{ day: '2026-11-12', botId: 3, channelId: 2, figures: before }],
    bots: new Map([[3, 'Asisten Kopi']]),
    channels: new Map([[2, { name: 'Website', type: 'web' }]]),
  });
  return {
    scope: 'team',
    timezone: 'Asia/Jakarta',
    window: {
      range: '7d',
      from: '2026-11-18',
      to: TODAY,
      days: 7,
      previous: { from: '2026-11-11', to: '2026-11-17' },
      today: TODAY,
    },
    filters: { range: '7d', from: '2026-11-18', to: TODAY, bot: null, channel: null },
    invalid: [],
    bots: [{ id: 3, name: 'Asisten Kopi' }],
    channels: [
      { id: 2, name: 'Website', type: 'web' },
      { id: 5, name: 'WA Kemang', type: 'whatsapp' },
    ],
    summary,
    sources: [{ id: 11, title: 'Jam buka', knowledge_id: 3, knowledge: 'FAQ Kopi', count: 42 }],
    never_cited: [{ id: 12, title: 'Parkir', knowledge_id: 3, knowledge: 'FAQ Kopi' }],
    people: [
      {
        id: 7,
        name: 'Budi Hartono',
        former: false,
        taken: 3,
        replies: 9,
        conversations_replied: 3,
        first_response: { median: 95, p90: 240, count: 3 },
        resolved: 2,
        csat_average: 4.5,
        csat_count: 2,
      },
      {
        id: 8,
        name: 'Citra Wijaya',
        former: true,
        taken: 0,
        replies: 0,
        conversations_replied: 0,
        first_response: { median: null, p90: null, count: 0 },
        resolved: 0,
        csat_average: null,
        csat_count: 0,
      },
    ],
    chunks: [
      {
        id: 88,
        excerpt: 'Senin–Jumat 07.00–22.00, Sabtu–Minggu 08.00–23.00.',
        source: 'Jam buka',
        knowledge_id: 3,
        knowledge: 'FAQ Kopi',
        count: 17,
      },
    ],
    definitions: metricDefinitions,
    credits_quota: {
      used: 8_100,
      limit: 10_000,
      plan: 'Growth',
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-12-01T12:00:00.000Z',
      pack_remaining: 0,
    },
    ...overrides,
  };
}

const card = (label: string) => screen.getByRole('group', { name: label });

beforeEach(() => {
  fake.calls.length = 0;
  fake.channels.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('formatting', () => {
  it('writes durations in words, rates with one decimal, money with enough decimals, numbers with separators', () => {
    expect([0.01, 0.3, 4, 4.44, 9.96, 60, 190, 3600, 7500, 90_000].map(formatDuration)).toEqual([
      '< 0.1 s',
      '0.3 s',
      '4 s',
      '4.4 s',
      '10 s',
      '1 min',
      '3 min 10 s',
      '1 h',
      '2 h 5 min',
      '1 d 1 h',
    ]);
    expect(formatDuration(null)).toBe('—');
    expect(formatPercent(0.71364)).toBe('71.4%');
    expect(formatPercent(null)).toBe('—');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect([12.345, 0.251248, 0.000716, 0, null].map(formatUsd)).toEqual([
      '$12.35',
      '$0.251',
      '$0.000716',
      '$0.00',
      '—',
    ]);
  });

  it('compares with the previous window only where there is something to compare', () => {
    expect(percentChange(120, 100)).toBe(20);
    expect(percentChange(80, 100)).toBe(-20);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(null, 3)).toBeNull();
  });

  it('shades an hour against the busiest one', () => {
    expect(shadeOf(0, 10)).toBe('bg-gray-100');
    expect(shadeOf(1, 10)).toBe('bg-indigo-100');
    expect(shadeOf(10, 10)).toBe('bg-indigo-800');
  });
});

describe('Reports/Index', () => {
  it('shows each metric formatted, with "—" where nothing was measured', () => {
    render(<Index {...props()} />);
    expect(within(card('Conversations')).getByText('1,234')).toBeTruthy();
    expect(within(card('Auto-resolution rate')).getByText('71.3%')).toBeTruthy();
    expect(within(card('First response (bot)')).getByText('4 s')).toBeTruthy();
    expect(within(card('Resolution time')).getByText('4 min')).toBeTruthy();
    expect(within(card('Resolution time')).getByText('p90 4 min 48 s')).toBeTruthy();
    expect(within(card('Model cost')).getByText('$0.000716')).toBeTruthy();
    expect(within(card('CSAT average')).getByText('—')).toBeTruthy();
    expect(within(card('First response (human)')).getByText('—')).toBeTruthy();
    expect(within(card('Reply time (human)')).getByText('2 min 30 s')).toBeTruthy();
    expect(within(card('Replies on target')).getByText('80.0%')).toBeTruthy();
    expect(within(card('Replies on target')).getByText('of 10 with a target')).toBeTruthy();
    expect(within(card('Tokens')).getByText('1,290,000')).toBeTruthy();
    // The team has a WhatsApp channel: its delivery figures show, zero as they are.
    expect(within(card('Failed')).getByText('0')).toBeTruthy();
    expect(screen.getByText('Times in Asia/Jakarta')).toBeTruthy();
    expect(screen.getByText(/18 – 24 Nov 2026 \(7 days\), compared with 11 – 17 Nov 2026/)).toBeTruthy();
  });

  it("keeps the window's AI credits on their card and adds the period's quota below, with a link to billing", () => {
    render(<Index {...props()} />);
    const credits = card('AI credits');
    expect(within(credits).getByText('4,000')).toBeTruthy();
    expect(within(credits).getByText('8,100 of 10,000 AI credits this period (Growth)')).toBeTruthy();
    expect(within(credits).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('81');
    expect(credits.querySelector('.bg-amber-500')).toBeTruthy();
    expect(credits.textContent).toContain('1,900 credits left this period. Resets on December 1, 2026.');
    expect(within(credits).getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('route:billing.index');
  });

  it("leaves the quota out where the server sends none (an agent's own figures)", () => {
    render(<Index {...props({ scope: 'mine', credits_quota: null })} />);
    expect(within(card('AI credits')).queryByRole('progressbar')).toBeNull();
    expect(card('AI credits').textContent).not.toContain('this period');
  });

  it('colours each change by whether up is good for that metric', () => {
    render(<Index {...props()} />);
    // Conversations rose 23.4%: neither good nor bad.
    const conversations = within(card('Conversations')).getByText(/23\.4%/);
    expect(conversations.className).toContain('text-gray-600');
    expect(conversations.textContent).toContain('▲');
    // The auto-resolution rate rose (good), and so did the handoff rate (bad).
    expect(within(card('Auto-resolution rate')).getByText(/18\.8%/).className).toContain('text-green-700');
    expect(within(card('Handoff rate')).getByText('30.0%')).toBeTruthy();
    const handoffs = within(card('Handoff rate')).getByText(/50\.0%/);
    expect(handoffs.className).toContain('text-red-700');
    expect(handoffs.textContent).toBe('▲ Up 50.0%');
    expect(within(card('Handoff rate')).getByText(/from 20\.0%/)).toBeTruthy();
    // No previous figure: nothing to compare with.
    expect(within(card('Thumbs up')).getByText('Previous period: 0')).toBeTruthy();
    expect(within(card('CSAT average')).getByText('Nothing to compare with')).toBeTruthy();
  });

  it('gives every metric its definition as a tooltip, read by assistive technology', () => {
    render(<Index {...props()} />);
    const about = screen.getByRole('button', { name: 'About Handoff rate' });
    const tooltip = document.getElementById(about.getAttribute('aria-describedby')!)!;
    expect(tooltip.getAttribute('role')).toBe('tooltip');
    expect(tooltip.textContent).toBe(metricDefinitions.handoff_rate);
    expect(
      document.getElementById(
        screen.getByRole('button', { name: 'About Cost per resolved conversation' }).getAttribute('aria-describedby')!,
      )!.textContent,
    ).toBe(metricDefinitions.cost_per_resolved_usd);
  });

  it('puts the filters in the query string: a preset, a bot, a channel, custom days', () => {
    render(<Index {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    fireEvent.change(screen.getByLabelText('Bot'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: '5' } });
    expect(fake.calls.map(({ method, url, data }) => ({ method, url, data }))).toEqual([
      { method: 'get', url: 'route:reports.index', data: { range: '30d' } },
      { method: 'get', url: 'route:reports.index', data: { range: '7d', bot: 3 } },
      { method: 'get', url: 'route:reports.index', data: { range: '7d', channel: 5 } },
    ]);
    expect(fake.calls[0].options).toMatchObject({ preserveState: true, replace: true });

    fake.calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    expect(screen.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
    expect(fake.calls).toEqual([]);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(fake.calls.map(({ data }) => data)).toEqual([{ range: 'custom', from: '2026-11-01', to: '2026-11-10' }]);
  });

  it('links each table to its CSV with the same filters', () => {
    render(
      <Index
        {...props({ filters: { range: 'custom', from: '2026-11-01', to: '2026-11-10', bot: 3, channel: null } })}
      />,
    );
    const links = screen.getAllByRole('link', { name: /Export CSV/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['daily', 'handoff_reasons', 'hours', 'people', 'bots', 'channels', 'models', 'sources'].map(
        (table) =>
          `route:reports.export:${JSON.stringify({ table, _query: { range: 'custom', from: '2026-11-01', to: '2026-11-10', bot: 3 } })}`,
      ),
    );
    expect(links.every((link) => link.hasAttribute('download'))).toBe(true);
  });

  it('draws the charts from a lazily loaded module, each an image with a hidden table of its figures', async () => {
    render(<Index {...props()} />);
    // The chart module (with chart.js) is imported on first render: give it time on a busy machine.
    const overTime = await screen.findByRole(
      'img',
      { name: /Conversations per day with the auto-resolution rate/ },
      { timeout: 15_000 },
    );
    expect(overTime.tagName).toBe('CANVAS');
    expect(overTime.getAttribute('data-labels')?.split('|')).toHaveLength(7);
    const reasons = await screen.findByRole('img', { name: /Handoffs by reason/ }, { timeout: 15_000 });
    expect(reasons.getAttribute('data-labels')).toBe('Asked for a person|Outside business hours');
    const hidden = screen.getByRole('table', { name: 'Handoffs by reason' });
    // Hidden in a wrapper: a table ignores the 1px width of sr-only and would widen the page.
    expect(hidden.parentElement!.className).toBe('sr-only');
    expect(within(hidden).getByText('Outside business hours')).toBeTruthy();
  }, 20_000);

  it('shows the busiest hours as a 7 × 24 grid, Monday first, and the tables by bot, channel, model and source', () => {
    render(<Index {...props()} />);
    const grid = screen.getByRole('table', { name: 'Inbound messages by day of the week and hour' });
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(within(rows[1]).getAllByRole('cell')).toHaveLength(24);
    // 18 November 2026 is a Wednesday: its 09:00 has the 40 messages.
    expect(within(rows[3]).getByTitle('Wednesday 09:00–10:00: 40 messages')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Figures by bot' })).getByText('Asisten Kopi')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Figures by channel' })).getByText('Website')).toBeTruthy();
    const models = screen.getByRole('table', { name: 'Figures by model' });
    expect(within(models).getByText('gpt-4o-mini')).toBeTruthy();
    expect(within(models).getByText('No model')).toBeTruthy();
    expect(models.textContent).not.toContain('openai-compatible');
    const cited = screen.getByRole('table', { name: 'Most cited sources' });
    expect(within(cited).getByText('42')).toBeTruthy();
    const never = screen.getByRole('list', { name: 'Sources never cited' });
    expect(within(never).getByRole('link', { name: 'FAQ Kopi' }).getAttribute('href')).toBe('route:knowledges.edit:3');
    const passages = screen.getByRole('table', { name: 'Most cited passages' });
    expect(within(passages).getByText('Senin–Jumat 07.00–22.00, Sabtu–Minggu 08.00–23.00.')).toBeTruthy();
    expect(within(passages).getByText('17')).toBeTruthy();
  });

  it('explains an empty window and leads to Channels', () => {
    const empty = summarize({
      from: '2026-11-18',
      to: TODAY,
      current: [],
      previous: [],
      bots: new Map(),
      channels: new Map(),
    });
    render(<Index {...props({ summary: empty, sources: [], never_cited: [] })} />);
    expect(screen.getByRole('heading', { name: 'No conversations in these days' })).toBeTruthy();
    expect(screen.getByText(/how many conversations your bots resolve on their own/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Channels' }).getAttribute('href')).toBe('route:channels.index');
    expect(screen.queryByRole('group', { name: 'Conversations' })).toBeNull();
    // The filters stay, to choose other days.
    expect(screen.getByRole('group', { name: 'Date range' })).toBeTruthy();
  });

  it("tells an agent the figures are their own conversations', and notes filters that were dropped", () => {
    render(<Index {...props({ scope: 'mine', invalid: ['bot', 'from'] })} />);
    expect(screen.getByRole('status').textContent).toContain('Your conversations only');
    expect(screen.getByRole('alert').textContent).toContain('(bot, start day)');
  });

  it("reloads today's figures when the workers say they changed, at most every few seconds", () => {
    vi.useFakeTimers();
    render(<Index {...props()} />);
    const events = fake.channels.get('teams.7')!;
    expect(Object.keys(events)).toEqual(['ReportsUpdated']);
    const reloads = () => fake.calls.filter((call) => call.method === 'reload');

    act(() => events.ReportsUpdated({ team_id: 7 }));
    expect(reloads()).toHaveLength(1);
    expect(reloads()[0].options).toMatchObject({
      only: ['summary', 'sources', 'never_cited', 'people', 'credits_quota'],
    });
    act(() => {
      events.ReportsUpdated({ team_id: 7 });
      events.ReportsUpdated({ team_id: 7 });
      vi.advanceTimersByTime(LIVE_RELOAD_MS - 100);
    });
    expect(reloads()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(100));
    expect(reloads()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(LIVE_RELOAD_MS * 3));
    expect(reloads()).toHaveLength(2);
  });

  it('does not listen when the window is over: its figures no longer change', () => {
    render(
      <Index
        {...props({
          window: { ...props().window, range: 'custom', from: '2026-11-01', to: '2026-11-10' },
          filters: { range: 'custom', from: '2026-11-01', to: '2026-11-10', bot: null, channel: null },
        })}
      />,
    );
    expect(fake.channels.has('teams.7')).toBe(false);
  });

  it('shows what each person did, with a teammate who left marked', () => {
    render(<Index {...props()} />);
    const table = screen.getByRole('table', { name: 'Figures by person' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Person', 'Taken', 'Replies', 'First response', 'Resolved', 'Rating']);
    expect(within(rows[1]).getByRole('rowheader').textContent).toBe('Budi Hartono');
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '9in 3', '1 min 35 s90%: 4 min', '2', '4.502 ratings']);
    expect(within(rows[2]).getByRole('rowheader').textContent).toBe('Citra WijayaLeft the team');
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '0', '—', '0', '—']);
  });
});
