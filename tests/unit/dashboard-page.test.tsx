// @vitest-environment jsdom
import type { ComponentProps, ReactNode } from 'react';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Dashboard from '@/Pages/Dashboard';
import { LIVE_RELOAD_MS, liveProps } from '@/Pages/Dashboard/Partials/use-live-dashboard';
import { formatDays, formatWait } from '@/Pages/Dashboard/Partials/format';
import type { DashboardProps, FeedItem } from '../../server/presenters/dashboard-presenter';
import type { TeamAbilities } from '../../server/domain/teams/team-policy';

type Options = Record<string, unknown>;
type Call = { method: string; url: string; options?: Options };

// Inertia stands in as the current page (Ayu, user 1, in team 7) and a router that records what it
// is asked; route() names the route and its parameters (every route exists); the channel hook keeps
// the handlers per channel so that a test can play the team's events.
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  channels: new Map<string, Record<string, (payload: unknown) => void>>(),
  /** The current team's `viewBilling` flag (owners and admins). */
  billing: true,
}));

vi.mock('@inertiajs/react', () => ({
  usePage: () => ({
    props: {
      auth: { user: { id: 1, name: 'Ayu Lestari', current_team: { id: 7, can: { viewBilling: fake.billing } } } },
      errors: {},
    },
  }),
  router: {
    // The server answers at once: a reload in flight (useLiveReload) finishes before the next.
    reload: (options?: Options) => {
      fake.calls.push({ method: 'reload', url: '', options });
      (options?.onFinish as (() => void) | undefined)?.();
    },
    visit: (url: string) => fake.calls.push({ method: 'visit', url }),
    on: () => () => {},
  },
  Link: ({ href, children, ...props }: ComponentProps<'a'> & { href: string }) => (
    <a href={href} {...props}>
      {children}
    </a>
  ),
  Head: ({ title }: { title?: string; children?: ReactNode }) => <title>{title}</title>,
}));

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

const everything: TeamAbilities = {
  manageTeam: true,
  inviteMembers: true,
  viewMembers: true,
  viewBots: true,
  createBots: true,
  viewKnowledges: true,
  createKnowledges: true,
  viewChannels: true,
  createChannels: true,
  viewConversations: true,
  handleConversations: true,
  viewReports: true,
  viewBilling: true,
  manageBilling: true,
};

