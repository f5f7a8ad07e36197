// @vitest-environment jsdom
import type { ComponentProps, ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Index from '@/Pages/Conversations/Index';
import Show from '@/Pages/Conversations/Show';
import type {
  ContactDetail,
  ConversationDetail,
  ConversationIndexProps,
  ConversationShowProps,
  ConversationSummary,
  Message,
} from '@/Pages/Conversations/Partials/types';
import { presentTemplate } from '../../server/presenters/conversation-presenter';

type Options = Record<string, unknown> & { onSuccess?: () => void; onStart?: () => void; onFinish?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// Inertia stands in as the current page (user 1 of team 7), a router that records what it is asked
// and useForm as local state that records its submissions and starts with `fake.formErrors`;
// route() names the route and its parameters; the channel hook keeps the handlers per channel so
// that a test can play events; the presence hook returns `fake.viewers`.
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  channels: new Map<string, Record<string, (payload: unknown) => void>>(),
  formErrors: {} as Record<string, string>,
  viewers: [] as { id: number; name: string; profile_photo_url: string }[],
  presence: [] as string[],
  /** What the next JSON requests answer (an Error rejects). */
  jsonAnswers: [] as unknown[],
}));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  const record = (method: string) => (url: string, data?: unknown, options?: Options) =>
    fake.calls.push({ method, url, data, options });
  return {
    usePage: () => ({
      props: { auth: { user: { id: 1, name: 'Rina', current_team: { id: 7 } } }, errors: {} },
    }),
    router: {
      get: record('get'),
      post: record('post'),
      put: record('put'),
      // The server answers at once: a reload in flight (useLiveReload) finishes before the next.
      reload: (options?: Options) => {
        fake.calls.push({ method: 'reload', url: '', options });
        (options?.onFinish as (() => void) | undefined)?.();
      },
      visit: (url: string) => fake.calls.push({ method: 'visit', url }),
      on: () => () => {},
    },
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setAll] = useState<T>(initial);
      const [errors, setErrors] = useState<Record<string, string>>(() => ({ ...fake.formErrors }));
      let transformed: ((data: T) => unknown) | undefined;
      const submit = (method: string) => (url: string, options?: Options) =>
        fake.calls.push({ method: `form.${method}`, url, data: transformed ? transformed(data) : data, options });
      return {
        data,
        errors,
        hasErrors: Object.keys(errors).length > 0,
        processing: false,
        setData: (key: string | Partial<T>, value?: unknown) =>
          setAll((current) => (typeof key === 'string' ? { ...current, [key]: value } : { ...current, ...key })),
        reset: () => setAll(initial),
        clearErrors: () => {},
        setError: (key: string, message: string) => setErrors((current) => ({ ...current, [key]: message })),
        transform: (callback: (data: T) => unknown) => {
          transformed = callback;
        },
        post: submit('post'),
        put: submit('put'),
      };
    },
    Link: ({ href, children, ...props }: ComponentProps<'a'> & { href: string; preserveScroll?: boolean }) => {
      const { preserveScroll: _preserveScroll, ...rest } = props;
      return (
        <a href={href} {...rest}>
          {children}
        </a>
      );
    },
    Head: ({ title }: { title?: string; children?: ReactNode }) => <title>{title}</title>,
  };
});

vi.mock('@/lib/route', () => {
  const route = (name?: string, params?: unknown) =>
    name === undefined
      ? { has: () => false, current: () => false }
      : `route:${name}${params === undefined ? '' : `:${JSON.stringify(params)}`}`;
  return { route, optionalRoute: () => null };
});

vi.mock('@/lib/json-request', () => {
  class JsonRequestError extends Error {
    constructor(
      public readonly status: number,
      public readonly body: unknown,
    ) {
      super(`Request failed with status ${status}`);
    }
  }
  return {
    JsonRequestError,
    requestJson: (method: string, url: string, body?: unknown) => {
      fake.calls.push({ method: `json.${method}`, url, data: body });
      // "Typing" signals answer 204 and take none of the answers queued for other requests.
      if (url.startsWith('route:conversations.typing')) return Promise.resolve(null);
      const answer = fake.jsonAnswers.shift();
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
});

vi.mock('@/hooks/use-channel', () => ({
  useChannel: (name: string | null, options: { events?: Record<string, (payload: unknown) => void> } = {}) => {
    // Several components may listen on one channel, as with the real hook.
    if (name) fake.channels.set(name, { ...fake.channels.get(name), ...options.events });
    return { whisper: () => {}, connected: true };
  },
}));

vi.mock('@/hooks/use-presence', () => ({
  usePresence: (name: string | null) => {
    if (name) fake.presence.push(name);
    return { members: fake.viewers, whisper: () => {} };
  },
}));

const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function summary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 5,
    number: 12,
    state: 'bot',
    contact: { id: 40, name: 'Budi Santoso', phone: null, email: null },
    channel: { id: 2, name: 'Website', type: 'web' },
    bot: { id: 3, name: 'Asisten Kopi' },
    assignee: null,
    last_preview: 'Outlet Kemang buka jam berapa?',
    last_message_at: at(-5 * 60_000),
    unread_count: 0,
    handoff_reason: null,
    handoff_at: null,
    waiting_since: null,
    waiting_for: null,
    window_expires_at: null,
    label_ids: [],
    snoozed_until: null,
    priority: null,
    ...overrides,
  };
}

const meta = { current_page: 1, last_page: 1, per_page: 25, total: 2, from: 1, to: 2 };

function indexProps(overrides: Partial<ConversationIndexProps> = {}): ConversationIndexProps {
  return {
    conversations: {
      data: [
        summary(),
        summary({
          id: 6,
          number: 13,
          state: 'queued',
          contact: { id: 41, name: null, phone: '6281234567890', email: null },
          channel: { id: 4, name: 'WA Kemang', type: 'whatsapp' },
          last_preview: 'Saya mau bicara dengan orang',
          unread_count: 2,
          handoff_reason: 'user_request',
          handoff_at: at(-2 * 60_000),
          window_expires_at: at(3 * HOUR + 12 * 60_000 + 30_000),
        }),
      ],
      meta,
    },
    filters: {
      state: 'open',
      channel: '',
      bot: '',
      assignee: '',
      label: '',
      priority: '',
      sort: '',
      mentioned: '',
      search: '',
    },
    counts: { bot: 2, queued: 3, human: 1, mine: 4, snoozed: 7, unread: 5 },
    channels: [
      { id: 2, name: 'Website', type: 'web' },
      { id: 4, name: 'WA Kemang', type: 'whatsapp' },
    ],
    bots: [{ id: 3, name: 'Asisten Kopi' }],
    agents: [
      { id: 1, name: 'Rina' },
      { id: 2, name: 'Sari' },
    ],
    labels: [],
    reply_targets: { first: null, next: null },
    can: { reply: true, resolve: true, assign: true },
    ...overrides,
  };
}

/** An approved template with only a body, as the server presents it. */
function bodyTemplate(name: string, language: string, body: string) {
  return presentTemplate({
    name,
    language,
    category: 'UTILITY',
    parameterFormat: 'POSITIONAL',
    components: [{ type: 'BODY', text: body, example: { body_text: [['Budi']] } }],
  });
}

function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 100,
    direction: 'inbound',
    sender: 'contact',
    kind: 'text',
    text: 'Outlet Kemang buka jam berapa?',
    template_name: null,
    choices: [],
    attachments: [],
    sender_name: null,
    status: 'received',
    error: null,
    created_at: at(-10 * 60_000),
    ai: null,
    feedback: null,
    mentions: [],
    ...overrides,
  };
}

const botReply = message({
  id: 101,
  direction: 'outbound',
  sender: 'bot',
  text: 'Outlet Kemang buka pukul 07.00 sampai 22.00 [1].',
  sender_name: 'Asisten Kopi',
  status: 'delivered',
  ai: {
    kind: 'answer',
    model: 'kawan-extractive',
    latency_ms: 120,
    prompt_tokens: 420,
    completion_tokens: 18,
    estimated: true,
    citations: [
      { title: 'Jam buka', url: 'https://kopi.example/jam', source_id: 40, chunk_id: 501 },
      { title: 'FAQ internal', source_id: 41, chunk_id: 502 },
    ],
    customer_details: [],
  },
});

const note = message({
  id: 102,
  direction: 'outbound',
  sender: 'agent',
  kind: 'note',
  text: 'Pelanggan lama, beri diskon.',
  sender_name: 'Sari',
  status: 'sent',
});

const systemLine = message({
  id: 103,
  direction: 'outbound',
  sender: 'system',
  kind: 'event',
  text: 'Asisten Kopi handed the conversation to the team',
  status: 'sent',
});

function detail(overrides: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    ...summary({ state: 'queued', handoff_reason: 'user_request', handoff_at: at(-2 * 60_000) }),
    handoff_summary: 'Budi asks about opening hours and wants a person.',
    resolved_at: null,
    resolved_by: null,
    reopen_count: 0,
    csat: null,
    origin: { url: 'https://kopi.example/menu', title: 'Menu' },
    window: null,
    ...overrides,
  };
}

const contact: ContactDetail = {
  id: 40,
  name: 'Budi Santoso',
  phone: '6281234567890',
  email: 'budi@example.com',
  external_id: 'cust-40',
  locale: 'id',
  attributes: {},
  first_seen_at: at(-30 * 24 * HOUR),
  last_seen_at: at(-5 * 60_000),
  identities: [
    { channel_type: 'web', channel_name: 'Website', external_user_id: 'visitor-abc', verified: true },
    { channel_type: 'whatsapp', channel_name: 'WA Kemang', external_user_id: '6281234567890', verified: false },
  ],
  other_conversations: [
    {
      id: 2,
      number: 4,
      state: 'resolved',
      last_message_at: at(-7 * 24 * HOUR),
      last_preview: 'Terima kasih',
      channel_type: 'whatsapp',
    },
  ],
};

