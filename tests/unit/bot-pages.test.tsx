// @vitest-environment jsdom
import { questionsSentence } from '../../resources/js/Pages/Bots/Partials/ReplayPanel';
import type { ComponentProps, ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type * as JsonRequestModule from '@/lib/json-request';
import Index from '@/Pages/Bots/Index';
import Create from '@/Pages/Bots/Create';
import Edit from '@/Pages/Bots/Edit';
import Show from '@/Pages/Bots/Show';
import type {
  BotConfig,
  BotEditProps,
  BotIndexProps,
  BotShowProps,
  BotSummary,
  Turn,
} from '@/Pages/Bots/Partials/types';

type Options = Record<string, unknown> & { onSuccess?: () => void; onStart?: () => void; onFinish?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// Inertia stands in as the current page, a router that records what it is asked, useForm as local
// state (both setData forms) that records its submissions and starts with `fake.formErrors`, as
// after a failed save; route() names the route and its parameters; the channel hook keeps the
// handlers per channel so a test can play events; requestJson is a mock per test.
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  channels: new Map<string, Record<string, (payload: unknown) => void>>(),
  /** The current team's `viewBilling` flag (owners and admins see Billing). */
  billing: true,
  formErrors: {} as Record<string, string>,
  requestJson: null as unknown as Mock<(...args: unknown[]) => Promise<unknown>>,
}));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  const record = (method: string) => (url: string, data?: unknown, options?: Options) =>
    fake.calls.push({ method, url, data, options });
  return {
    usePage: () => ({
      props: { auth: { user: { id: 1, current_team: { id: 7, can: { viewBilling: fake.billing } } } }, errors: {} },
    }),
    router: {
      get: record('get'),
      post: record('post'),
      put: record('put'),
      delete: (url: string, options?: Options) => fake.calls.push({ method: 'delete', url, options }),
      // The server answers at once: a reload in flight (useLiveReload) finishes before the next.
      reload: (options?: Options) => {
        fake.calls.push({ method: 'reload', url: '', options });
        (options?.onFinish as (() => void) | undefined)?.();
      },
      visit: (url: string) => fake.calls.push({ method: 'visit', url }),
      on: () => () => {},
    },
    useForm: <T extends Record<string, unknown>>(initial: T | (() => T)) => {
      const [data, setAll] = useState<T>(initial);
      const [errors] = useState<Record<string, string>>(() => ({ ...fake.formErrors }));
      let transform = (value: T): unknown => value;
      const submit = (method: string) => (url: string, options?: Options) =>
        fake.calls.push({ method: `form.${method}`, url, data: transform(data), options });
      return {
        data,
        errors,
        hasErrors: Object.keys(errors).length > 0,
        processing: false,
        progress: null,
        recentlySuccessful: false,
        setData: (key: string | ((current: T) => T), value?: unknown) =>
          setAll((current) => (typeof key === 'function' ? key(current) : { ...current, [key]: value })),
        reset: () => setAll(initial),
        transform: (callback: (value: T) => unknown) => {
          transform = callback;
        },
        post: submit('post'),
        put: submit('put'),
        delete: submit('delete'),
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
  // Billing is the one optional page these pages link to.
  return { route, optionalRoute: (name: string) => (name === 'billing.index' ? route(name) : null) };
});

vi.mock('@/hooks/use-channel', () => ({
  useChannel: (name: string | null, options: { events?: Record<string, (payload: unknown) => void> } = {}) => {
    if (name) fake.channels.set(name, options.events ?? {});
    return { whisper: () => {}, connected: true };
  },
}));

vi.mock('@/lib/json-request', async (importOriginal) => {
  const actual = await importOriginal<typeof JsonRequestModule>();
  return { ...actual, requestJson: (...args: unknown[]) => fake.requestJson(...args) };
});

function summary(overrides: Partial<BotSummary> = {}): BotSummary {
  return {
    id: 3,
    public_id: 'bot_abcdefghijklmnop',
    name: 'Asisten Kopi',
    description: 'Menjawab pelanggan kedai.',
    avatar_color: 'emerald',
    status: 'active',
    published_version: 3,
    published_at: '2026-01-01T10:00:00.000Z',
    has_draft_changes: true,
    knowledge_count: 2,
    replies_this_month: 14,
    monthly_credit_cap: null,
    credits_this_period: 0,
    last_active_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    updated_at: '2026-01-02T10:00:00.000Z',
    created_at: '2025-12-01T10:00:00.000Z',
    ...overrides,
  };
}

const meta = { current_page: 1, last_page: 1, per_page: 12, total: 1, from: 1, to: 1 };

function indexProps(overrides: Partial<BotIndexProps> = {}): BotIndexProps {
  return {
    bots: { data: [summary()], meta },
    channels: {},
    filters: { search: '', status: '' },
    statuses: ['draft', 'active', 'paused'],
    limit: { used: 1, limit: 5, reached: false, plan: 'Growth' },
    can: { create: true, update: true, delete: true },
    ...overrides,
  };
}

const config: BotConfig = {
  name: 'Asisten Kopi',
  language: 'auto',
  instructions: 'Kamu Asisten Kopi. Jawab singkat.',
  model: { providerId: null, name: '', temperature: 0.3, maxTokens: 512 },
  welcomeMessage: 'Halo! Ada yang bisa saya bantu?',
  suggestedQuestions: ['Jam buka?', 'Bisa bayar QRIS?'],
  fallbackMessage: 'Maaf, saya belum tahu.',
  grounding: 'strict',
  retrieval: { topK: 5, minScore: 0.2, curatedThreshold: 0.85 },
  knowledgeIds: [11],
  handoff: {
    keywords: ['komplain', 'refund'],
    onUserRequest: true,
    afterFallbacks: 3,
    onLowConfidence: false,
    message: 'Saya sambungkan ke tim kami.',
    businessHours: null,
    offlineMessage: 'Tim kami sedang di luar jam kerja.',
  },
  english: { welcomeMessage: '', fallbackMessage: 'Sorry, I do not know yet.', handoffMessage: '', offlineMessage: '' },
};

const options = {
  languages: ['auto', 'indonesian', 'english'],
  grounding: ['strict', 'balanced'],
  avatar_colors: ['indigo', 'emerald', 'amber', 'rose', 'sky', 'violet', 'slate'],
  statuses: ['draft', 'active', 'paused'],
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
} satisfies BotEditProps['options'];

const versions = [
  { id: 31, version: 3, note: 'Shorter answers', created_at: '2026-01-01T10:00:00.000Z' },
  { id: 12, version: 1, note: null, created_at: '2025-12-01T10:00:00.000Z' },
];

function editProps(overrides: Partial<BotEditProps> = {}): BotEditProps {
  return {
    bot: summary(),
    config,
    test_questions: ['Jam buka?'],
    versions,
    knowledges: [
      { id: 11, name: 'FAQ', sources_count: 2, chunks_count: 9 },
      { id: 12, name: 'Menu', sources_count: 1, chunks_count: 4 },
    ],
    options,
    ai: { default_model: 'gpt-4o-mini (api.example.com)' },
    providers: [],
    can: { create: true, update: true, delete: true },
    ...overrides,
  };
}

function turn(overrides: Partial<Turn> = {}): Turn {
  return {
    id: 90,
    version: null,
    source: 'test',
    thread: 'thread-abcdef12',
    question: 'Outlet Kemang buka jam berapa?',
    reply: 'Outlet Kemang buka pukul 07.00 sampai 22.00 [1].',
    kind: 'answer',
    citations: [{ marker: 1, passage: 2, chunkId: 501, sourceId: 40, sourceTitle: 'Jam buka' }],
    trace: {
      curated: { used: false, chunkId: 502, score: 0.41 },
      retrieved: [
        {
          chunkId: 502,
          sourceTitle: 'FAQ QRIS',
          score: 0.0325,
          fulltext: { rank: 1, score: 0.12 },
          phrasing: 0.41,
        },
        {
          chunkId: 501,
          sourceTitle: 'Jam buka',
          score: 0.0312,
          fulltext: { rank: 2, score: 0.08 },
          vector: { rank: 1, similarity: 0.61 },
          passage: 2,
          holdsQuestion: true,
        },
      ],
      prompt: { messages: 2, tokens: 412, passages: 2, historyKept: 0, historyDropped: 0 },
      provider: { kind: 'openai-compatible', extractive: false, called: true },
      model: 'fake-model',
      finishReason: 'stop',
      usage: { promptTokens: 420, completionTokens: 18, estimated: true },
      latencyMs: 840,
      costUsd: 0.000072,
      handoffDecision: 'none',
      handoff: null,
      language: 'indonesian',
      request: 'req-1',
    },
    prompt_tokens: 420,
    completion_tokens: 18,
    latency_ms: 840,
    feedback: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

function showProps(overrides: Partial<BotShowProps> = {}): BotShowProps {
  return {
    bot: summary(),
    config,
    knowledges: [{ id: 11, name: 'FAQ' }],
    versions,
    test_questions: ['Parkir mobil berapa?'],
    customer_fields: [],
    recent_turns: [],
    replay: null,
    replay_questions: { saved: 1, conversation: 0 },
    ai: { provider: 'fake-model (api.example.com)' },
    can: { create: true, update: true, delete: true },
    ...overrides,
  };
}

const play = (channel: string, event: string, payload: unknown) =>
  act(() => {
    fake.channels.get(channel)?.[event]?.(payload);
  });

/** A promise with its resolve and reject, to answer a request when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  fake.calls.length = 0;
  fake.channels.clear();
  fake.billing = true;
  fake.formErrors = {};
  fake.requestJson = vi.fn<(...args: unknown[]) => Promise<unknown>>();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Bots/Index', () => {
  it('explains what a bot is when the team has none, with the create button', () => {
    render(<Index {...indexProps({ bots: { data: [], meta: { ...meta, total: 0, from: null, to: null } } })} />);

    expect(screen.getByRole('heading', { name: 'No bots yet' })).toBeTruthy();
    expect(screen.getByText(/A bot answers your customers for you/)).toBeTruthy();
    const create = screen.getAllByRole('link', { name: 'New bot' });
    expect(create).toHaveLength(2);
    expect(create[1].getAttribute('href')).toBe('route:bots.create');
    expect(screen.queryByLabelText('Search bots')).toBeNull();
  });

  it('lists each bot with its avatar, status, publication, knowledge, replies and last activity', () => {
    const bots = [
      summary(),
      summary({
        id: 4,
        name: 'Toko Sepatu',
        avatar_color: 'rose',
        description: '',
        status: 'draft',
        published_version: null,
        published_at: null,
        knowledge_count: 1,
        replies_this_month: 1,
        last_active_at: null,
      }),
      summary({ id: 5, name: 'Hotel', status: 'paused', has_draft_changes: false, replies_this_month: 0 }),
    ];
    render(
      <Index
        {...indexProps({
          bots: { data: bots, meta: { ...meta, total: 3, to: 3 } },
          channels: {
            3: [
              { type: 'web', count: 1 },
              { type: 'whatsapp', count: 1 },
            ],
            5: [{ type: 'telegram', count: 1 }],
          },
        })}
      />,
    );

    const list = screen.getByRole('list', { name: 'Bots' });
    const kopi = within(list).getByRole('listitem', { name: 'Asisten Kopi' });
    expect(within(kopi).getByRole('link', { name: 'Asisten Kopi' }).getAttribute('href')).toBe('route:bots.show:3');
    expect(within(kopi).getByText('AK').className).toContain('bg-emerald-500');
    expect(within(kopi).getByText('Menjawab pelanggan kedai.')).toBeTruthy();
    expect(within(kopi).getByText('Active')).toBeTruthy();
    expect(within(kopi).getByText('Published v3')).toBeTruthy();
    expect(within(kopi).getByText('Draft changes')).toBeTruthy();
    expect(within(kopi).getByText('2 knowledge bases')).toBeTruthy();
    expect(within(kopi).getByText('14 replies this month')).toBeTruthy();
    expect(within(kopi).getByText('2 channels: Web chat, WhatsApp')).toBeTruthy();
    expect(within(kopi).getByText('Active 3 hours ago')).toBeTruthy();

    const shoes = within(list).getByRole('listitem', { name: 'Toko Sepatu' });
    expect(within(shoes).getByText('TS').className).toContain('bg-rose-500');
    expect(within(shoes).getByText('Draft')).toBeTruthy();
    expect(within(shoes).getByText('Not published')).toBeTruthy();
    expect(within(shoes).queryByText('Draft changes')).toBeNull();
    expect(within(shoes).getByText('1 knowledge base')).toBeTruthy();
    expect(within(shoes).getByText('1 reply this month')).toBeTruthy();
    expect(within(shoes).getByText('No channel')).toBeTruthy();
    expect(within(shoes).getByText('Not active yet')).toBeTruthy();

    const hotel = within(list).getByRole('listitem', { name: 'Hotel' });
    expect(within(hotel).getByText('Paused')).toBeTruthy();
    expect(within(hotel).getByText('Telegram')).toBeTruthy();
    expect(within(hotel).queryByText('Draft changes')).toBeNull();
  });

  it('searches after a pause in typing and filters by status, as query parameters', () => {
    vi.useFakeTimers();
    render(<Index {...indexProps()} />);

    fireEvent.change(screen.getByLabelText('Search bots'), { target: { value: 'kop' } });
    fireEvent.change(screen.getByLabelText('Search bots'), { target: { value: 'kopi ' } });
    expect(fake.calls).toHaveLength(0);
    act(() => vi.advanceTimersByTime(300));
    expect(fake.calls).toEqual([
      expect.objectContaining({ method: 'get', url: 'route:bots.index', data: { search: 'kopi' } }),
    ]);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paused' } });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'get',
      url: 'route:bots.index',
      data: { search: 'kopi', status: 'paused' },
      options: { preserveState: true, replace: true },
    });
  });

  it('says when nothing matches and clears the filters', () => {
    render(
      <Index
        {...indexProps({
          filters: { search: 'sushi', status: 'active' },
          bots: { data: [], meta: { ...meta, total: 0, from: null, to: null } },
        })}
      />,
    );

    expect(screen.getByRole('heading', { name: 'No bots match' })).toBeTruthy();
    expect(screen.getByText(/No active bot matches/).textContent).toContain('“sushi”');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'get', url: 'route:bots.index', data: {} });
  });

  it('pages with the filters kept, and reloads the list on BotChanged at most twice a second', () => {
    vi.useFakeTimers();
    render(
      <Index
        {...indexProps({
          filters: { search: 'kopi', status: 'active' },
          bots: {
            data: [summary()],
            meta: { current_page: 2, last_page: 3, per_page: 12, total: 30, from: 13, to: 24 },
          },
        })}
      />,
    );

    const nav = screen.getByRole('navigation', { name: 'Bots pages' });
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      'route:bots.index:{"_query":{"search":"kopi","status":"active","page":3}}',
    );

    play('teams.7', 'BotChanged', { team_id: 7, bot_id: 3, action: 'updated' });
    play('teams.7', 'BotChanged', { team_id: 7, bot_id: 4, action: 'created' });
    expect(fake.calls.filter((call) => call.method === 'reload')).toHaveLength(1);
    expect(fake.calls[0].options).toMatchObject({ only: ['bots', 'limit'] });
    act(() => vi.advanceTimersByTime(500));
    expect(fake.calls.filter((call) => call.method === 'reload')).toHaveLength(2);
  });
});

describe('Bots/Create', () => {
  const createProps = (knowledges: BotEditProps['knowledges']) => ({
    defaults: config,
    knowledges,
    options,
    ai: { default_model: 'gpt-4o-mini (api.example.com)' },
    providers: [],
    can: { create: true, update: true, delete: true },
  });

  it('posts the name, description, colour and linked knowledge bases', () => {
    render(<Create {...createProps(editProps().knowledges)} />);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Toko Sepatu' } });
    fireEvent.change(screen.getByLabelText('Description (optional)'), { target: { value: 'Sizes and returns' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Rose' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Menu/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:bots.store',
      data: { name: 'Toko Sepatu', description: 'Sizes and returns', avatar_color: 'rose', knowledge_ids: [12] },
    });
  });

  it('points to creating a knowledge base when the team has none', () => {
    render(<Create {...createProps([])} />);

    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create a knowledge base' }).getAttribute('href')).toBe(
      'route:knowledges.create',
    );
  });
});

describe('Bots/Edit', () => {
  it('shows every section with the draft’s values', () => {
    render(<Edit {...editProps()} />);

    for (const title of ['Persona', 'Model', 'Messages', 'Knowledge & grounding', 'Handoff', 'Test questions']) {
      expect(screen.getByRole('heading', { name: title, level: 3 })).toBeTruthy();
    }
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asisten Kopi');
    expect((screen.getByRole('radio', { name: 'Emerald' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('active');
    expect((screen.getByLabelText('Reply language') as HTMLSelectElement).value).toBe('auto');
    expect((screen.getByLabelText('Instructions') as HTMLTextAreaElement).value).toBe(
      'Kamu Asisten Kopi. Jawab singkat.',
    );
    expect((screen.getByLabelText('Model name') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('gpt-4o-mini (api.example.com)')).toBeTruthy();
    expect((screen.getByLabelText('Temperature') as HTMLInputElement).value).toBe('0.3');
    expect((screen.getByLabelText('Temperature slider') as HTMLInputElement).value).toBe('0.3');
    expect((screen.getByLabelText('Max tokens') as HTMLInputElement).value).toBe('512');
    expect((screen.getByLabelText('Suggested first questions') as HTMLTextAreaElement).value).toBe(
      'Jam buka?\nBisa bayar QRIS?',
    );
    expect((screen.getByRole('checkbox', { name: /FAQ/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Menu/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: /Strict/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Passages per question') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Keywords') as HTMLTextAreaElement).value).toBe('komplain\nrefund');
    expect(
      screen.getByRole('switch', { name: 'Hand off when the customer asks for a person' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect((screen.getByLabelText('Hand off after this many fallbacks in a row') as HTMLInputElement).value).toBe('3');
    expect(
      screen.getByRole('switch', { name: 'People answer only during business hours' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect((screen.getByLabelText('Questions to try') as HTMLTextAreaElement).value).toBe('Jam buka?');
    const list = screen.getByRole('list', { name: 'Versions' });
    expect(within(list).getByRole('listitem', { name: 'Version 3' }).textContent).toContain('Shorter answers');
    expect(within(list).getByText('Live')).toBeTruthy();
  });

  it('shows the server’s messages beside their fields by dot path, and which sections have them', () => {
    fake.formErrors = {
      'model.temperature': 'The temperature field must be between 0 and 1.',
      'config.knowledgeIds': 'The selected knowledge base is invalid.',
      'handoff.businessHours.days.mon.0': 'The business hours must end after they start.',
    };
    render(
      <Edit
        {...editProps({
          config: {
            ...config,
            handoff: {
              ...config.handoff,
              businessHours: {
                timezone: 'Asia/Jakarta',
                days: { mon: [['17:00', '08:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
              },
            },
          },
        })}
      />,
    );

    const temperature = screen.getByLabelText('Temperature');
    expect(temperature.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('bot-temperature-error')?.textContent).toBe(
      'The temperature field must be between 0 and 1.',
    );
    expect(screen.getByText('The selected knowledge base is invalid.')).toBeTruthy();
    expect(screen.getByText('The business hours must end after they start.')).toBeTruthy();
    expect(screen.getByLabelText('Monday opens at').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(within(screen.getByRole('form', { name: 'Persona' })).getByRole('button', { name: 'Save' }));
    const alert = within(screen.getByRole('form', { name: 'Persona' })).getByRole('alert');
    expect(alert.textContent).toBe('Not saved: check Model, Knowledge & grounding and Handoff.');
  });

  it('saves the whole form as {name, …, config: BotConfig} with numbers, lists and business hours', () => {
    render(<Edit {...editProps()} />);

    fireEvent.change(screen.getByLabelText('Temperature'), { target: { value: '0.7' } });
    fireEvent.change(screen.getByLabelText('Hand off after this many fallbacks in a row'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Keywords'), { target: { value: 'komplain\n\n  refund \nbatal' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Menu/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Balanced/ }));
    fireEvent.click(screen.getByRole('switch', { name: 'People answer only during business hours' }));
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Asia/Jakarta');
    fireEvent.change(screen.getByLabelText('Friday closes at'), { target: { value: '00:00' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    fireEvent.change(screen.getByLabelText('Questions to try'), { target: { value: 'Jam buka?\nParkir?' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Handoff' })).getByRole('button', { name: 'Save' }));

    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'form.put', url: 'route:bots.update:3', options: { preserveScroll: true } });
    expect(call.data).toMatchObject({
      name: 'Asisten Kopi',
      avatar_color: 'emerald',
      status: 'active',
      test_questions: ['Jam buka?', 'Parkir?'],
      config: {
        name: 'Asisten Kopi',
        model: { name: '', temperature: 0.7, maxTokens: 512 },
        grounding: 'balanced',
        retrieval: { topK: 5, minScore: 0.2, curatedThreshold: 0.85 },
        knowledgeIds: [11, 12],
        suggestedQuestions: ['Jam buka?', 'Bisa bayar QRIS?'],
        handoff: {
          keywords: ['komplain', 'refund', 'batal'],
          afterFallbacks: null,
          businessHours: {
            timezone: 'Asia/Jakarta',
            days: {
              mon: [['08:00', '17:00']],
              fri: [['08:00', '24:00']],
              sat: [['08:00', '17:00']],
              sun: [],
            },
          },
        },
      },
    });
  });

  it('edits the fixed messages in Indonesian and English side by side while the bot replies in each message’s language', () => {
    fake.formErrors = { 'config.english.handoffMessage': 'The English handoff message field must be a string.' };
    render(<Edit {...editProps()} />);

    expect((screen.getByLabelText('Fallback message (Indonesian)') as HTMLTextAreaElement).value).toBe(
      'Maaf, saya belum tahu.',
    );
    expect((screen.getByLabelText('Fallback message (English)') as HTMLTextAreaElement).value).toBe(
      'Sorry, I do not know yet.',
    );
    expect(screen.getByLabelText('Handoff message (English)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The English handoff message field must be a string.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Handoff message (English)'), { target: { value: 'One moment please.' } });
    fireEvent.change(screen.getByLabelText('Offline message (English)'), { target: { value: 'We are closed.' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Handoff' })).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)!.data).toMatchObject({
      config: {
        fallbackMessage: 'Maaf, saya belum tahu.',
        handoff: { message: 'Saya sambungkan ke tim kami.' },
        english: {
          fallbackMessage: 'Sorry, I do not know yet.',
          handoffMessage: 'One moment please.',
          offlineMessage: 'We are closed.',
        },
      },
    });

    // A bot of one language has each message once.
    fireEvent.change(screen.getByLabelText('Reply language'), { target: { value: 'indonesian' } });
    expect(screen.getByLabelText('Fallback message')).toBeTruthy();
    expect(screen.queryByLabelText('Fallback message (English)')).toBeNull();
    expect(screen.queryByLabelText('Handoff message (English)')).toBeNull();
  });

  it('answers with a team server chosen in Provider, offering its models, and back to the platform', () => {
    fake.formErrors = { 'config.model.providerId': 'The selected provider is invalid.' };
    render(
      <Edit
        {...editProps({
          providers: [
            { id: 5, name: 'Server tim', models: ['llama3.1:8b', 'qwen2.5:7b'] },
            { id: 6, name: 'Azure', models: [] },
          ],
        })}
      />,
    );

    const provider = screen.getByLabelText('Provider') as HTMLSelectElement;
    expect(provider.value).toBe('');
    expect(
      within(provider)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Platform default (gpt-4o-mini (api.example.com))', 'Server tim', 'Azure']);
    expect(provider.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('bot-provider-error')?.textContent).toBe('The selected provider is invalid.');

    fireEvent.change(provider, { target: { value: '5' } });
    const model = screen.getByLabelText('Model name') as HTMLSelectElement;
    expect(model.tagName).toBe('SELECT');
    expect(
      within(model)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['First listed (llama3.1:8b)', 'llama3.1:8b', 'qwen2.5:7b']);
    fireEvent.change(model, { target: { value: 'qwen2.5:7b' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Model' })).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)?.data).toMatchObject({ config: { model: { providerId: 5, name: 'qwen2.5:7b' } } });

    fireEvent.change(provider, { target: { value: '6' } });
    expect(screen.getByLabelText('Model name').tagName).toBe('INPUT');
    fireEvent.change(provider, { target: { value: '' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Model' })).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)?.data).toMatchObject({ config: { model: { providerId: null, name: '' } } });
  });

  it('restores a version after a confirmation, starting the form again from it', () => {
    render(<Edit {...editProps()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Restore version 1 to draft' }));
    expect(screen.getByRole('alertdialog', { name: 'Restore version 1?' })).toBeTruthy();
    expect(fake.calls.filter((call) => call.method === 'post')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'post',
      url: 'route:bots.versions.restore:[3,12]',
      options: { preserveState: false },
    });
  });

  it('deletes the bot after a confirmation that names it', () => {
    render(<Edit {...editProps()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete bot' }));
    expect(screen.getByText(/Are you sure you want to delete/).textContent).toBe(
      'Are you sure you want to delete Asisten Kopi? This cannot be undone.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.delete', url: `route:bots.destroy:${summary().id}` });
  });

  it('is read-only for those who may not update', () => {
    render(<Edit {...editProps({ can: { create: false, update: false, delete: false } })} />);

    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Temperature') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: /FAQ/ }) as HTMLInputElement).disabled).toBe(true);
    expect(
      (screen.getByRole('switch', { name: 'Hand off when the customer asks for a person' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete bot' })).toBeNull();
  });
});

describe('Bots/Show', () => {
  const user = 'App.Models.User.1';
  const delta = (text: string, overrides: Record<string, unknown> = {}) => ({
    bot_id: 3,
    thread: 'thread-abcdef12',
    request: 'req-1',
    type: 'delta',
    text,
    ...overrides,
  });

  it('shows the bot at a glance and offers publishing', () => {
    render(<Show {...showProps()} />);

    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(within(overview).getByText('Version 3', { exact: false })).toBeTruthy();
    expect(within(overview).getByText('Has changes not published yet')).toBeTruthy();
    expect(within(overview).getByText('FAQ')).toBeTruthy();
    expect(within(overview).getByText('fake-model (api.example.com)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('route:bots.edit:3');

    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Parking answers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 4' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:bots.publish:3',
      data: { note: 'Parking answers' },
    });
  });

  it('disables publishing when the live version is the draft', () => {
    render(<Show {...showProps({ bot: summary({ has_draft_changes: false }) })} />);

    expect((screen.getByRole('button', { name: 'Publish version 4' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Version 3 is live and the draft has no changes/)).toBeTruthy();
  });

  it('streams the reply from the user channel, then shows it with its citations, kind and trace', async () => {
    const answer = deferred<unknown>();
    fake.requestJson.mockReturnValueOnce(answer.promise);
    render(<Show {...showProps()} />);

    const log = screen.getByRole('list', { name: 'Conversation' });
    expect(within(log).getByText('Halo! Ada yang bisa saya bantu?')).toBeTruthy();
    expect(within(log).getByRole('button', { name: 'Jam buka?' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Outlet Kemang buka jam berapa?' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(fake.requestJson).toHaveBeenCalledWith('POST', 'route:bots.chat:3', {
      message: 'Outlet Kemang buka jam berapa?',
    });
    expect((screen.getByLabelText('Message') as HTMLInputElement).value).toBe('');
    expect(within(log).getByText('Outlet Kemang buka jam berapa?')).toBeTruthy();
    expect(within(log).getByText('Thinking…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);

    play(user, 'BotReplyDelta', delta('Outlet Kemang buka '));
    play(user, 'BotReplyDelta', delta('nothing', { bot_id: 4 }));
    play(user, 'BotReplyDelta', delta('nothing', { request: 'req-other' }));
    play(user, 'BotReplyDelta', delta('pukul 07.00'));
    const pending = within(log).getAllByRole('listitem', { name: 'Asisten Kopi' }).at(-1)!;
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(pending.textContent).toContain('Outlet Kemang buka pukul 07.00');
    expect(pending.textContent).not.toContain('nothing');
    play(user, 'BotReplyDelta', delta('Outlet Kemang buka pukul 07.00 sampai 22.00 [1].', { type: 'replace' }));
    expect(pending.textContent).toContain('Outlet Kemang buka pukul 07.00 sampai 22.00 [1].');

    await act(async () => {
      answer.resolve({ thread: 'thread-abcdef12', turn: turn() });
    });
    const reply = within(log).getAllByRole('listitem', { name: 'Asisten Kopi' }).at(-1)!;
    expect(reply.getAttribute('aria-busy')).toBeNull();
    const sources = within(reply).getByRole('list', { name: 'Sources' });
    expect(within(sources).getByRole('listitem').textContent).toBe('[1]Jam buka');
    expect(within(reply).getByText('Answer')).toBeTruthy();
    expect(fake.calls.at(-1)).toMatchObject({ method: 'reload', options: { only: ['recent_turns'] } });

    // A late delta of the finished request changes nothing.
    play(user, 'BotReplyDelta', delta(' late'));
    expect(reply.textContent).not.toContain('late');

    fireEvent.click(within(reply).getByRole('button', { name: 'How this answer was made' }));
    expect(within(reply).getByText('Not used: the closest Q&A was below the threshold (match 0.41)')).toBeTruthy();
    const retrieved = within(reply).getByRole('list', { name: 'Retrieved passages' });
    expect(within(retrieved).getAllByRole('listitem')).toHaveLength(2);
    expect(within(retrieved).getByText('Vector #1 · 0.61 similarity')).toBeTruthy();
    expect(within(retrieved).getByText('Nearest Q&A phrasing · 0.41')).toBeTruthy();
    expect(within(retrieved).getByText('Holds every word asked')).toBeTruthy();
    expect(within(retrieved).getByText('Not in the prompt')).toBeTruthy();
    expect(within(reply).getByText(/420 prompt · 18 completion/).textContent).toContain('(estimated)');
    expect(within(reply).getByText('840 ms')).toBeTruthy();
    expect(within(reply).getByText('fake-model')).toBeTruthy();
    expect(within(reply).getByText('$0.000072')).toBeTruthy();

    // The next message keeps the thread.
    fake.requestJson.mockResolvedValueOnce({
      thread: 'thread-abcdef12',
      turn: turn({ id: 91, kind: 'curated', reply: 'Bisa.', citations: [] }),
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Parkir mobil berapa?' }));
    });
    expect(fake.requestJson).toHaveBeenLastCalledWith('POST', 'route:bots.chat:3', {
      message: 'Parkir mobil berapa?',
      thread: 'thread-abcdef12',
    });
    const curated = within(log).getAllByRole('listitem', { name: 'Asisten Kopi' }).at(-1)!;
    expect(curated.textContent).toContain('Bisa.');
    expect(within(curated).getByText('Curated answer')).toBeTruthy();

    // Start over: a new thread.
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(within(log).queryByText('Bisa.')).toBeNull();
    fake.requestJson.mockResolvedValueOnce({ thread: 'thread-zzzzzzzz', turn: turn({ id: 92 }) });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Halo' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(fake.requestJson).toHaveBeenLastCalledWith('POST', 'route:bots.chat:3', { message: 'Halo' });
  });

  it('tests as a customer with values of the fields bots may tell, and says when a reply came from them', async () => {
    fake.requestJson.mockResolvedValueOnce({
      thread: 'thread-abcdef12',
      turn: turn({
        reply: 'Menurut catatan kami, Poin Anda 1.250.',
        citations: [],
        trace: { ...turn().trace, customer: { asked: ['Poin'], used: 'record' } },
      }),
    });
    render(<Show {...showProps({ customer_fields: [{ key: 'poin', label: 'Poin', type: 'number', options: [] }] })} />);
    fireEvent.click(screen.getByText('Test as a customer'));
    fireEvent.change(screen.getByLabelText('Poin'), { target: { value: '1.250' } });
    expect(screen.getByText('(on)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'poin saya berapa?' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(fake.requestJson).toHaveBeenLastCalledWith('POST', 'route:bots.chat:3', {
      message: 'poin saya berapa?',
      customer: { poin: '1.250' },
    });
    const log = screen.getByRole('list', { name: 'Conversation' });
    const reply = within(log).getAllByRole('listitem', { name: 'Asisten Kopi' }).at(-1)!;
    fireEvent.click(within(reply).getByRole('button', { name: 'How this answer was made' }));
    expect(within(reply).getByText('Answered from the record: Poin; nothing retrieved, no model')).toBeTruthy();
  });

  it('records thumbs up and takes it back', async () => {
    fake.requestJson.mockResolvedValueOnce({ thread: 'thread-abcdef12', turn: turn() });
    render(<Show {...showProps()} />);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Jam buka?' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });

    fake.requestJson.mockResolvedValueOnce({ turn: turn({ feedback: 1 }) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Good answer' }));
    });
    expect(fake.requestJson).toHaveBeenLastCalledWith('PUT', 'route:bots.turns.feedback:[3,90]', { feedback: 1 });
    expect(screen.getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe('true');

    fake.requestJson.mockResolvedValueOnce({ turn: turn({ feedback: null }) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Good answer' }));
    });
    expect(fake.requestJson).toHaveBeenLastCalledWith('PUT', 'route:bots.turns.feedback:[3,90]', { feedback: null });
    expect(screen.getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says politely what went wrong and gives the message back', async () => {
    const { JsonRequestError } = await import('@/lib/json-request');
    render(<Show {...showProps()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Type a message first.');
    expect(fake.requestJson).not.toHaveBeenCalled();

    fake.requestJson.mockRejectedValueOnce(
      new JsonRequestError(422, { message: 'Invalid.', errors: { message: ['The message field is required.'] } }),
    );
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '\u200b' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('The message field is required.');

    fake.requestJson.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Ada parkir?' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/could not be answered/);
    expect((screen.getByLabelText('Message') as HTMLInputElement).value).toBe('Ada parkir?');
    expect(within(screen.getByRole('list', { name: 'Conversation' })).queryByText('Ada parkir?')).toBeNull();

    fake.requestJson.mockRejectedValueOnce(
      new JsonRequestError(502, { message: 'The model could not answer. The model server answered 500.' }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('The model could not answer. The model server answered 500.');
  });

  it('lists the recent questions with their kind', () => {
    render(
      <Show
        {...showProps({
          recent_turns: [turn(), turn({ id: 80, question: 'Refund?', kind: 'handoff', source: 'api', feedback: -1 })],
        })}
      />,
    );

    const recent = screen.getByRole('list', { name: 'Recent questions' });
    const items = within(recent).getAllByRole('listitem');
    expect(items[0].textContent).toContain('Outlet Kemang buka jam berapa?');
    expect(within(items[1]).getByText('Handoff')).toBeTruthy();
    expect(within(items[1]).getByText('API')).toBeTruthy();
    expect(within(items[1]).getByText('· rated bad')).toBeTruthy();
  });
});

describe('the plan’s bots and a bot’s AI credits', () => {
  it('shows how many of the plan’s bots the team uses beside New bot', () => {
    render(<Index {...indexProps()} />);
    expect(screen.getByTestId('plan-limit').textContent).toBe('1 of 5 bots on the Growth plan');
    expect(screen.getByRole('link', { name: 'New bot' })).toBeTruthy();
    expect(screen.queryByTestId('plan-limit-reached')).toBeNull();
  });

  it('replaces New bot with a notice once all are used: Upgrade for those who see Billing, a sentence for the others', () => {
    const full = { used: 1, limit: 1, reached: true, plan: 'Free' };
    const { unmount } = render(<Index {...indexProps({ limit: full })} />);
    expect(screen.getByTestId('plan-limit').textContent).toBe('1 of 1 bots on the Free plan');
    expect(screen.queryByRole('link', { name: 'New bot' })).toBeNull();
    const notice = screen.getByTestId('plan-limit-reached');
    expect(notice.textContent).toContain(
      'Your team has the one bot its Free plan includes. Upgrade the plan to add more bots.',
    );
    expect(within(notice).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('route:billing.index');
    unmount();

    fake.billing = false;
    render(
      <Index {...indexProps({ limit: full, bots: { data: [], meta: { ...meta, total: 0, from: null, to: null } } })} />,
    );
    const plain = screen.getByTestId('plan-limit-reached');
    expect(plain.textContent).toContain("The team's owner can upgrade the plan to add more bots.");
    expect(within(plain).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('link', { name: 'New bot' })).toBeNull();
  });

  it('edits the monthly AI credit cap beside what the bot used, sending a number, or null when emptied', () => {
    render(<Edit {...editProps({ bot: summary({ monthly_credit_cap: 500, credits_this_period: 120 }) })} />);
    const cap = screen.getByLabelText('Monthly AI credit cap') as HTMLInputElement;
    expect(cap.value).toBe('500');
    expect(document.getElementById('bot-credit-cap-hint')?.textContent).toContain(
      "Stops this bot's AI replies for the rest of the billing period once it has used this many credits; the customer gets the fallback message and a person takes over.",
    );
    expect(screen.getByTestId('bot-credits-this-period').textContent).toBe('AI credits this period: 120 of 500 cap.');
    const save = () =>
      fireEvent.click(within(screen.getByRole('form', { name: 'AI credits' })).getByRole('button', { name: 'Save' }));

    fireEvent.change(cap, { target: { value: '2000' } });
    save();
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.put', data: { monthly_credit_cap: 2000 } });
    expect(fake.calls.at(-1)?.data).not.toHaveProperty('config.monthly_credit_cap');

    fireEvent.change(cap, { target: { value: '' } });
    save();
    expect(fake.calls.at(-1)?.data).toMatchObject({ monthly_credit_cap: null });
  });

  it('shows the server’s message on the cap and names its section', () => {
    fake.formErrors = { monthly_credit_cap: 'The monthly AI credit cap must not be greater than 10,000,000.' };
    render(<Edit {...editProps()} />);
    expect(screen.getByLabelText('Monthly AI credit cap').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(screen.getByRole('form', { name: 'Persona' })).getByRole('button', { name: 'Save' }));
    expect(within(screen.getByRole('form', { name: 'Persona' })).getByRole('alert').textContent).toBe(
      'Not saved: check AI credits.',
    );
  });

  it('shows the bot’s AI credits this period on its page, against its cap or without one', () => {
    const { unmount } = render(
      <Show {...showProps({ bot: summary({ monthly_credit_cap: 500, credits_this_period: 120 }) })} />,
    );
    expect(screen.getByTestId('bot-credits-this-period').textContent).toBe('120 of 500 cap');
    unmount();
    render(<Show {...showProps({ bot: summary({ monthly_credit_cap: null, credits_this_period: 1_234 }) })} />);
    expect(screen.getByTestId('bot-credits-this-period').textContent).toBe('1,234, no cap');
  });
});

describe('the replay panel', () => {
  it('says which questions a replay asks and marks those from conversations', () => {
    expect(questionsSentence({ saved: 2, conversation: 3 })).toBe(
      '2 saved test questions and the last 3 questions customers asked',
    );
    expect(questionsSentence({ saved: 1, conversation: 0 })).toBe('1 saved test question');
    expect(questionsSentence({ saved: 0, conversation: 1 })).toBe('the last question customers asked');
  });
});