const viewer: TeamAbilities = {
  ...everything,
  manageTeam: false,
  inviteMembers: false,
  createBots: false,
  createKnowledges: false,
  createChannels: false,
  handleConversations: false,
  viewBilling: false,
  manageBilling: false,
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const contact = { id: 4, name: 'Rina', phone: null };

const feed: FeedItem[] = [
  {
    id: 'handoff-9',
    kind: 'handoff',
    at: minutesAgo(2),
    url: '/conversations/31',
    conversation: { id: 31, number: 12, contact },
    reason: 'user_request',
  },
  {
    id: 'resolved-8',
    kind: 'resolved',
    at: minutesAgo(20),
    url: '/conversations/30',
    conversation: { id: 30, number: 11, contact: { id: 5, name: null, phone: null } },
    resolved_by: 'human',
    agent: 'Budi Santoso',
  },
  {
    id: 'source-3',
    kind: 'ingest_failed',
    at: minutesAgo(60),
    url: '/knowledges/2/edit',
    source: { id: 3, title: 'Menu page' },
    knowledge: { id: 2, name: 'FAQ' },
    count: 1,
    error: 'The page answered 404.',
  },
  {
    id: 'source-4',
    kind: 'ingest_ready',
    at: minutesAgo(90),
    url: '/knowledges/2/edit',
    source: { id: 4, title: 'Jam buka' },
    knowledge: { id: 2, name: 'FAQ' },
    count: 3,
    error: null,
  },
  {
    id: 'member-6',
    kind: 'member_joined',
    at: minutesAgo(180),
    url: '/teams/7',
    member: { name: 'Sari Dewi', role_name: 'Agent' },
  },
];

function props(overrides: Partial<DashboardProps> = {}): DashboardProps {
  return {
    team: {
      id: 7,
      name: 'Warung Kopi',
      personal_team: false,
      role_name: 'Owner',
      role_description: 'Owns the team.',
    },
    can: everything,
    onboarding: {
      steps: [
        { key: 'knowledge', done: true },
        { key: 'bot', done: true },
        { key: 'channel', done: true },
        { key: 'team', done: true },
      ],
      complete: true,
    },
    queue: {
      queued: 3,
      human: 2,
      awaiting_reply: 1,
      longest_waiting_since: minutesAgo(75),
      longest_wait_seconds: 4500,
    },
    today: {
      scope: 'team',
      timezone: 'Asia/Jakarta',
      day: '2026-11-24',
      yesterday: '2026-11-23',
      current: { conversations: 14, auto_resolution_rate: 0.75, handoffs: 2, ai_replies: 40 },
      previous: { conversations: 10, auto_resolution_rate: 0.8, handoffs: 2, ai_replies: 52 },
    },
    credits: {
      used: 1234,
      from: '2026-11-01',
      to: '2026-11-24',
      quota: {
        used: 7_900,
        limit: 10_000,
        plan: 'Growth',
        period_start: '2026-11-01T00:00:00.000Z',
        period_end: '2026-12-01T12:00:00.000Z',
        pack_remaining: 0,
      },
    },
    channels: [
      {
        id: 5,
        type: 'web',
        name: 'Website',
        status: 'active',
        health: 'healthy',
        health_detail: 'Last message received.',
      },
      {
        id: 6,
        type: 'whatsapp',
        name: 'WhatsApp Jakarta',
        status: 'active',
        health: 'error',
        health_detail: 'Token expired',
      },
    ],
    feed,
    ...overrides,
  };
}

beforeEach(() => {
  fake.calls.length = 0;
  fake.channels.clear();
  fake.billing = true;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Dashboard', () => {
  it('shows the open queue, linking to the inbox filtered, with those awaiting a reply and the longest wait', () => {
    render(<Dashboard {...props()} />);
    const queue = screen.getByRole('region', { name: 'Open queue' });
    const waiting = within(queue).getByRole('link', { name: /Waiting/ });
    expect(waiting.textContent).toContain('3');
    expect(waiting.getAttribute('href')).toBe('route:conversations.index:{"_query":{"state":"queued"}}');
    const inProgress = within(queue).getByRole('link', { name: /In progress/ });
    expect(inProgress.textContent).toContain('2');
    expect(inProgress.getAttribute('href')).toBe('route:conversations.index:{"_query":{"state":"human"}}');
    expect(inProgress.textContent).toContain('1 awaiting a reply');
    const longest = within(queue).getByRole('link', { name: /Longest wait/ });
    expect(longest.textContent).toBe('Longest wait1 h 15 min');
    expect(longest.getAttribute('href')).toBe('route:conversations.index:{"_query":{"state":"open","sort":"waiting"}}');
    // Numbers large, units small: the wait fits a third of the card.
    expect([...queue.querySelectorAll('.text-base')].map((unit) => unit.textContent)).toEqual([' h ', ' min']);
    expect(
      within(queue)
        .getByRole('link', { name: /Open the inbox/ })
        .getAttribute('href'),
    ).toBe('route:conversations.index');
  });

  it("shows today's figures against yesterday's, the month's credits, and links to today's report", () => {
    render(<Dashboard {...props()} />);
    const today = screen.getByRole('region', { name: 'Today' });
    expect(today.textContent).toContain('November 24, in the team’s time zone (Asia/Jakarta).');
    const conversations = within(today).getByRole('group', { name: 'Conversations' });
    expect(conversations.textContent).toBe('Conversations14▲ Up 4 from 10 yesterday');
    const rate = within(today).getByRole('group', { name: 'Auto-resolution' });
    expect(rate.textContent).toBe('Auto-resolution75.0%▼ Down 5.0 pts from 80.0% yesterday');
    expect(rate.querySelector('.text-red-700')).toBeTruthy();
    expect(within(today).getByRole('group', { name: 'Handoffs' }).textContent).toContain('Same as yesterday');
    expect(within(today).getByRole('group', { name: 'AI replies' }).textContent).toContain('▼ Down 12 from 52');
    expect(
      within(today)
        .getByRole('link', { name: /View today’s report/ })
        .getAttribute('href'),
    ).toBe('route:reports.index:{"_query":{"range":"today"}}');

    const credits = screen.getByRole('region', { name: 'AI credits' });
    expect(credits.textContent).toContain('7,900 of 10,000 AI credits this period (Growth)');
    expect(credits.textContent).toContain('Resets on December 1, 2026.');
    expect(credits.textContent).toContain('1,234 used by conversations this month (November 1 – 24)');
    const bar = within(credits).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('79');
    expect(
      within(credits)
        .getByRole('link', { name: /Plan and usage/ })
        .getAttribute('href'),
    ).toBe('route:billing.index');
  });

  it('says when the period’s credits are used up, in red, without a billing link for a role that may not see it', () => {
    fake.billing = false;
    const base = props();
    render(
      <Dashboard
        {...base}
        credits={{ ...base.credits!, quota: { ...base.credits!.quota, used: 10_000, pack_remaining: 0 } }}
      />,
    );
    const credits = screen.getByRole('region', { name: 'AI credits' });
    expect(credits.textContent).toContain('10,000 of 10,000 AI credits this period (Growth)');
    expect(credits.textContent).toContain(
      "The period's credits are used up: until it ends, the bots send their fallback message and a person takes over.",
    );
    expect(within(credits).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(credits.querySelector('.bg-red-500')).toBeTruthy();
    expect(within(credits).queryByRole('link')).toBeNull();
  });

  it('lists the channels with their type, status and health, problems first, each linking to it', () => {
    render(<Dashboard {...props()} />);
    const list = screen.getByRole('list', { name: 'Channels' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['WhatsApp Jakarta', 'Website']);
    expect(rows[0].textContent).toBe('WhatsApp JakartaWhatsAppActiveError: Token expired');
    expect(within(rows[0]).getByText('Error').getAttribute('title')).toBe('Token expired');
    expect(within(rows[1]).getByRole('link', { name: 'Website' }).getAttribute('href')).toBe(
      'route:channels.show:{"channel":5}',
    );
  });

  it('tells the activity feed newest first, each item linking to its screen', () => {
    render(<Dashboard {...props()} />);
    const items = within(screen.getByRole('list', { name: 'Recent activity' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual([
      'Rina #12 was handed over to a person · Asked for a person',
      'Visitor #5 #11 resolved by Budi Santoso',
      'Menu page failed to load in FAQThe page answered 404.',
      'Jam buka and 2 more sources are ready in FAQ',
      'Sari Dewi joined the team as Agent',
    ]);
    expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/conversations/31',
      '/conversations/30',
      '/knowledges/2/edit',
      '/knowledges/2/edit',
      '/teams/7',
    ]);
    expect(items[0].querySelector('time')!.textContent).toBe('2 minutes ago');
  });

  it('greets a team that has done the four steps briefly, without them', () => {
    render(<Dashboard {...props()} />);
    expect(screen.getByRole('heading', { name: 'Welcome back, Ayu.' })).toBeTruthy();
    expect(screen.getByTestId('dashboard-role').textContent).toContain('You are working in Warung Kopi.');
    expect(screen.queryByRole('list', { name: 'Getting started' })).toBeNull();
  });

  it('offers an empty team the four steps above the live state, ticked when done, linking to the real screens', () => {
    render(
      <Dashboard
        {...props({
          onboarding: {
            steps: [
              { key: 'knowledge', done: true },
              { key: 'bot', done: false },
              { key: 'channel', done: false },
              { key: 'team', done: true },
            ],
            complete: false,
          },
          queue: { queued: 0, human: 0, awaiting_reply: 0, longest_waiting_since: null, longest_wait_seconds: null },
          channels: [],
          feed: [],
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Welcome to Kawan, Ayu.' })).toBeTruthy();
    expect(screen.getByText('2 of 4 done')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Getting started' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual([
      'Add what you know (done)',
      'Create your first bot',
      'Connect a channel',
      'Invite your team (done)',
    ]);
    expect(steps.map((step) => within(step).getByRole('link').getAttribute('href'))).toEqual([
      'route:knowledges.create',
      'route:bots.create',
      'route:channels.create',
      'route:teams.show:7',
    ]);
    expect(within(steps[0]).getByText('Done')).toBeTruthy();
    expect(within(steps[1]).queryByText('Done')).toBeNull();
    // The steps come before the live state; an empty queue and feed say so.
    const getStarted = screen.getByRole('list', { name: 'Getting started' });
    const queue = screen.getByRole('region', { name: 'Open queue' });
    expect(getStarted.compareDocumentPosition(queue) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(queue.textContent).toContain('Nobody is waiting');
    expect(screen.getByRole('region', { name: 'Recent activity' }).textContent).toContain('Nothing has happened yet');
    expect(screen.getByRole('region', { name: 'Channel health' }).textContent).toContain('No channel yet');
  });

  it('leads a role that may not do a step to where it may look, never to a form it may not use', () => {
    render(
      <Dashboard
        {...props({
          can: viewer,
          onboarding: {
            steps: [
              { key: 'knowledge', done: false },
              { key: 'bot', done: false },
              { key: 'channel', done: false },
              { key: 'team', done: false },
            ],
            complete: false,
          },
        })}
      />,
    );
    const steps = within(screen.getByRole('list', { name: 'Getting started' })).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('link').textContent)).toEqual([
      'View knowledge bases→',
      'View bots→',
      'View channels→',
      'View team→',
    ]);
    expect(screen.queryByRole('link', { name: /New bot|Connect a channel/ })).toBeNull();
  });

  it('shows an agent their own figures, and leaves out every part the server sent as null', () => {
    render(
      <Dashboard
        {...props({
          can: { ...viewer, handleConversations: true },
          today: { ...props().today!, scope: 'mine' },
          credits: null,
          channels: null,
        })}
      />,
    );
    expect(screen.getByRole('region', { name: 'Your conversations today' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'AI credits' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Channel health' })).toBeNull();
  });

  it('keeps the welcome for a user without a current team, with nothing live and no subscription', () => {
    render(
      <Dashboard
        {...props({
          team: null,
          can: {
            ...viewer,
            viewMembers: false,
            viewBots: false,
            viewKnowledges: false,
            viewChannels: false,
            viewConversations: false,
            viewReports: false,
          },
          onboarding: null,
          queue: null,
          today: null,
          credits: null,
          channels: null,
          feed: null,
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Welcome to Kawan, Ayu.' })).toBeTruthy();
    expect(screen.queryByTestId('dashboard-role')).toBeNull();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Account settings →' })).toBeTruthy();
    expect(fake.channels.size).toBe(0);
  });

  it('reloads its live state when a conversation changes or the report rollups do, throttled', () => {
    vi.useFakeTimers();
    render(<Dashboard {...props()} />);
    const events = fake.channels.get('teams.7')!;
    expect(Object.keys(events).sort()).toEqual(['ConversationChanged', 'ReportsUpdated']);
    const reloads = () => fake.calls.filter((call) => call.method === 'reload');

    // A handoff arrives: the reload goes at once (a quiet spell before).
    act(() => events.ConversationChanged({ action: 'queued', conversation: { id: 31 } }));
    expect(reloads()).toHaveLength(1);
    expect(reloads()[0].options).toMatchObject({ only: liveProps, async: true });
    expect(liveProps).toEqual(['onboarding', 'queue', 'today', 'credits', 'channels', 'feed']);

    // A burst of both events within the window: one more reload at its end, not one each.
    act(() => {
      events.ReportsUpdated({ team_id: 7 });
      events.ConversationChanged({ action: 'taken' });
      events.ReportsUpdated({ team_id: 7 });
      vi.advanceTimersByTime(LIVE_RELOAD_MS - 100);
    });
    expect(reloads()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(100));
    expect(reloads()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(LIVE_RELOAD_MS * 3));
    expect(reloads()).toHaveLength(2);

    // Later, the workers' rollup of today alone reloads too.
    act(() => events.ReportsUpdated({ team_id: 7 }));
    expect(reloads()).toHaveLength(3);
  });

  it('lets the longest wait grow while the page is open', () => {
    vi.useFakeTimers();
    render(
      <Dashboard
        {...props({
          queue: {
            queued: 1,
            human: 0,
            awaiting_reply: 0,
            longest_waiting_since: minutesAgo(9.5),
            longest_wait_seconds: 570,
          },
        })}
      />,
    );
    const queue = screen.getByRole('region', { name: 'Open queue' });
    expect(queue.textContent).toContain('Longest wait9 min');
    act(() => vi.advanceTimersByTime(60_000));
    expect(queue.textContent).toContain('Longest wait10 min');
  });
});

describe('dashboard formats', () => {
  it('write waits and days as people read them', () => {
    expect([null, 20, 59, 60, 720, 3600, 3660, 86_400, 90_000].map(formatWait)).toEqual([
      '—',
      '< 1 min',
      '< 1 min',
      '1 min',
      '12 min',
      '1 h',
      '1 h 1 min',
      '1 d',
      '1 d 1 h',
    ]);
    expect(formatDays('2026-11-01', '2026-11-01')).toBe('November 1');
    expect(formatDays('2026-11-01', '2026-11-24')).toBe('November 1 – 24');
  });
});