function showProps(overrides: Partial<ConversationShowProps> = {}): ConversationShowProps {
  return {
    conversation: detail(),
    messages: [message(), botReply, systemLine, note],
    has_earlier: false,
    focus_message_id: null,
    contact,
    agents: [
      { id: 1, name: 'Rina' },
      { id: 2, name: 'Sari' },
    ],
    teammates: [
      { id: 1, name: 'Rina' },
      { id: 2, name: 'Sari' },
      { id: 3, name: 'Dewi Lestari' },
    ],
    templates: [
      bodyTemplate('follow_up', 'id', 'Halo {{1}}, ada yang bisa kami bantu lagi?'),
      bodyTemplate('follow_up', 'en', 'Hi {{1}}, can we help with anything else?'),
    ],
    saved_replies: [],
    labels: [],
    reply_targets: { first: null, next: null },
    contact_fields: [],
    contact_notes: [
      {
        id: 41,
        text: 'Pelanggan tetap: pesan 10 kg tiap bulan',
        author: { id: 3, name: 'Dewi Lestari' },
        created_at: new Date(Date.now() - 3_600_000).toISOString(),
        can_delete: true,
      },
    ],
    can: { reply: true, resolve: true, assign: true },
    ...overrides,
  };
}

const play = (channel: string, event: string, payload: unknown) =>
  act(() => {
    const handler = fake.channels.get(channel)?.[event];
    if (!handler) throw new Error(`Nothing listens to ${event} on ${channel}`);
    handler(payload);
  });

const thread = () => screen.getByRole('list', { name: 'Messages' });
/** The thread's own items (a bot message holds a list of its sources too). */
const threadItems = () =>
  (Array.from(thread().children) as HTMLElement[]).filter((item) => item.getAttribute('role') !== 'separator');

beforeEach(() => {
  // Reply drafts are kept in localStorage: each test starts without any.
  window.localStorage.clear();
  fake.calls.length = 0;
  fake.channels.clear();
  fake.formErrors = {};
  fake.viewers = [];
  fake.presence = [];
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Conversations/Index', () => {
  it('lets whoever answers go away and come back, and counts the away apart among those online', () => {
    fake.viewers = [
      { id: 1, name: 'Rina', profile_photo_url: '/r.png' },
      { id: 2, name: 'Sari', profile_photo_url: '/s.png' },
    ];
    render(
      <Index
        {...indexProps({
          agents: [
            { id: 1, name: 'Rina', away: false },
            { id: 2, name: 'Sari', away: true },
          ],
        })}
      />,
    );
    expect(screen.getByText('2 agents online')).toBeTruthy();
    expect(screen.getByText('(1 away)')).toBeTruthy();
    const available = screen.getByRole('switch', { name: 'Available' });
    expect(available.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(available);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'put',
      url: 'route:conversations.availability.update',
      data: { away: true },
    });
    // A teammate went away or came back: the agents are read again.
    play('teams.7', 'AvailabilityChanged', { user_id: 2, away: false });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'reload', options: { only: ['agents'] } });
  });

  it('has no availability switch for a viewer, who answers nothing', () => {
    render(<Index {...indexProps({ can: { reply: false, resolve: false, assign: false } })} />);
    expect(screen.queryByRole('switch', { name: 'Available' })).toBeNull();
  });

  it('shows the state tabs with their counts, each a link keeping the other filters', () => {
    render(
      <Index
        {...indexProps({
          filters: {
            state: 'open',
            channel: 4,
            bot: '',
            assignee: '',
            label: '',
            priority: '',
            sort: '',
            mentioned: '',
            search: '',
          },
        })}
      />,
    );

    const tabs = screen.getByRole('navigation', { name: 'Conversation states' });
    const tab = (name: string) => within(tabs).getByRole('link', { name: new RegExp(`^${name}`) });
    expect(tab('Open').textContent).toBe('Open6');
    expect(tab('Open').getAttribute('aria-current')).toBe('page');
    expect(tab('Waiting').textContent).toBe('Waiting3');
    expect(tab('Mine').textContent).toBe('Mine4');
    expect(tab('Bot').textContent).toBe('Bot2');
    expect(tab('Human').textContent).toBe('Human1');
    expect(tab('Snoozed').textContent).toBe('Snoozed7');
    expect(tab('Snoozed').getAttribute('href')).toBe(
      'route:conversations.index:{"_query":{"state":"snoozed","channel":4}}',
    );
    expect(tab('Resolved').textContent).toBe('Resolved');
    expect(tab('All').textContent).toBe('All');
    expect(tab('Waiting').getAttribute('aria-current')).toBeNull();
    expect(tab('Waiting').getAttribute('href')).toBe(
      'route:conversations.index:{"_query":{"state":"queued","channel":4}}',
    );
    expect(tab('Mine').getAttribute('href')).toBe(
      'route:conversations.index:{"_query":{"state":"human","channel":4,"assignee":"me"}}',
    );
    expect(tab('All').getAttribute('href')).toBe('route:conversations.index:{"_query":{"channel":4}}');
    expect(screen.getByText('5 unread messages')).toBeTruthy();
  });

  it('lists each conversation: name or formatted phone, channel, waiting badge and reason, unread and window', () => {
    render(<Index {...indexProps()} />);

    const list = screen.getByRole('list', { name: 'Conversations' });
    const budi = within(list).getByRole('listitem', { name: '#12 Budi Santoso' });
    expect(within(budi).getByRole('link', { name: 'Budi Santoso' }).getAttribute('href')).toBe(
      'route:conversations.show:{"conversation":5}',
    );
    expect(within(budi).getByText('Bot')).toBeTruthy();
    expect(within(budi).getByRole('img', { name: 'Web chat' })).toBeTruthy();
    expect(within(budi).getByText('5 minutes ago')).toBeTruthy();
    expect(within(budi).getByText('Unassigned')).toBeTruthy();
    expect(within(budi).queryByLabelText(/unread/)).toBeNull();

    const phone = within(list).getByRole('listitem', { name: '#13 +62 812-3456-7890' });
    expect(within(phone).getByRole('link', { name: '+62 812-3456-7890' })).toBeTruthy();
    expect(within(phone).getByRole('img', { name: 'WhatsApp' })).toBeTruthy();
    expect(within(phone).getByText('Waiting')).toBeTruthy();
    expect(within(phone).getByText('Asked for a person')).toBeTruthy();
    expect(within(phone).getByLabelText('2 unread').textContent).toBe('2');
    expect(within(phone).getByText('3 h 12 m left')).toBeTruthy();
    expect(within(phone).getByText('Saya mau bicara dengan orang')).toBeTruthy();
  });

  it('says how long each customer has waited for a person: amber, red after an hour, nothing when nobody owes a reply', () => {
    render(
      <Index
        {...indexProps({
          conversations: {
            data: [
              summary({ id: 7, number: 14, state: 'queued', waiting_since: at(-14 * 60_000 - 5_000) }),
              summary({ id: 8, number: 15, state: 'human', waiting_since: at(-(26 * HOUR + 3 * 60_000)) }),
              summary({ id: 9, number: 16, state: 'human', waiting_since: null }),
            ],
            meta,
          },
        })}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    const queued = within(rows[0]).getByText('Waiting 14 m');
    expect(queued.getAttribute('title')).toBe('The customer has waited 14 m for a person to take the conversation');
    expect(queued.className).toContain('text-amber-700');
    const human = within(rows[1]).getByText('Waiting 1 d 2 h');
    expect(human.getAttribute('title')).toBe('The customer has waited 1 d 2 h for a reply');
    expect(human.className).toContain('text-red-700');
    expect(within(rows[2]).queryByText(/^Waiting/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'waiting' } });
    expect(fake.calls.at(-1)?.data).toEqual({ state: 'open', sort: 'waiting' });
  });

  it("counts each wait down against the team's target for its reply, first or next, then says it is overdue", () => {
    render(
      <Index
        {...indexProps({
          conversations: {
            data: [
              summary({
                id: 7,
                number: 14,
                state: 'queued',
                waiting_for: 'first',
                waiting_since: at(-4 * 60_000 - 5_000),
              }),
              summary({
                id: 8,
                number: 15,
                state: 'human',
                waiting_for: 'next',
                waiting_since: at(-44 * 60_000 - 5_000),
              }),
              summary({
                id: 9,
                number: 16,
                state: 'human',
                waiting_for: 'next',
                waiting_since: at(-5 * 60_000 - 5_000),
              }),
            ],
            meta,
          },
          reply_targets: { first: 15, next: 30 },
        })}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    const first = within(rows[0]).getByText(/^Waiting \d/);
    expect(first.textContent).toBe('Waiting 4 m · 11 m left');
    expect(first.getAttribute('title')).toBe(
      "The customer has waited 4 m for a person to take the conversation; the team's target is 15 m",
    );
    expect(first.className).toContain('text-amber-700');
    const overdue = within(rows[1]).getByText(/^Waiting \d/);
    expect(overdue.textContent).toBe('Waiting 44 m · 14 m overdue');
    expect(overdue.getAttribute('title')).toBe("The customer has waited 44 m for a reply, past the team's 30 m target");
    expect(overdue.className).toContain('text-red-700');
    expect(within(rows[2]).getByText(/^Waiting \d/).textContent).toBe('Waiting 5 m · 25 m left');
  });

  it('shows a wait without a target for its reply as it is, red after an hour', () => {
    render(
      <Index
        {...indexProps({
          conversations: {
            data: [summary({ state: 'human', waiting_for: 'next', waiting_since: at(-61 * 60_000) })],
            meta,
          },
          reply_targets: { first: 15, next: null },
        })}
      />,
    );
    const wait = within(screen.getAllByRole('listitem')[0]).getByText(/^Waiting \d/);
    expect(wait.textContent).toBe('Waiting 1 h 1 m');
    expect(wait.className).toContain('text-red-700');
  });

  it('says which message a search found in each row, marks the words, and opens the row at that message', () => {
    const base = indexProps();
    render(
      <Index
        {...indexProps({
          filters: { ...base.filters, search: 'jne' },
          conversations: {
            data: [
              summary({
                last_preview: 'Oke makasih kak',
                match: {
                  message_id: 321,
                  snippet: '…pesanan INV-2231 dikirim lewat JNE hari ini, jne reguler…',
                  from: 'agent',
                  created_at: at(-HOUR),
                },
              }),
              summary({ id: 6, number: 13, last_preview: 'Paket JNE sudah sampai', match: null }),
            ],
            meta,
          },
        })}
      />,
    );
    const list = screen.getByRole('list', { name: 'Conversations' });
    const found = within(list).getByRole('listitem', { name: '#12 Budi Santoso' });
    expect(within(found).getByRole('link', { name: 'Budi Santoso' }).getAttribute('href')).toBe(
      'route:conversations.show:{"conversation":5,"message":321}',
    );
    const line = within(found).getByLabelText('Found in a message');
    expect(line.textContent).toBe('Agent:…pesanan INV-2231 dikirim lewat JNE hari ini, jne reguler…');
    expect(Array.from(line.querySelectorAll('mark')).map((mark) => mark.textContent)).toEqual(['JNE', 'jne']);

    const preview = within(list).getByRole('listitem', { name: '#13 Budi Santoso' });
    expect(within(preview).queryByLabelText('Found in a message')).toBeNull();
    expect(within(preview).getByRole('link', { name: 'Budi Santoso' }).getAttribute('href')).toBe(
      'route:conversations.show:{"conversation":6}',
    );
    expect(preview.querySelector('mark')?.textContent).toBe('JNE');
  });

  it('moves along the rows with j and k, opens one with Enter, ticks it with x, and searches with /', () => {
    render(<Index {...indexProps()} />);
    const rows = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('listitem');
    const current = () => rows().map((row) => row.getAttribute('aria-current'));
    expect(current()).toEqual([null, null]);
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(current()).toEqual(['true', null]);
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(current()).toEqual([null, 'true']);
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(current()).toEqual(['true', null]);
    fireEvent.keyDown(document.body, { key: 'x' });
    expect((within(rows()[0]).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(fake.calls.at(-1)).toEqual({ method: 'visit', url: 'route:conversations.show:{"conversation":5}' });

    // Typing is typing; a modifier is another shortcut's.
    const search = screen.getByLabelText('Search conversations');
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j', ctrlKey: true });
    expect(current()).toEqual(['true', null]);

    fireEvent.keyDown(document.body, { key: '?' });
    const help = screen.getByRole('dialog');
    expect(within(help).getByText('Next conversation')).toBeTruthy();
    // An open dialog keeps the page's keys.
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(current()).toEqual(['true', null]);
  });

  it('folds the filters under a button on a phone, which counts those in use', () => {
    const base = indexProps();
    render(<Index {...indexProps({ filters: { ...base.filters, channel: 2, priority: 'high' } })} />);
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.className).toContain('hidden');
    expect(panel.className).toContain('sm:contents');
    expect(within(panel).getByLabelText('Channel')).toBeTruthy();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.className).not.toMatch(/(^| )hidden( |$)/);
  });

  it('names a contact without name or phone "Visitor #id", and says so when the inbox is empty', () => {
    const { unmount } = render(
      <Index
        {...indexProps({
          conversations: {
            data: [summary({ contact: { id: 77, name: '  ', phone: null, email: null } })],
            meta: { ...meta, total: 1, to: 1 },
          },
        })}
      />,
    );
    expect(screen.getByRole('link', { name: 'Visitor #77' })).toBeTruthy();
    unmount();

    render(
      <Index {...indexProps({ conversations: { data: [], meta: { ...meta, total: 0, from: null, to: null } } })} />,
    );
    expect(screen.getByRole('heading', { name: 'No conversations here' })).toBeTruthy();
    expect(screen.getByText(/their conversations appear here/)).toBeTruthy();
  });

  it('puts the filters and the search (after a pause) in the query string, and pages with them kept', () => {
    vi.useFakeTimers();
    render(
      <Index
        {...indexProps({
          conversations: {
            data: [summary()],
            meta: { current_page: 2, last_page: 3, per_page: 25, total: 60, from: 26, to: 50 },
          },
        })}
      />,
    );

    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: '4' } });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'get',
      url: 'route:conversations.index',
      data: { state: 'open', channel: 4 },
      options: { preserveState: true, replace: true },
    });
    fireEvent.change(screen.getByLabelText('Assignee'), { target: { value: 'unassigned' } });
    expect(fake.calls.at(-1)?.data).toEqual({ state: 'open', assignee: 'unassigned' });
    fireEvent.change(screen.getByLabelText('Assignee'), { target: { value: '2' } });
    expect(fake.calls.at(-1)?.data).toEqual({ state: 'open', assignee: 2 });

    // No label filter while the team has no labels.
    expect(screen.queryByLabelText('Label')).toBeNull();

    const before = fake.calls.length;
    fireEvent.change(screen.getByLabelText('Search conversations'), { target: { value: 'budi ' } });
    expect(fake.calls).toHaveLength(before);
    act(() => vi.advanceTimersByTime(300));
    expect(fake.calls.at(-1)?.data).toEqual({ state: 'open', search: 'budi' });

    const nav = screen.getByRole('navigation', { name: 'Conversations pages' });
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      'route:conversations.index:{"_query":{"state":"open","page":3}}',
    );
  });

  it('reloads the list and counts on ConversationChanged at most once a second', () => {
    vi.useFakeTimers();
    render(<Index {...indexProps()} />);

    play('teams.7', 'ConversationChanged', { conversation: summary(), action: 'message' });
    play('teams.7', 'ConversationChanged', { conversation: summary(), action: 'assigned' });
    const reloads = () => fake.calls.filter((call) => call.method === 'reload');
    expect(reloads()).toHaveLength(1);
    expect(reloads()[0].options).toMatchObject({ only: ['conversations', 'counts'] });
    act(() => vi.advanceTimersByTime(1000));
    expect(reloads()).toHaveLength(2);
    expect(screen.queryByText(/is waiting for a person/)).toBeNull();
  });

  it('says a conversation is waiting for a person, and beeps only once the user has interacted', () => {
    const started: number[] = [];
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      createOscillator() {
        return {
          type: '',
          frequency: { value: 0 },
          connect: () => {},
          start: () => started.push(1),
          stop: () => {},
        };
      }
      createGain() {
        return {
          gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
          connect: () => {},
        };
      }
      resume() {
        return Promise.resolve();
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    render(<Index {...indexProps()} />);

    play('teams.7', 'ConversationChanged', { conversation: summary({ number: 21, id: 9 }), action: 'queued' });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Conversation #21 is waiting for a person');
    expect(within(toast).getByRole('link', { name: 'Open it' }).getAttribute('href')).toBe(
      'route:conversations.show:{"conversation":9}',
    );
    expect(started).toHaveLength(0);

    fireEvent.pointerDown(document.body);
    play('teams.7', 'ConversationChanged', { conversation: summary({ number: 22, id: 10 }), action: 'queued' });
    expect(started.length).toBeGreaterThan(0);
    expect(screen.getAllByRole('status')).toHaveLength(2);

    fireEvent.click(within(screen.getAllByRole('status')[0]).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Conversation #21/)).toBeNull();
    expect(screen.getByText(/Conversation #22/)).toBeTruthy();
  });
});

describe('labels in the inbox', () => {
  const labels = [
    { id: 8, name: 'Keluhan', color: 'red' as const, description: '' },
    { id: 9, name: 'VIP', color: 'amber' as const, description: 'Regular customers' },
  ];

  it('shows each conversation’s labels in the list and filters by one', () => {
    render(
      <Index
        {...indexProps({
          labels,
          conversations: { data: [summary({ label_ids: [9, 8, 77] })], meta },
        })}
      />,
    );
    const row = screen.getByRole('listitem', { name: '#12 Budi Santoso' });
    // In the team's order; an id of a label since deleted shows nothing.
    expect(within(row).getByText('Keluhan')).toBeTruthy();
    expect(within(row).getByText('VIP')).toBeTruthy();
    expect(row.textContent).not.toContain('77');
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: '9' } });
    expect(fake.calls.at(-1)?.data).toEqual({ state: 'open', label: 9 });
    expect(screen.getByRole('link', { name: 'Labels' }).getAttribute('href')).toBe('route:labels.index');
  });

  it('changes a conversation’s labels from the card beside the thread, the whole set at once', () => {
    render(<Show {...showProps({ labels, conversation: detail({ label_ids: [8] }) })} />);
    const card = screen.getByRole('region', { name: 'Labels' });
    expect(within(card).getByText('Keluhan').closest('a')?.getAttribute('href')).toBe(
      'route:conversations.index:{"label":8}',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const boxes = within(card).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[0]);
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.put',
      url: `route:conversations.labels.update:{"conversation":${detail().id}}`,
      data: { label_ids: [9] },
      options: { errorBag: 'labels', preserveScroll: true },
    });
  });

  it('shows the labels without Edit to a viewer, and points to adding some when the team has none', () => {
    render(
      <Show
        {...showProps({
          labels,
          conversation: detail({ label_ids: [9] }),
          can: { reply: false, resolve: false, assign: false },
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Labels' });
    expect(within(card).getByText('VIP')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
    cleanup();
    render(<Show {...showProps()} />);
    const empty = screen.getByRole('region', { name: 'Labels' });
    expect(empty.textContent).toContain('Your team has no labels yet.');
    expect(within(empty).getByRole('link', { name: 'Add some' }).getAttribute('href')).toBe('route:labels.index');
  });
});

describe('Conversations/Show', () => {
  it('titles the page and shows the thread: contact left, bot with citations, model and delivery', () => {
    render(<Show {...showProps()} />);

    expect(document.title).toBe('#12 · Budi Santoso');
    const items = threadItems();
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Budi Santoso',
      'Asisten Kopi',
      null,
      'Internal note',
    ]);
    expect(items[0].className).toContain('justify-start');

    const bot = items[1];
    expect(bot.className).toContain('justify-end');
    const sources = within(bot).getByRole('list', { name: 'Sources' });
    expect(within(sources).getByRole('link', { name: 'Jam buka' }).getAttribute('href')).toBe(
      'https://kopi.example/jam',
    );
    expect(within(sources).getByText('FAQ internal').tagName).toBe('SPAN');
    expect(within(bot).getByText('· kawan-extractive · 120 ms')).toBeTruthy();
    expect(within(bot).getByText('Delivered')).toBeTruthy();

    expect(items[2].textContent).toContain('Asisten Kopi handed the conversation to the team');
    expect(items[2].className).toContain('justify-center');
  });

  it("shows the contact's details a bot reply used, and a reply made from them alone", () => {
    const fromCard = message({
      ...botReply,
      id: 105,
      text: 'Menurut catatan kami, Poin Anda 1.250.',
      ai: {
        ...botReply.ai!,
        model: 'openai-compatible',
        prompt_tokens: 0,
        completion_tokens: 0,
        latency_ms: 4,
        citations: [],
        customer_details: ['Poin'],
      },
    });
    const withSources = message({ ...botReply, id: 106, ai: { ...botReply.ai!, customer_details: ['Member tier'] } });
    render(<Show {...showProps({ messages: [fromCard, withSources] })} />);
    const [first, second] = threadItems();
    const told = within(first).getByRole('list', { name: 'Sources' });
    expect(told.textContent).toBe('ContactPoin');
    expect(within(first).getByText("· From the contact's card · 4 ms")).toBeTruthy();
    const both = within(second).getByRole('list', { name: 'Sources' });
    expect(
      within(both)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ContactMember tier', '[1]Jam buka', '[2]FAQ internal']);
  });

  it("names a stored bot reply by the conversation's bot, as a reply written live is", () => {
    render(<Show {...showProps({ messages: [message({ ...botReply, sender_name: null })] })} />);
    expect(threadItems().map((item) => item.getAttribute('aria-label'))).toEqual(['Asisten Kopi']);
  });

  it('says what made a reply no model wrote, in place of the provider it is stored under', () => {
    const withoutModel = (id: number, kind: 'curated' | 'handoff', latency: number) =>
      message({
        ...botReply,
        id,
        ai: {
          ...botReply.ai!,
          kind,
          model: 'openai-compatible',
          prompt_tokens: 0,
          completion_tokens: 0,
          latency_ms: latency,
        },
      });
    const curated = withoutModel(102, 'curated', 85);
    const handoff = withoutModel(103, 'handoff', 40);
    render(<Show {...showProps({ messages: [curated, handoff] })} />);
    const [first, second] = threadItems();
    expect(within(first).getByText('· Curated answer · 85 ms')).toBeTruthy();
    expect(within(second).getByText('· Handoff · 40 ms')).toBeTruthy();
    expect(document.body.textContent).not.toContain('openai-compatible');
  });

  it('styles internal notes apart and shows a failed delivery with its error', () => {
    const failed = message({
      id: 104,
      direction: 'outbound',
      sender: 'agent',
      text: 'Kami cek dulu ya',
      sender_name: 'Rina',
      status: 'failed',
      error: { code: '131047', message: 'More than 24 hours have passed' },
    });
    render(<Show {...showProps({ messages: [note, failed] })} />);

    const noteItem = within(thread()).getByRole('listitem', { name: 'Internal note' });
    expect(within(noteItem).getByText('Internal note')).toBeTruthy();
    expect(within(noteItem).getByText('Pelanggan lama, beri diskon.').className).toContain('bg-amber-50');
    expect(noteItem.textContent).toContain('Sari');

    const agent = within(thread()).getByRole('listitem', { name: 'Rina' });
    expect(within(agent).getByText('Not delivered: More than 24 hours have passed')).toBeTruthy();
    expect(within(agent).queryByText('Internal note')).toBeNull();
  });

  it('sends a failed message again from the thread, and says why the server would not', () => {
    const failed = message({
      id: 104,
      direction: 'outbound',
      sender: 'agent',
      text: 'Kami cek dulu ya',
      sender_name: 'Rina',
      status: 'failed',
      error: { code: 'forbidden', message: 'the customer blocked the bot' },
    });
    render(<Show {...showProps({ messages: [botReply, failed] })} />);
    const agent = within(thread()).getByRole('listitem', { name: 'Rina' });
    expect(within(thread()).getAllByRole('button', { name: 'Send again' })).toHaveLength(1);
    fireEvent.click(within(agent).getByRole('button', { name: 'Send again' }));
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({
      method: 'post',
      url: 'route:conversations.messages.resend:{"conversation":5,"message":104}',
      data: {},
      options: { preserveScroll: true, preserveState: true },
    });
    expect((within(agent).getByRole('button', { name: 'Sending again…' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => {
      const options = call.options as { onError: (errors: Record<string, string>) => void; onFinish: () => void };
      options.onError({ message: 'The 24-hour WhatsApp window is closed: only an approved template can be sent.' });
      options.onFinish();
    });
    expect(within(agent).getByRole('alert').textContent).toBe(
      'The 24-hour WhatsApp window is closed: only an approved template can be sent.',
    );
    expect((within(agent).getByRole('button', { name: 'Send again' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a send the provider refused for now is being tried again, with the reason', () => {
    const retrying = message({
      id: 104,
      direction: 'outbound',
      sender: 'agent',
      sender_name: 'Rina',
      status: 'queued',
      error: { code: 'network', message: 'the provider could not be reached' },
    });
    render(<Show {...showProps({ messages: [retrying] })} />);
    const agent = within(thread()).getByRole('listitem', { name: 'Rina' });
    expect(within(agent).getByRole('note').textContent).toBe(
      'Not sent yet, trying again: the provider could not be reached',
    );
    expect(within(agent).queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it("keeps the writer's name when a status change arrives without it", () => {
    const reply = message({ id: 104, direction: 'outbound', sender: 'agent', sender_name: 'Rina', status: 'queued' });
    render(<Show {...showProps({ messages: [reply] })} />);
    play('conversations.5', 'MessageUpdated', {
      message: { ...reply, sender_name: null, status: 'failed', error: { code: 'x', message: 'refused' } },
    });
    const agent = within(thread()).getByRole('listitem', { name: 'Rina' });
    expect(within(agent).getByText('Not delivered: refused')).toBeTruthy();
  });

  it('offers a viewer no Send again', () => {
    const failed = message({ id: 104, direction: 'outbound', sender: 'agent', status: 'failed', error: null });
    render(<Show {...showProps({ messages: [failed], can: { reply: false, resolve: false, assign: false } })} />);
    expect(within(thread()).getByText('Not delivered')).toBeTruthy();
    expect(within(thread()).queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it("says above the thread how long the customer has waited for a person's reply", () => {
    const { unmount } = render(
      <Show {...showProps({ conversation: detail({ state: 'human', waiting_since: at(-3 * 60_000 - 5_000) }) })} />,
    );
    const thread = screen.getByRole('region', { name: 'Thread' });
    expect(within(thread).getByText('Waiting 3 m').getAttribute('title')).toBe(
      'The customer has waited 3 m for a reply',
    );
    unmount();
    const { unmount: again } = render(
      <Show
        {...showProps({
          conversation: detail({ state: 'human', waiting_for: 'first', waiting_since: at(-3 * 60_000 - 5_000) }),
          reply_targets: { first: 10, next: null },
        })}
      />,
    );
    expect(within(screen.getByRole('region', { name: 'Thread' })).getByText(/^Waiting/).textContent).toBe(
      'Waiting 3 m · 7 m left',
    );
    again();
    render(<Show {...showProps({ conversation: detail({ state: 'human', waiting_since: null }) })} />);
    expect(within(screen.getByRole('region', { name: 'Thread' })).queryByText(/^Waiting /)).toBeNull();
  });

  it('offers Take over for a waiting conversation, and the other actions by state', () => {
    render(<Show {...showProps()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Take over' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'post',
      url: 'route:conversations.assign:{"conversation":5}',
      data: { user_id: 1 },
      options: { preserveScroll: true },
    });

    fireEvent.change(screen.getByLabelText('Assigned to'), { target: { value: '2' } });
    expect(fake.calls.at(-1)).toMatchObject({
      url: 'route:conversations.assign:{"conversation":5}',
      data: { user_id: 2 },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Hand back to bot' }));
    expect(fake.calls.at(-1)?.url).toBe('route:conversations.handback:{"conversation":5}');
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(fake.calls.at(-1)?.url).toBe('route:conversations.resolve:{"conversation":5}');
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
  });

  it('shows a viewer neither Take over nor the composer', () => {
    render(<Show {...showProps({ can: { reply: false, resolve: false, assign: false } })} />);

    expect(screen.queryByRole('button', { name: 'Take over' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(screen.queryByLabelText('Assigned to')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/may read conversations/)).toBeTruthy();
  });

  it('unassigns with null, and reopens a resolved conversation', () => {
    render(
      <Show
        {...showProps({
          conversation: detail({
            state: 'resolved',
            assignee: { id: 2, name: 'Sari' },
            resolved_at: at(-HOUR),
            resolved_by: 'human',
          }),
        })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Take over' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(screen.getByText('Answered by a person')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Assigned to'), { target: { value: '' } });
    expect(fake.calls.at(-1)).toMatchObject({ data: { user_id: null } });
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(fake.calls.at(-1)?.url).toBe('route:conversations.reopen:{"conversation":5}');
  });

  it('opens each day of the thread with its date', () => {
    // Noon of a day counted back from today, in this zone (whatever the hour the test runs at).
    const noon = (daysAgo: number, minutes = 0) => {
      const date = new Date();
      date.setDate(date.getDate() - daysAgo);
      date.setHours(12, minutes, 0, 0);
      return date;
    };
    const messages = [
      message({ id: 1, created_at: noon(3).toISOString() }),
      message({ id: 2, created_at: noon(3, 1).toISOString() }),
      message({ id: 3, created_at: noon(1).toISOString() }),
      message({ id: 4, created_at: noon(0).toISOString() }),
    ];
    render(<Show {...showProps({ messages })} />);
    const dividers = within(thread()).getAllByRole('separator');
    expect(dividers.map((divider) => divider.getAttribute('aria-label'))).toEqual([
      noon(3).toLocaleDateString('en-US', {
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
      'Yesterday',
      'Today',
    ]);
    expect(threadItems()).toHaveLength(4);
  });

  it('says how a conversation a person resolved while the bot had it ended: by the bot alone', () => {
    render(
      <Show
        {...showProps({ conversation: detail({ state: 'resolved', resolved_at: at(-HOUR), resolved_by: 'bot' }) })}
      />,
    );
    // The thread names who pressed Resolve; the panel says nobody had to take it over.
    expect(screen.getByText('Answered by the bot alone')).toBeTruthy();
    expect(screen.queryByText(/^by the bot/)).toBeNull();
  });

  it('sends a reply on Enter, keeps Shift+Enter for a new line, and posts notes to their route', () => {
    render(<Show {...showProps()} />);

    const box = screen.getByRole('textbox', { name: 'Reply' });
    fireEvent.change(box, { target: { value: 'Buka jam 7 pagi, kak' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(fake.calls.filter((call) => call.method === 'form.post')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    const sent = fake.calls.at(-1)!;
    expect(sent).toMatchObject({
      method: 'form.post',
      url: 'route:conversations.messages.store:{"conversation":5}',
      data: { text: 'Buka jam 7 pagi, kak' },
      options: { preserveScroll: true },
    });
    act(() => sent.options?.onSuccess?.());
    expect((screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Internal note' }));
    const noteBox = screen.getByRole('textbox', { name: 'Internal note' });
    fireEvent.change(noteBox, { target: { value: 'Cek stok dulu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:conversations.notes.store:{"conversation":5}',
      data: { text: 'Cek stok dulu' },
    });
  });

  it('goes to the reply box with r, to a note with n, and back to the inbox with u', async () => {
    render(<Show {...showProps()} />);
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(screen.getByRole('form', { name: 'Internal note' })).toBeTruthy();
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Internal note' }));
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(screen.getByRole('form', { name: 'Reply' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'u' });
    expect(fake.calls.at(-1)).toEqual({ method: 'visit', url: 'route:conversations.index' });
  });

  it('keeps a half-written reply or note for when the conversation is opened again, until it is sent', () => {
    const first = render(<Show {...showProps()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Internal note' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Internal note' }), { target: { value: 'Cek stok dulu' } });
    first.unmount();
    // Another conversation's box is empty.
    const other = render(<Show {...showProps({ conversation: detail({ id: 6 }) })} />);
    expect((screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement).value).toBe('');
    other.unmount();

    render(<Show {...showProps()} />);
    const box = screen.getByRole('textbox', { name: 'Internal note' }) as HTMLTextAreaElement;
    expect(box.value).toBe('Cek stok dulu');
    fireEvent.keyDown(box, { key: 'Enter' });
    const sent = fake.calls.at(-1)!;
    expect(sent).toMatchObject({ method: 'form.post', url: 'route:conversations.notes.store:{"conversation":5}' });
    // Gone as it is sent (the note can be in the thread, live, before the answer); a refusal keeps it.
    expect(window.localStorage.length).toBe(0);
    act(() => (sent.options as { onError: () => void }).onError());
    expect(window.localStorage.length).toBe(1);
    act(() => (sent.options as { onSuccess: () => void }).onSuccess());
    cleanup();
    render(<Show {...showProps()} />);
    expect((screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('sends files with a reply, its words as the caption, or with a note, as form data', () => {
    render(<Show {...showProps()} />);
    const picker = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(picker.accept).toContain('application/pdf');
    expect(picker.multiple).toBe(true);
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeTruthy();
    const menu = new File(['%PDF-1.4 menu'], 'menu.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [menu] } });
    expect(screen.getByText('📎 menu.pdf')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
    expect(box.placeholder).toBe('Add a caption (optional)…');
    expect(box.maxLength).toBe(1024);
    // A file needs no words.
    fireEvent.keyDown(box, { key: 'Enter' });
    const sent = fake.calls.at(-1)!;
    expect(sent).toMatchObject({
      method: 'form.post',
      url: 'route:conversations.messages.store:{"conversation":5}',
      data: { text: '', files: [menu] },
      options: { forceFormData: true },
    });

    // Taken off again, the reply is words only.
    fireEvent.click(screen.getByRole('button', { name: 'Remove menu.pdf' }));
    expect(screen.queryByText('📎 menu.pdf')).toBeNull();
    fireEvent.change(box, { target: { value: 'Halo' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(fake.calls.at(-1)).toMatchObject({ data: { text: 'Halo' }, options: { forceFormData: false } });
    expect(fake.calls.at(-1)!.data).not.toHaveProperty('files');

    // A note takes one too, kept for the team, with words of any length.
    fireEvent.click(screen.getByRole('button', { name: 'Internal note' }));
    const noteBox = screen.getByRole('textbox', { name: 'Internal note' }) as HTMLTextAreaElement;
    fireEvent.change(noteBox, { target: { value: 'Cek stok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(fake.calls.at(-1)!.data).toEqual({ text: 'Cek stok' });
    fireEvent.change(picker, { target: { files: [menu] } });
    expect(screen.getByText('📎 menu.pdf')).toBeTruthy();
    expect(noteBox.placeholder).toBe('Add words to the note (optional)…');
    expect(noteBox.maxLength).toBe(4096);
    fireEvent.change(noteBox, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:conversations.notes.store:{"conversation":5}',
      data: { text: '', files: [menu] },
      options: { forceFormData: true },
    });
  });

  it('takes several files, picked in turns, in order, at most ten, each removable', () => {
    render(<Show {...showProps()} />);
    const picker = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const file = (name: string) => new File(['x'], name, { type: 'image/png' });
    const [one, two, three] = [file('satu.png'), file('dua.png'), file('tiga.png')];
    fireEvent.change(picker, { target: { files: [one, two] } });
    fireEvent.change(picker, { target: { files: [three] } });
    const chips = within(screen.getByRole('list', { name: 'Files to send' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      expect.stringContaining('satu.png'),
      expect.stringContaining('dua.png'),
      expect.stringContaining('tiga.png'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove dua.png' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Reply' }), { key: 'Enter' });
    expect(fake.calls.at(-1)).toMatchObject({ data: { text: '', files: [one, three] } });

    // Past ten, the rest are left out, and the box says so.
    fireEvent.change(picker, { target: { files: Array.from({ length: 9 }, (_, i) => file(`foto-${i}.png`)) } });
    expect(screen.getByText('At most 10 files go at a time: the others were left out.').getAttribute('role')).toBe(
      'status',
    );
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getAllByRole('listitem')).toHaveLength(10);
  });

  it('lists the saved replies after a "/", moves with the arrows and puts the chosen one in at the caret', () => {
    const saved_replies = [
      { id: 1, shortcut: 'alamat', text: 'Jl. Kemang Raya 12, Jakarta Selatan' },
      { id: 2, shortcut: 'jam-buka', text: 'Kami buka setiap hari pukul 07.00–22.00.' },
      { id: 3, shortcut: 'jam-tutup', text: 'Dapur tutup pukul 21.00.' },
    ];
    render(<Show {...showProps({ saved_replies })} />);
    const box = screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
    const list = () => screen.queryByRole('listbox', { name: 'Saved replies' });
    const options = () => {
      const shown = list();
      return shown
        ? within(shown)
            .getAllByRole('option')
            .map((option) => option.textContent)
        : [];
    };

    fireEvent.change(box, { target: { value: 'Halo Kak, /jam' } });
    expect(options()).toEqual([
      '/jam-bukaKami buka setiap hari pukul 07.00–22.00.',
      '/jam-tutupDapur tutup pukul 21.00.',
    ]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(within(list()!).getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true');
    // Enter puts the reply in; it does not send.
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Halo Kak, Dapur tutup pukul 21.00.');
    expect(options()).toEqual([]);
    expect(fake.calls.filter((call) => call.method === 'form.post')).toHaveLength(0);

    // A word of the text finds it too; Escape closes the list, and Enter then sends as usual.
    fireEvent.change(box, { target: { value: '/kemang' } });
    expect(options()).toEqual(['/alamatJl. Kemang Raya 12, Jakarta Selatan']);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(options()).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.post', data: { text: '/kemang' } });

    // A "/" inside a word (a date, a link) is text.
    fireEvent.change(box, { target: { value: 'tanggal 12/jam' } });
    expect(options()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Manage saved replies' }).getAttribute('href')).toBe(
      'route:saved-replies.index',
    );
  });

  it("fills a saved reply's variables for the conversation and the agent as it is put in", () => {
    const saved_replies = [
      {
        id: 1,
        shortcut: 'sapa',
        text: 'Halo Kak {{contact.first_name | Kakak}}, saya {{agent.first_name}}. Nomor Anda {{contact.phone}}, e-mail {{contact.email|belum ada}}, percakapan #{{conversation.number}}.',
      },
    ];
    const { unmount } = render(
      <Show
        {...showProps({
          saved_replies,
          conversation: detail({ contact: { id: 40, name: 'Budi Santoso', phone: '6281234567890', email: null } }),
        })}
      />,
    );
    let box = screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '/sapa', selectionStart: 5 } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Halo Kak Budi, saya Rina. Nomor Anda +62 812-3456-7890, e-mail belum ada, percakapan #12.');
    unmount();

    render(
      <Show
        {...showProps({
          saved_replies,
          conversation: detail({ contact: { id: 41, name: null, phone: null, email: 'x@y.test' } }),
        })}
      />,
    );
    box = screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '/sapa', selectionStart: 5 } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Halo Kak Kakak, saya Rina. Nomor Anda, e-mail x@y.test, percakapan #12.');
  });

  it('lists teammates after an "@" in a note, puts "@Name" in and sends whom the note still names', () => {
    render(<Show {...showProps()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Internal note' }));
    const box = screen.getByRole('textbox', { name: 'Internal note' }) as HTMLTextAreaElement;
    const options = () => {
      const list = screen.queryByRole('listbox', { name: 'Teammates' });
      return list
        ? within(list)
            .getAllByRole('option')
            .map((option) => option.textContent)
        : [];
    };

    // A word of the name finds it; Enter puts the whole name in and does not send.
    fireEvent.change(box, { target: { value: 'Tolong @les' } });
    expect(options()).toEqual(['DLDewi Lestari']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Tolong @Dewi Lestari ');
    expect(options()).toEqual([]);
    expect(fake.calls.filter((call) => call.method === 'form.post')).toHaveLength(0);

    // The arrows move; a click chooses too.
    fireEvent.change(box, { target: { value: `${box.value}dan @` } });
    expect(options()).toEqual(['DLDewi Lestari', 'RRina', 'SSari']);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(
      within(screen.getByRole('listbox', { name: 'Teammates' }))
        .getAllByRole('option')[2]
        .getAttribute('aria-selected'),
    ).toBe('true');
    fireEvent.mouseDown(
      within(screen.getByRole('listbox', { name: 'Teammates' })).getByRole('option', { name: /Rina/ }),
    );
    expect(box.value).toBe('Tolong @Dewi Lestari dan @Rina ');

    // An e-mail address is not a mention; nothing matching closes the list; Escape closes it too.
    fireEvent.change(box, { target: { value: `${box.value}cc rina@kopi.id` } });
    expect(options()).toEqual([]);
    fireEvent.change(box, { target: { value: 'Tolong @Dewi Lestari dan @Rina, cek @zz' } });
    expect(options()).toEqual([]);
    fireEvent.change(box, { target: { value: 'Tolong @Dewi Lestari dan @Rina, cek @S' } });
    expect(options()).toEqual(['SSari']);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(options()).toEqual([]);

    // Rina's name is deleted before sending: only Dewi is told.
    fireEvent.change(box, { target: { value: 'Tolong @Dewi Lestari cek resi ya' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:conversations.notes.store:{"conversation":5}',
      data: { text: 'Tolong @Dewi Lestari cek resi ya', mentions: [3] },
    });

    // A reply lists no teammates.
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reply' }), { target: { value: '@Dew' } });
    expect(options()).toEqual([]);
  });

  it('tells the visitor and teammates that a reply is being written, at most every few seconds, and when it stops', () => {
    vi.useFakeTimers();
    try {
      render(<Show {...showProps()} />);
      const typing = () =>
        fake.calls
          .filter((call) => call.url === 'route:conversations.typing:{"conversation":5}')
          .map((call) => call.data);
      const box = screen.getByRole('textbox', { name: 'Reply' });
      fireEvent.change(box, { target: { value: 'Ha' } });
      fireEvent.change(box, { target: { value: 'Halo' } });
      expect(typing()).toEqual([{ typing: true }]);
      act(() => vi.advanceTimersByTime(3_000));
      fireEvent.change(box, { target: { value: 'Halo Kak' } });
      expect(typing()).toEqual([{ typing: true }, { typing: true }]);
      // Four seconds without a change: stopped.
      act(() => vi.advanceTimersByTime(4_000));
      expect(typing()).toEqual([{ typing: true }, { typing: true }, { typing: false }]);
      // Sending stops it at once; emptying the box too.
      fireEvent.change(box, { target: { value: 'Halo Kak Budi' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      act(() => fake.calls.findLast((call) => call.method === 'form.post')!.options?.onSuccess?.());
      expect(typing().slice(-2)).toEqual([{ typing: true }, { typing: false }]);
      // A note says nothing: only the team reads it.
      fireEvent.click(screen.getByRole('button', { name: 'Internal note' }));
      const before = typing().length;
      fireEvent.change(screen.getByRole('textbox', { name: 'Internal note' }), { target: { value: 'Cek stok' } });
      act(() => vi.advanceTimersByTime(5_000));
      expect(typing().length).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says who is writing now: the visitor, and teammates but never oneself, forgotten when unheard', () => {
    vi.useFakeTimers();
    try {
      render(<Show {...showProps()} />);
      const line = () => screen.getByRole('status', { name: 'Writing now' }).textContent;
      expect(line()).toBe('');
      play('conversations.5', 'ContactTyping', { typing: true });
      expect(line()).toBe('Budi Santoso is typing…');
      play('conversations.5', 'AgentTyping', { user_id: 2, name: 'Sari', typing: true });
      play('conversations.5', 'AgentTyping', { user_id: 1, name: 'Rina', typing: true });
      expect(line()).toBe('Budi Santoso is typing… Sari is writing a reply…');
      play('conversations.5', 'ContactTyping', { typing: false });
      expect(line()).toBe('Sari is writing a reply…');
      // A "stopped" that never came: forgotten after eight seconds.
      act(() => vi.advanceTimersByTime(8_000));
      expect(line()).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks the teammates a note names, the reader more strongly', () => {
    const named: Message = {
      ...note,
      id: 140,
      text: '@Rina tolong cek, @Sari sudah tahu. Email rina@kopi.id',
      mentions: [1, 2],
    };
    render(<Show {...showProps({ messages: [named] })} />);
    const item = screen.getByRole('listitem', { name: 'Internal note' });
    const you = within(item).getByTitle('You were mentioned');
    expect(you.textContent).toBe('@Rina');
    expect(within(item).getByTitle('Sari was mentioned').textContent).toBe('@Sari');
    expect(item.textContent).toContain('Email rina@kopi.id');
  });

  it('lets whoever replies correct the contact, and not a viewer', () => {
    const { unmount } = render(<Show {...showProps()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit contact' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Budi Santoso' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'budi@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.put',
      url: 'route:conversations.contact.update:{"conversation":5}',
      data: { name: 'Budi Santoso', email: 'budi@example.com' },
      options: { errorBag: 'updateContact' },
    });
    unmount();
    render(<Show {...showProps({ can: { reply: false, resolve: false, assign: false } })} />);
    expect(screen.queryByRole('button', { name: 'Edit contact' })).toBeNull();
  });

  it('shows the error of the text field', () => {
    fake.formErrors = { text: 'The message may not be longer than 4096 characters.' };
    render(<Show {...showProps()} />);
    expect(screen.getByRole('alert').textContent).toBe('The message may not be longer than 4096 characters.');
  });

  it('replaces the composer by a template picker when the WhatsApp window has closed', () => {
    const whatsapp = { id: 4, name: 'WA Kemang', type: 'whatsapp' as const };
    render(
      <Show
        {...showProps({ conversation: detail({ channel: whatsapp, window: { open: false, expires_at: null } }) })}
      />,
    );

    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
    expect(screen.getByText(/24-hour window has closed/)).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send template' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'follow_up|en' } });

    // The value it asks for, with the example Meta approved, and the message as the customer reads it.
    const value = screen.getByLabelText('Body {{1}}') as HTMLInputElement;
    expect(value.placeholder).toBe('e.g. Budi');
    const preview = screen.getByRole('figure');
    expect(preview.textContent).toContain('Hi {{1}}, can we help with anything else?');
    fireEvent.change(value, { target: { value: 'Sari' } });
    expect(preview.textContent).toContain('Hi Sari, can we help with anything else?');
    fireEvent.click(send);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:conversations.messages.store:{"conversation":5}',
      data: { template: 'follow_up', language: 'en', parameters: { body_1: 'Sari' } },
      options: { forceFormData: false },
    });

    // A note for the team is still possible.
    fireEvent.click(screen.getByRole('button', { name: 'Internal note' }));
    expect(screen.getByRole('textbox', { name: 'Internal note' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send template' })).toBeNull();
  });

  it("asks for a template's header file, its button's code, and shows each value's error", () => {
    fake.formErrors = { 'parameters.button_1': 'Code the customer copies may be at most 15 characters.' };
    const whatsapp = { id: 4, name: 'WA Kemang', type: 'whatsapp' as const };
    const promo = presentTemplate({
      name: 'promo_card',
      language: 'id',
      category: 'MARKETING',
      parameterFormat: 'NAMED',
      components: [
        { type: 'HEADER', format: 'IMAGE' },
        {
          type: 'BODY',
          text: 'Halo {{nama}}, ini kupon untukmu.',
          example: { body_text_named_params: [{ param_name: 'nama', example: 'Budi' }] },
        },
        { type: 'FOOTER', text: 'Kopi Nusantara' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Berhenti promo' },
            { type: 'COPY_CODE', example: ['KOPI20'] },
          ],
        },
      ],
    });
    const otp = presentTemplate({
      name: 'login_code',
      language: 'id',
      category: 'AUTHENTICATION',
      parameterFormat: 'POSITIONAL',
      components: [{ type: 'BODY', text: '{{1}} adalah kode Anda.' }],
    });
    render(
      <Show
        {...showProps({
          conversation: detail({ channel: whatsapp, window: { open: false, expires_at: null } }),
          templates: [otp, promo],
        })}
      />,
    );

    const otpOption = screen.getByRole('option', { name: /login_code/ }) as HTMLOptionElement;
    expect(otpOption.disabled).toBe(true);
    expect(screen.getByRole('list', { name: 'Templates Kawan cannot send' }).textContent).toMatch(
      /login_code \(id\): Authentication templates/,
    );

    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'promo_card|id' } });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'kupon.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Header picture (JPEG or PNG)'), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText('Body {{nama}}'), { target: { value: 'Sari' } });
    fireEvent.change(screen.getByLabelText('Code the customer copies'), { target: { value: 'KOPI20' } });
    const code = screen.getByLabelText('Code the customer copies');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Code the customer copies may be at most 15 characters.')).toBeTruthy();
    const preview = screen.getByRole('figure');
    expect(preview.textContent).toContain('📎 kupon.jpg');
    expect(preview.textContent).toContain('Halo Sari, ini kupon untukmu.');
    expect(within(preview).getByRole('list', { name: 'Buttons' }).textContent).toContain('Berhenti promo');

    fireEvent.click(screen.getByRole('button', { name: 'Send template' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      data: { template: 'promo_card', language: 'id', parameters: { body_nama: 'Sari', button_1: 'KOPI20' }, file },
      options: { forceFormData: true },
    });
  });

  it('downloads the inbox as filtered and a conversation as a transcript, without an Inertia visit', () => {
    render(<Index {...indexProps({ filters: { ...indexProps().filters, state: 'resolved' } })} />);
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe('route:conversations.export:{"_query":{"state":"resolved"}}');
    expect(csv.hasAttribute('download')).toBe(true);
    cleanup();
    render(<Show {...showProps()} />);
    const transcript = screen.getByRole('link', { name: 'Transcript' });
    expect(transcript.getAttribute('href')).toBe('route:conversations.transcript:{"conversation":5}');
    expect(transcript.hasAttribute('download')).toBe(true);
  });

  it('marks the conversation unread for whoever answers, and offers it to nobody else', () => {
    const { unmount } = render(<Show {...showProps()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mark as unread' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'post', url: 'route:conversations.unread:{"conversation":5}' });
    unmount();
    render(<Show {...showProps({ can: { reply: false, resolve: false, assign: false } })} />);
    expect(screen.queryByRole('button', { name: 'Mark as unread' })).toBeNull();
  });

  it('names the template an agent sent under its message', () => {
    const sent = message({
      id: 120,
      direction: 'outbound',
      sender: 'agent',
      sender_name: 'Rina',
      kind: 'template',
      template_name: 'pesanan_siap',
      text: 'Halo Sari, pesanan KN-2041 sudah siap diambil.',
      status: 'delivered',
    });
    render(<Show {...showProps({ messages: [message(), sent] })} />);
    const item = within(thread()).getByRole('listitem', { name: 'Rina' });
    expect(item.textContent).toContain('Template pesanan_siap');
    expect(within(item).queryByRole('link', { name: 'Broadcast' })).toBeNull();
  });

  it('says a message is a copy of a broadcast, and links to the broadcast', () => {
    const copy = message({
      id: 121,
      direction: 'outbound',
      sender: 'agent',
      sender_name: 'Dewi',
      kind: 'template',
      template_name: 'promo_menu_baru',
      broadcast_id: 7,
      text: 'Halo Sari! Es Kopi Pandan sudah hadir.',
      status: 'read',
    });
    render(<Show {...showProps({ messages: [copy] })} />);
    const item = within(thread()).getByRole('listitem', { name: 'Dewi' });
    expect(within(item).getByRole('link', { name: 'Broadcast' }).getAttribute('href')).toBe(
      'route:broadcasts.show:{"broadcast":7}',
    );
  });

  it('drafts a reply by the bot into the reply box, with its sources, or says why not', async () => {
    const { JsonRequestError } = await import('@/lib/json-request');
    fake.jsonAnswers.push(
      {
        text: 'Outlet Kemang buka setiap hari pukul 07.00 sampai 22.00.',
        kind: 'answer',
        sources: [{ title: 'Jam buka', url: '/knowledges/2/edit' }],
        question: 'Outlet Kemang buka jam berapa?',
      },
      { text: '', kind: 'fallback', sources: [], question: 'Tiket ke Tokyo?' },
      new JsonRequestError(422, { message: 'x', errors: { suggestion: ['No bot answers on this channel.'] } }),
    );
    render(<Show {...showProps()} />);
    const box = screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Halo Kak Budi,' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Suggest a reply' }));
    });
    expect(fake.calls.at(-1)).toEqual({
      method: 'json.POST',
      url: 'route:conversations.suggestion:{"conversation":5}',
    });
    expect(box.value).toBe('Halo Kak Budi,\n\nOutlet Kemang buka setiap hari pukul 07.00 sampai 22.00.');
    const notice = within(screen.getByRole('form', { name: 'Reply' })).getByRole('status');
    expect(notice.textContent).toBe('Drafted by the bot from Jam buka. Check it before you send it.');
    expect(within(notice).getByRole('link', { name: 'Jam buka' }).getAttribute('href')).toBe('/knowledges/2/edit');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Suggest a reply' }));
    });
    expect(box.value).toBe('Halo Kak Budi,\n\nOutlet Kemang buka setiap hari pukul 07.00 sampai 22.00.');
    expect(within(screen.getByRole('form', { name: 'Reply' })).getByRole('status').textContent).toBe(
      'The bot found no answer in its knowledge for “Tiket ke Tokyo?”.',
    );

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Suggest a reply' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('No bot answers on this channel.');
  });

  it('offers a template beside free text while the WhatsApp window is open', () => {
    const whatsapp = { id: 4, name: 'WA Kemang', type: 'whatsapp' as const };
    const expires = at(2 * HOUR);
    render(
      <Show
        {...showProps({
          conversation: detail({
            channel: whatsapp,
            window_expires_at: expires,
            window: { open: true, expires_at: expires },
          }),
        })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use a template' }));
    expect(screen.getByText('Send one of your approved WhatsApp templates.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'Reply' })).toBeTruthy();
  });

  it('counts down an open WhatsApp window above the composer', () => {
    const whatsapp = { id: 4, name: 'WA Kemang', type: 'whatsapp' as const };
    const expires = at(3 * HOUR + 12 * 60_000 + 30_000);
    render(
      <Show
        {...showProps({
          conversation: detail({
            channel: whatsapp,
            window_expires_at: expires,
            window: { open: true, expires_at: expires },
          }),
        })}
      />,
    );
    expect(screen.getByText('Window closes in 3 h 12 m')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Reply' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send template' })).toBeNull();
  });

  it('streams a bot reply from deltas, then takes the finished message, without duplicates', () => {
    render(<Show {...showProps({ messages: [message()] })} />);
    const channel = 'conversations.5';

    play(channel, 'MessageCreated', { message: message({ id: 110, text: 'Ada promo hari ini?' }) });
    play(channel, 'MessageCreated', { message: message({ id: 110, text: 'Ada promo hari ini?' }) });
    expect(threadItems()).toHaveLength(2);

    play(channel, 'MessageDelta', { id: 111, type: 'delta', text: 'Ada, ' });
    let writing = within(thread()).getByRole('listitem', { name: 'Asisten Kopi' });
    expect(writing.getAttribute('aria-busy')).toBe('true');
    expect(writing.textContent).toContain('Ada, ');
    play(channel, 'MessageDelta', { id: 111, type: 'delta', text: 'diskon 10%' });
    writing = within(thread()).getByRole('listitem', { name: 'Asisten Kopi' });
    expect(writing.textContent).toContain('Ada, diskon 10%');
    play(channel, 'MessageDelta', { id: 111, type: 'replace', text: 'Ada, diskon 20%' });
    expect(within(thread()).getByRole('listitem', { name: 'Asisten Kopi' }).textContent).toContain('Ada, diskon 20%');

    play(channel, 'MessageUpdated', {
      message: { ...botReply, id: 111, text: 'Ada, diskon 20% untuk kopi susu.', status: 'queued' },
    });
    play(channel, 'MessageDelta', { id: 111, type: 'delta', text: ' (late)' });
    const items = threadItems();
    expect(items).toHaveLength(3);
    const done = items[2];
    expect(done.getAttribute('aria-busy')).toBeNull();
    expect(done.textContent).toContain('Ada, diskon 20% untuk kopi susu.');
    expect(done.textContent).not.toContain('(late)');
    expect(within(done).getByText('· kawan-extractive · 120 ms')).toBeTruthy();

    play(channel, 'MessageUpdated', {
      message: { ...botReply, id: 111, text: 'Ada, diskon 20% untuk kopi susu.', status: 'read' },
    });
    expect(within(threadItems()[2]).getByText('Read')).toBeTruthy();
  });

  it('takes ConversationUpdated, and shows the other agents viewing it', () => {
    fake.viewers = [
      { id: 1, name: 'Rina', profile_photo_url: '/rina.png' },
      { id: 2, name: 'Sari', profile_photo_url: '/sari.png' },
    ];
    render(<Show {...showProps()} />);

    expect(fake.presence).toContain('conversations.5');
    expect(screen.getByLabelText('Also viewing: Sari')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Sari' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Rina' })).toBeNull();

    expect(screen.getByRole('button', { name: 'Take over' })).toBeTruthy();
    play('conversations.5', 'ConversationUpdated', {
      conversation: detail({ state: 'human', assignee: { id: 2, name: 'Sari' } }),
    });
    expect(screen.queryByRole('button', { name: 'Take over' })).toBeNull();
    expect((screen.getByLabelText('Assigned to') as HTMLSelectElement).value).toBe('2');
  });

  it('shows the contact, their identities and other conversations, the handoff and the origin', () => {
    render(<Show {...showProps({ conversation: detail({ csat: { score: 4, comment: 'Cepat' } }) })} />);

    const details = screen.getByRole('complementary', { name: 'Details' });
    // The contact's phone and their WhatsApp identity.
    expect(within(details).getAllByText('+62 812-3456-7890')).toHaveLength(2);
    expect(within(details).getByText('budi@example.com')).toBeTruthy();
    const identities = within(details).getByRole('list', { name: 'Identities' });
    expect(within(identities).getAllByRole('listitem')).toHaveLength(2);
    expect(within(identities).getAllByText('✓ Verified')).toHaveLength(1);
    const others = within(details).getByRole('list', { name: 'Other conversations' });
    expect(within(others).getByRole('link', { name: '#4' }).getAttribute('href')).toBe(
      'route:conversations.show:{"conversation":2}',
    );
    expect(within(details).getByText('Asked for a person')).toBeTruthy();
    expect(within(details).getByText('Budi asks about opening hours and wants a person.')).toBeTruthy();
    expect(within(details).getByLabelText('4 out of 5')).toBeTruthy();
    expect(within(details).getByText('“Cepat”')).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Menu' }).getAttribute('href')).toBe('https://kopi.example/menu');
  });

  it('points to the contact page when other contacts have the same e-mail or phone', () => {
    render(<Show {...showProps({ contact: { ...contact, possible_duplicates: 2 } })} />);
    const note = within(screen.getByRole('complementary', { name: 'Details' })).getByRole('note');
    expect(note.textContent).toBe('2 other contacts have the same e-mail or phone: review and merge.');
    expect(within(note).getByRole('link', { name: 'review and merge' }).getAttribute('href')).toBe(
      `route:contacts.show:{"contact":${contact.id}}`,
    );
    cleanup();
    render(<Show {...showProps({ contact: { ...contact, possible_duplicates: 0 } })} />);
    expect(
      within(screen.getByRole('complementary', { name: 'Details' })).queryByText(/same e-mail or phone/),
    ).toBeNull();
  });

  it('never links an origin that is not a web address', () => {
    render(<Show {...showProps({ conversation: detail({ origin: { url: 'javascript:alert(1)' } }) })} />);
    const details = screen.getByRole('complementary', { name: 'Details' });
    expect(within(details).getByText('javascript:alert(1)').tagName).not.toBe('A');
  });
});

describe('the thread going back', () => {
  /** Messages `from`..`to` of conversation 5, one a minute, a day ago. */
  const run = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) =>
      message({ id: from + i, text: `Pesan ${from + i}`, created_at: at(-24 * HOUR + (from + i) * 60_000) }),
    );
  const texts = () => threadItems().map((item) => item.textContent ?? '');
  const settle = () => act(async () => {});

  it('loads the earlier messages in front of the thread, keeps them across reloads, and stops at the first', async () => {
    fake.jsonAnswers.push(
      { messages: run(101, 200), has_earlier: true },
      { messages: run(1, 100), has_earlier: false },
    );
    const { rerender } = render(<Show {...showProps({ messages: run(201, 300), has_earlier: true })} />);
    expect(threadItems()).toHaveLength(101);

    await act(async () => {
      fireEvent.click(within(thread()).getByRole('button', { name: 'Load earlier messages' }));
    });
    expect(fake.calls.at(-1)).toEqual({
      method: 'json.GET',
      url: 'route:conversations.messages.index:{"conversation":5,"before":201}',
    });
    expect(texts()[1]).toContain('Pesan 101');
    expect(threadItems()).toHaveLength(201);

    // A reload (the page's props again, with a new message): the earlier ones stay in front.
    rerender(
      <Show {...showProps({ messages: [...run(202, 300), message({ id: 301, text: 'Baru' })], has_earlier: true })} />,
    );
    expect(texts()[1]).toContain('Pesan 101');
    expect(texts().at(-1)).toContain('Baru');
    expect(threadItems()).toHaveLength(202);

    // Scrolling back to the top loads the rest; the first message ends it.
    const box = thread();
    box.scrollTop = 0;
    await act(async () => {
      fireEvent.scroll(box);
    });
    expect(fake.calls.at(-1)?.url).toBe('route:conversations.messages.index:{"conversation":5,"before":101}');
    expect(texts()[0]).toContain('Pesan 1');
    expect(within(thread()).queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    expect(new Set(threadItems().map((item) => item.id)).size).toBe(301);
  });

  it('says when the earlier messages could not be loaded, and tries again', async () => {
    const { JsonRequestError } = await import('@/lib/json-request');
    fake.jsonAnswers.push(new JsonRequestError(500, null), { messages: run(1, 50), has_earlier: false });
    render(<Show {...showProps({ messages: run(51, 150), has_earlier: true })} />);
    await act(async () => {
      fireEvent.click(within(thread()).getByRole('button', { name: 'Load earlier messages' }));
    });
    expect(within(thread()).getByRole('alert').textContent).toBe('Earlier messages could not be loaded. Try again');
    await act(async () => {
      fireEvent.click(within(thread()).getByRole('button', { name: 'Try again' }));
    });
    expect(threadItems()).toHaveLength(150);
    expect(within(thread()).queryByRole('alert')).toBeNull();
  });

  it('goes back to a message the search found, loading until it is there, and marks it', async () => {
    fake.jsonAnswers.push(
      { messages: run(101, 200), has_earlier: true },
      { messages: run(1, 100), has_earlier: false },
    );
    render(<Show {...showProps({ messages: run(201, 300), has_earlier: true, focus_message_id: 42 })} />);
    await settle();
    await settle();
    expect(fake.calls.filter((call) => call.method === 'json.GET')).toHaveLength(2);
    const hit = thread().querySelector('#message-42') as HTMLElement;
    expect(hit.dataset.marked).toBe('true');
    expect(thread().querySelectorAll('[data-marked]')).toHaveLength(1);
  });

  it('marks a message the search found among the latest without loading anything, for a while', async () => {
    vi.useFakeTimers();
    render(<Show {...showProps({ messages: run(201, 300), has_earlier: true, focus_message_id: 250 })} />);
    expect(fake.calls.filter((call) => call.method === 'json.GET')).toHaveLength(0);
    expect((thread().querySelector('#message-250') as HTMLElement).dataset.marked).toBe('true');
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    expect(thread().querySelectorAll('[data-marked]')).toHaveLength(0);
  });
});

describe('snoozing', () => {
  const snoozeButton = () => screen.getByRole('button', { name: 'Snooze' });

  it('snoozes a conversation with a person until a choice of the menu, in the browser’s zone', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A Wednesday afternoon: tomorrow morning is Thursday 09:00, next week Monday 09:00.
    vi.setSystemTime(new Date(2026, 11, 9, 14, 20, 30));
    render(<Show {...showProps({ conversation: detail({ state: 'human', assignee: { id: 1, name: 'Rina' } }) })} />);

    fireEvent.click(snoozeButton());
    const item = (name: RegExp) => screen.getByRole('button', { name });
    expect(item(/^In 1 hour/).textContent).toContain('3:20 PM');
    fireEvent.click(item(/^Tomorrow morning/));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:conversations.snooze:{"conversation":5}',
      data: { until: new Date(2026, 11, 10, 9, 0).toISOString() },
      options: { preserveScroll: true },
    });
    fireEvent.click(snoozeButton());
    fireEvent.click(item(/^Next week/));
    expect(fake.calls.at(-1)?.data).toEqual({ until: new Date(2026, 11, 14, 9, 0).toISOString() });
  });

  it('snoozes until a date and time picked in a dialog, within 90 days', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 9, 14, 20, 30));
    render(<Show {...showProps()} />);

    fireEvent.click(snoozeButton());
    fireEvent.click(screen.getByRole('button', { name: 'Pick a date and time…' }));
    const dialog = screen.getByRole('dialog', { name: 'Snooze until' });
    const input = within(dialog).getByLabelText('Date and time');
    expect(input.getAttribute('min')).toBe('2026-12-09T14:22');
    expect(input.getAttribute('max')).toBe('2027-03-09T14:19');
    fireEvent.change(input, { target: { value: '2026-12-24T16:45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:conversations.snooze:{"conversation":5}',
      data: { until: new Date(2026, 11, 24, 16, 45).toISOString() },
    });
    // An emptied field is not sent.
    const sent = fake.calls.length;
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(fake.calls).toHaveLength(sent);
    expect(within(dialog).getByText('Choose a date and a time.')).toBeTruthy();
  });

  it('says until when a conversation is snoozed, in the thread’s header and the inbox, and unsnoozes it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 9, 14, 20, 30));
    const until = new Date(2026, 11, 10, 9, 0).toISOString();
    render(<Show {...showProps({ conversation: detail({ state: 'human', snoozed_until: until }) })} />);
    expect(screen.getByText('Snoozed until tomorrow, 9:00 AM')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Snooze' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unsnooze' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'post', url: 'route:conversations.unsnooze:{"conversation":5}' });
    cleanup();

    const later = new Date(2026, 11, 15, 9, 0).toISOString();
    render(
      <Index {...indexProps({ conversations: { data: [summary({ state: 'human', snoozed_until: later })], meta } })} />,
    );
    expect(screen.getByText('Snoozed until Tue, Dec 15, 9:00 AM')).toBeTruthy();
  });

  it('is not offered for the bot’s conversations, nor to a viewer', () => {
    render(<Show {...showProps({ conversation: detail({ state: 'bot' }) })} />);
    expect(screen.queryByRole('button', { name: 'Snooze' })).toBeNull();
    cleanup();
    render(<Show {...showProps({ can: { reply: false, resolve: false, assign: false } })} />);
    expect(screen.queryByRole('button', { name: 'Snooze' })).toBeNull();
  });

  it('explains the empty Snoozed tab', () => {
    render(
      <Index
        {...indexProps({
          conversations: { data: [], meta: { ...meta, total: 0, from: null, to: null } },
          filters: {
            state: 'snoozed',
            mentioned: '',
            channel: '',
            bot: '',
            assignee: '',
            label: '',
            priority: '',
            sort: '',
            search: '',
          },
        })}
      />,
    );
    expect(screen.getByText(/No conversation is snoozed/)).toBeTruthy();
  });
});

describe('priority', () => {
  it('shows each conversation’s priority in the list, filters by one and puts the most urgent first', () => {
    render(
      <Index
        {...indexProps({
          conversations: {
            data: [summary({ priority: 'urgent' }), summary({ id: 6, number: 13, priority: null })],
            meta,
          },
        })}
      />,
    );
    const rows = screen.getByRole('list', { name: 'Conversations' });
    expect(within(rows).getByTitle('Priority: Urgent').textContent).toBe('Urgent');
    expect(within(rows).getAllByTitle(/^Priority:/)).toHaveLength(1);

    const priority = screen.getByLabelText('Priority') as HTMLSelectElement;
    expect(Array.from(priority.options).map((option) => option.text)).toEqual([
      'Any priority',
      'Urgent',
      'High',
      'Medium',
      'Low',
    ]);
    fireEvent.change(priority, { target: { value: 'high' } });
    expect(fake.calls.at(-1)?.data).toEqual({ state: 'open', priority: 'high' });
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'priority' } });
    expect(fake.calls.at(-1)?.data).toEqual({ state: 'open', sort: 'priority' });
  });

  it('is marked from the conversation card by whoever answers, and shown to a viewer', () => {
    render(<Show {...showProps({ conversation: detail({ priority: 'high' }) })} />);
    const select = screen.getByRole('combobox', { name: 'Priority' }) as HTMLSelectElement;
    expect(select.value).toBe('high');
    fireEvent.change(select, { target: { value: 'urgent' } });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'put',
      url: 'route:conversations.priority.update:{"conversation":5}',
      data: { priority: 'urgent' },
      options: { preserveScroll: true },
    });
    fireEvent.change(select, { target: { value: '' } });
    expect(fake.calls.at(-1)?.data).toEqual({ priority: '' });
    cleanup();

    render(
      <Show
        {...showProps({
          conversation: detail({ priority: 'high' }),
          can: { reply: false, resolve: false, assign: false },
        })}
      />,
    );
    expect(screen.queryByRole('combobox', { name: 'Priority' })).toBeNull();
    expect(screen.getByTitle('Priority: High')).toBeTruthy();
  });
});

describe('bulk actions', () => {
  const twoRows = () =>
    indexProps({
      conversations: {
        data: [summary(), summary({ id: 6, number: 13, contact: { id: 41, name: 'Sari', phone: null, email: null } })],
        meta,
      },
      labels: [{ id: 9, name: 'Promo', color: 'amber', description: '' }],
    });

  it('ticks rows, then resolves, assigns, marks or labels them together in one request', () => {
    render(<Index {...twoRows()} />);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select #12 Budi Santoso' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText(/1 conversation selected/)).toBeTruthy();

    fireEvent.click(within(bar).getByRole('checkbox', { name: 'Select every conversation on this page' }));
    expect(within(bar).getByText(/2 conversations selected/)).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Resolve' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'post',
      url: 'route:conversations.bulk',
      data: { ids: [5, 6], action: 'resolve' },
      options: { preserveScroll: true },
    });
    fireEvent.change(within(bar).getByLabelText('Assign the selected conversations'), { target: { value: '2' } });
    expect(fake.calls.at(-1)?.data).toEqual({ ids: [5, 6], action: 'assign', user_id: 2 });
    fireEvent.change(within(bar).getByLabelText('Assign the selected conversations'), { target: { value: 'nobody' } });
    expect(fake.calls.at(-1)?.data).toEqual({ ids: [5, 6], action: 'assign', user_id: null });
    fireEvent.change(within(bar).getByLabelText('Mark the priority of the selected conversations'), {
      target: { value: 'high' },
    });
    expect(fake.calls.at(-1)?.data).toEqual({ ids: [5, 6], action: 'priority', priority: 'high' });
    fireEvent.change(within(bar).getByLabelText('Add a label to the selected conversations'), {
      target: { value: '9' },
    });
    expect(fake.calls.at(-1)?.data).toEqual({ ids: [5, 6], action: 'label', label_id: 9 });

    // Done: the ticks go.
    act(() => (fake.calls.at(-1)?.options?.onSuccess as () => void)());
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select #13 Sari' }) as HTMLInputElement).checked).toBe(false);
  });

  it('offers no tick boxes to a viewer', () => {
    render(<Index {...twoRows()} can={{ reply: false, resolve: false, assign: false }} />);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});
