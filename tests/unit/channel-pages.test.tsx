// @vitest-environment jsdom
import type { ComponentProps, ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Index from '@/Pages/Channels/Index';
import Create from '@/Pages/Channels/Create';
import Edit from '@/Pages/Channels/Edit';
import Show from '@/Pages/Channels/Show';
import type {
  BotOption,
  ChannelCreateProps,
  ChannelDetail,
  ChannelEditProps,
  ChannelEvent,
  ChannelIndexProps,
  ChannelShowProps,
  ChannelSummary,
  ChannelTypeInfo,
  WebSettings,
} from '@/Pages/Channels/Partials/types';

type Options = Record<string, unknown> & { onSuccess?: () => void; onFinish?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// Inertia stands in as the current page (user 1 in team 7), a router that records what it is asked,
// and useForm as local state that records its submissions and starts with `fake.formErrors`, as
// after a failed save; route() names the route and its parameters; the channel hook keeps the
// handlers per channel so that a test can play events.
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  channels: new Map<string, Record<string, (payload: unknown) => void>>(),
  /** The current team's `viewBilling` flag (owners and admins see Billing). */
  billing: true,
  formErrors: {} as Record<string, string>,
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
      const submit = (method: string) => (url: string, options?: Options) =>
        fake.calls.push({ method: `form.${method}`, url, data, options });
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
        transform: () => {},
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

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

const types: ChannelTypeInfo[] = [
  { type: 'web', label: 'Web chat', description: 'A chat widget on your website.' },
  { type: 'whatsapp', label: 'WhatsApp', description: 'A WhatsApp Business number through the Cloud API.' },
  { type: 'telegram', label: 'Telegram', description: 'A Telegram bot made with @BotFather.' },
  { type: 'webhook', label: 'Webhook', description: 'Your own system, through the API and a webhook.' },
];

const bots: BotOption[] = [
  { id: 2, name: 'Asisten Kopi', status: 'active', published: true },
  { id: 3, name: 'Toko Sepatu', status: 'draft', published: false },
];

function summary(overrides: Partial<ChannelSummary> = {}): ChannelSummary {
  return {
    id: 5,
    type: 'whatsapp',
    name: 'WhatsApp Jakarta',
    status: 'active',
    bot: { id: 2, name: 'Asisten Kopi' },
    display_identifier: '+6281234567890',
    health: 'healthy',
    health_detail: 'Last message 3 hours ago',
    last_inbound_at: hoursAgo(3),
    last_outbound_at: hoursAgo(3),
    last_error_at: null,
    last_error: null,
    credential_check: { ok: true, detail: 'Meta accepted the token.', at: hoursAgo(1) },
    created_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

const webSettings: WebSettings = {
  allowed_domains: ['acme.com'],
  color: '#4f46e5',
  title: 'Acme',
  position: 'right',
  avatar_url: '',
  launcher_text: 'Ask us',
  welcome_message: 'Halo!',
  suggested_questions: ['Jam buka?'],
  proactive_message: '',
  proactive_delay: 15,
  pre_chat_name: 'off',
  pre_chat_email: 'off',
  pre_chat_phone: 'off',
  pre_chat_message: '',
  collect_csat: false,
  identity_verification: false,
};

function whatsappDetail(overrides: Partial<ChannelDetail> = {}): ChannelDetail {
  return {
    ...summary(),
    public_key: 'ch_pub_abc',
    settings: { phone_number_id: '106540352242922', waba_id: '201234567890', collect_csat: false },
    secrets_set: { access_token: true, app_secret: true, verify_token: false },
    ...overrides,
  };
}

function webDetail(overrides: Partial<ChannelDetail> = {}): ChannelDetail {
  return {
    ...summary({
      id: 6,
      type: 'web',
      name: 'Website',
      display_identifier: 'acme.com',
      health: 'waiting',
      health_detail: 'Nothing received yet',
      last_inbound_at: null,
      last_outbound_at: null,
      credential_check: null,
    }),
    public_key: 'ch_pub_web',
    settings: { ...webSettings, identity_verification: true },
    secrets_set: { identity_secret: true },
    ...overrides,
  };
}

const meta = { current_page: 1, last_page: 1, per_page: 20, total: 1, from: 1, to: 1 };

function indexProps(overrides: Partial<ChannelIndexProps> = {}): ChannelIndexProps {
  return {
    channels: { data: [summary()], meta },
    filters: { search: '', type: '' },
    types,
    limit: { used: 1, limit: 10, reached: false, plan: 'Growth' },
    can: { create: true, update: true, delete: true },
    ...overrides,
  };
}

function createProps(overrides: Partial<ChannelCreateProps> = {}): ChannelCreateProps {
  return {
    types,
    bots,
    type: null,
    defaults: {
      web: {
        ...webSettings,
        allowed_domains: [],
        title: '',
        launcher_text: '',
        welcome_message: '',
        suggested_questions: [],
      },
      whatsapp: { phone_number_id: '', waba_id: '', collect_csat: false },
      telegram: { bot_username: '', collect_csat: false },
      webhook: { outbound_url: '' },
    },
    plan_channel_types: ['web', 'whatsapp', 'telegram', 'webhook'],
    plan_name: 'Growth',
    channel_type_plans: { web: 'Free', whatsapp: 'Starter', telegram: 'Starter', webhook: 'Growth' },
    limit: { used: 1, limit: 10, reached: false, plan: 'Growth' },
    ...overrides,
  };
}

function editProps(overrides: Partial<ChannelEditProps> = {}): ChannelEditProps {
  return { channel: whatsappDetail(), bots, can: { create: true, update: true, delete: true }, ...overrides };
}

function event(overrides: Partial<ChannelEvent> = {}): ChannelEvent {
  return {
    id: 100,
    direction: 'inbound',
    event_id: 'wamid.HBgLAAA',
    signature: 'valid',
    status: 'processed',
    summary: 'Text from +62 812-3456-7890: “Halo, jam buka toko?”',
    duplicates: 0,
    attempts: [],
    error: null,
    received_at: hoursAgo(2),
    processed_at: hoursAgo(2),
    conversation_url: '/conversations/41',
    replayable: true,
    ...overrides,
  };
}

const events: ChannelEvent[] = [
  event(),
  event({
    id: 101,
    event_id: 'wamid.FORGED',
    signature: 'invalid',
    status: 'rejected',
    summary: 'Request with a bad signature',
    error: 'X-Hub-Signature-256 did not match',
    conversation_url: null,
    replayable: false,
  }),
  event({
    id: 102,
    event_id: 'wamid.TWICE',
    status: 'ignored',
    summary: 'Status update: delivered',
    duplicates: 2,
    conversation_url: null,
    replayable: false,
  }),
  event({
    id: 103,
    direction: 'outbound',
    event_id: 'out_9f2c',
    signature: 'none',
    status: 'failed',
    summary: 'Reply to +62 812-3456-7890',
    error: 'Meta: (#131047) Re-engagement message',
    attempts: [
      { at: hoursAgo(1), ok: false, detail: 'HTTP 400 (#131047)', duration_ms: 320 },
      { at: hoursAgo(0.5), ok: false, detail: 'HTTP 400 (#131047)', duration_ms: 290 },
    ],
    replayable: true,
  }),
];

function showProps(overrides: Partial<ChannelShowProps> = {}): ChannelShowProps {
  return {
    channel: whatsappDetail(),
    setup: {
      webhook_url: 'https://kawan.test/hooks/whatsapp/rk_123',
      snippet: null,
      preview_url: null,
      steps: ['Open WhatsApp → Configuration in Meta’s App Dashboard.', 'Paste the webhook URL and the verify token.'],
    },
    events: { data: events, meta: { ...meta, total: 4, to: 4 } },
    templates: [
      {
        name: 'order_update',
        language: 'id',
        status: 'APPROVED',
        category: 'UTILITY',
        body: 'Pesanan {{1}} sudah dikirim.',
      },
    ],
    revealed_secret: null,
    can: { create: true, update: true, delete: true },
    ...overrides,
  };
}

const play = (channel: string, name: string, payload: unknown) =>
  act(() => {
    fake.channels.get(channel)?.[name]?.(payload);
  });

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  fake.calls.length = 0;
  fake.channels.clear();
  fake.billing = true;
  fake.formErrors = {};
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Channels/Index', () => {
  it('lists each channel with its type, bot, status, formatted identifier, health and last message', () => {
    const channels = [
      summary(),
      summary({
        id: 6,
        type: 'telegram',
        name: 'Telegram',
        bot: null,
        status: 'paused',
        display_identifier: '@acme_bot',
        health: 'error',
        health_detail: 'Telegram: Unauthorized',
        last_inbound_at: null,
      }),
    ];
    render(<Index {...indexProps({ channels: { data: channels, meta: { ...meta, total: 2, to: 2 } } })} />);

    const list = screen.getByRole('list', { name: 'Channels' });
    const whatsapp = within(list).getByRole('listitem', { name: 'WhatsApp Jakarta' });
    expect(within(whatsapp).getByRole('link', { name: 'WhatsApp Jakarta' }).getAttribute('href')).toBe(
      'route:channels.show:{"channel":5}',
    );
    expect(within(whatsapp).getByText('+62 812-3456-7890')).toBeTruthy();
    expect(within(whatsapp).queryByText('+6281234567890')).toBeNull();
    expect(within(whatsapp).getByText('WhatsApp')).toBeTruthy();
    expect(within(whatsapp).getByText('Bot: Asisten Kopi')).toBeTruthy();
    expect(within(whatsapp).getByText('Active')).toBeTruthy();
    const healthy = within(whatsapp).getByTitle('Last message 3 hours ago');
    expect(healthy.textContent).toContain('Healthy');
    expect(healthy.className).toContain('bg-green-50');
    expect(within(whatsapp).getByText('Last message 3 hours ago', { selector: 'div > span' })).toBeTruthy();

    const telegram = within(list).getByRole('listitem', { name: 'Telegram' });
    expect(within(telegram).getByText('@acme_bot')).toBeTruthy();
    expect(within(telegram).getByText('No bot — people only')).toBeTruthy();
    expect(within(telegram).getByText('Paused')).toBeTruthy();
    const failing = within(telegram).getByTitle('Telegram: Unauthorized');
    expect(failing.textContent).toContain('Error');
    expect(failing.className).toContain('bg-red-50');
    expect(within(telegram).getByText('No messages yet')).toBeTruthy();
  });

  it('explains channels when the team has none, linking to create one of each type', () => {
    render(<Index {...indexProps({ channels: { data: [], meta: { ...meta, total: 0, from: null, to: null } } })} />);

    expect(screen.getByRole('heading', { name: 'No channels yet' })).toBeTruthy();
    expect(screen.getByText(/A channel is where your customers write to you/)).toBeTruthy();
    const create = screen.getAllByRole('link', { name: 'New channel' });
    expect(create).toHaveLength(2);
    expect(create[1].getAttribute('href')).toBe('route:channels.create');
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe(
      'route:channels.create:{"_query":{"type":"whatsapp"}}',
    );
    expect(screen.queryByLabelText('Search channels')).toBeNull();
  });

  it('offers no New channel button to a role that may not create', () => {
    render(<Index {...indexProps({ can: { create: false, update: false, delete: false } })} />);

    expect(screen.queryByRole('link', { name: 'New channel' })).toBeNull();
  });

  it('searches after a pause in typing and filters by type, as query parameters', () => {
    vi.useFakeTimers();
    render(<Index {...indexProps()} />);

    fireEvent.change(screen.getByLabelText('Search channels'), { target: { value: 'jak' } });
    fireEvent.change(screen.getByLabelText('Search channels'), { target: { value: 'jakarta ' } });
    expect(fake.calls).toHaveLength(0);
    act(() => vi.advanceTimersByTime(300));
    expect(fake.calls).toEqual([
      expect.objectContaining({ method: 'get', url: 'route:channels.index', data: { search: 'jakarta' } }),
    ]);

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'telegram' } });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'get',
      url: 'route:channels.index',
      data: { search: 'jakarta', type: 'telegram' },
      options: { preserveState: true, replace: true },
    });
  });

  it('pages with the filters kept, and reloads the list on ChannelChanged', () => {
    render(
      <Index
        {...indexProps({
          filters: { search: 'kopi', type: 'web' },
          channels: {
            data: [summary()],
            meta: { current_page: 2, last_page: 3, per_page: 20, total: 45, from: 21, to: 40 },
          },
        })}
      />,
    );

    const nav = screen.getByRole('navigation', { name: 'Channels pages' });
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      'route:channels.index:{"_query":{"search":"kopi","type":"web","page":3}}',
    );
    play('teams.7', 'ChannelChanged', { team_id: 7, channel_id: 5 });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'reload', options: { only: ['channels', 'limit'] } });
  });
});

describe('Channels/Create', () => {
  it('shows the WhatsApp fields after choosing WhatsApp and posts exactly its settings', () => {
    render(<Create {...createProps()} />);

    expect(screen.queryByLabelText('Name')).toBeNull();
    for (const info of types) expect(screen.getByRole('button', { name: new RegExp(info.label) })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /WhatsApp/ }));

    expect(screen.getByRole('heading', { name: 'WhatsApp Cloud API' })).toBeTruthy();
    expect(input('Access token').type).toBe('password');
    expect(input('App secret').type).toBe('password');
    expect(input('Verify token').type).toBe('text');
    expect(input('Access token').placeholder).toBe('');
    expect(screen.queryByLabelText('Allowed domains')).toBeNull();
    expect(screen.queryByLabelText('Bot token')).toBeNull();

    const bot = screen.getByLabelText('Bot') as HTMLSelectElement;
    expect(Array.from(bot.options).map((option) => option.textContent)).toEqual([
      'No bot — people only',
      'Asisten Kopi',
      'Toko Sepatu (not published)',
    ]);

    fireEvent.change(input('Name'), { target: { value: 'WhatsApp Jakarta' } });
    fireEvent.change(bot, { target: { value: '2' } });
    fireEvent.change(input('Phone number ID'), { target: { value: '106540352242922' } });
    fireEvent.change(input('WhatsApp Business Account ID'), { target: { value: '201234567890' } });
    fireEvent.change(input('Access token'), { target: { value: 'EAAG-token' } });
    fireEvent.change(input('App secret'), { target: { value: 'app-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const verifyToken = input('Verify token').value;
    expect(verifyToken).toMatch(/^[0-9a-f]{32}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Create channel' }));

    expect(fake.calls.at(-1)).toEqual({
      method: 'form.post',
      url: 'route:channels.store',
      data: {
        type: 'whatsapp',
        name: 'WhatsApp Jakarta',
        bot_id: 2,
        phone_number_id: '106540352242922',
        waba_id: '201234567890',
        access_token: 'EAAG-token',
        app_secret: 'app-secret',
        verify_token: verifyToken,
        collect_csat: false,
      },
      options: undefined,
    });
  });

  it('opens on the type from the query and sends a web widget’s lists as strings and its switches', () => {
    render(<Create {...createProps({ type: 'web' })} />);

    expect(document.title).toBe('New Web chat channel');
    fireEvent.change(input('Name'), { target: { value: 'Website' } });
    fireEvent.change(screen.getByLabelText('Allowed domains'), { target: { value: 'acme.com\nshop.acme.com' } });
    fireEvent.change(input('Colour'), { target: { value: '#10b981' } });
    expect((screen.getByLabelText('Pick the colour') as HTMLInputElement).value).toBe('#10b981');
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'left' } });
    fireEvent.change(screen.getByLabelText('Suggested questions'), { target: { value: 'Jam buka?\nOngkir?' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Ask for a rating when a conversation ends' }));
    // The pre-chat form's line is offered once the form asks for something.
    expect(screen.queryByLabelText('Line above the form (optional)')).toBeNull();
    const preChat = within(screen.getByRole('group', { name: 'Pre-chat form' }));
    fireEvent.change(preChat.getByLabelText('Visitor name'), { target: { value: 'required' } });
    fireEvent.change(preChat.getByLabelText('Visitor phone'), { target: { value: 'optional' } });
    fireEvent.change(screen.getByLabelText('Line above the form (optional)'), { target: { value: 'Kenalan dulu!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create channel' }));

    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:channels.store',
      data: {
        type: 'web',
        name: 'Website',
        bot_id: null,
        allowed_domains: 'acme.com\nshop.acme.com',
        color: '#10b981',
        position: 'left',
        suggested_questions: 'Jam buka?\nOngkir?',
        pre_chat_name: 'required',
        pre_chat_email: 'off',
        pre_chat_phone: 'optional',
        pre_chat_message: 'Kenalan dulu!',
        collect_csat: true,
        identity_verification: false,
      },
    });
    expect(fake.calls.at(-1)?.data).not.toHaveProperty('access_token');
  });

  it('shows the server’s messages beside their fields', () => {
    fake.formErrors = { bot_token: 'Telegram refused the token: Unauthorized.' };
    render(<Create {...createProps({ type: 'telegram' })} />);

    expect(input('Bot token').type).toBe('password');
    expect(screen.getByText(/@BotFather/)).toBeTruthy();
    expect(input('Bot token').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('channel-bot_token-error')?.textContent).toBe(
      'Telegram refused the token: Unauthorized.',
    );
  });
});

describe('Channels/Edit', () => {
  it('leaves saved secrets blank with the “Saved” placeholder and puts the settings with the status', () => {
    render(<Edit {...editProps()} />);

    expect(input('Name').value).toBe('WhatsApp Jakarta');
    expect((screen.getByLabelText('Bot') as HTMLSelectElement).value).toBe('2');
    expect(input('Phone number ID').value).toBe('106540352242922');
    expect(input('Access token').value).toBe('');
    expect(input('Access token').placeholder).toBe('Saved — leave blank to keep');
    expect(input('App secret').placeholder).toBe('Saved — leave blank to keep');
    expect(input('Verify token').placeholder).toBe('');
    const active = screen.getByRole('switch', { name: 'Channel active' });
    expect(active.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(active);
    fireEvent.change(input('App secret'), { target: { value: 'new-secret' } });
    fireEvent.click(
      within(screen.getByRole('form', { name: 'WhatsApp Cloud API' })).getByRole('button', { name: 'Save' }),
    );

    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({
      method: 'form.put',
      url: 'route:channels.update:{"channel":5}',
      options: { preserveScroll: true },
    });
    expect(call.data).toEqual({
      type: 'whatsapp',
      name: 'WhatsApp Jakarta',
      bot_id: 2,
      status: 'paused',
      phone_number_id: '106540352242922',
      waba_id: '201234567890',
      access_token: '',
      app_secret: 'new-secret',
      verify_token: '',
      collect_csat: false,
    });
  });

  it('deletes after a confirmation, only for those who may', () => {
    const { unmount } = render(<Edit {...editProps()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Delete channel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.delete', url: 'route:channels.destroy:{"channel":5}' });
    unmount();

    render(<Edit {...editProps({ can: { create: false, update: false, delete: false } })} />);
    expect(screen.queryByRole('button', { name: 'Delete channel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(input('Name').disabled).toBe(true);
  });
});

describe('Channels/Show', () => {
  it('shows a web channel’s snippet with a Copy button, the steps, the test page and the secret once', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const snippet = '<script src="https://kawan.test/widget.js" data-key="ch_pub_web" async></script>';
    render(
      <Show
        {...showProps({
          channel: webDetail(),
          setup: {
            webhook_url: null,
            snippet,
            preview_url: 'https://kawan.test/widget/preview/ch_pub_web',
            steps: ['Add acme.com to the allowed domains.', 'Paste the snippet before </body>.'],
          },
          templates: null,
          events: { data: [], meta: { ...meta, total: 0, from: null, to: null } },
          revealed_secret: { label: 'Identity secret', value: 'idsec_0123456789abcdef' },
        })}
      />,
    );

    expect(screen.getByLabelText('Embed snippet').textContent).toBe(snippet);
    expect(screen.queryByLabelText('Webhook URL')).toBeNull();
    const steps = within(screen.getByRole('list', { name: 'Setup steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Add acme.com to the allowed domains.',
      'Paste the snippet before </body>.',
    ]);
    expect(screen.getByRole('link', { name: 'Open a test page' }).getAttribute('href')).toBe(
      'https://kawan.test/widget/preview/ch_pub_web',
    );
    // No provider sends the widget's messages: the log says where they are instead of "nothing yet".
    const log = screen.getByRole('region', { name: 'Event log' });
    expect(log.textContent).toContain('talks to Kawan directly');
    expect(within(log).getByRole('link', { name: 'inbox' }).getAttribute('href')).toBe('route:conversations.index');
    expect(screen.queryByText('Nothing received or sent yet.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check credentials' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Message templates' })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy embed snippet' }));
    });
    expect(writeText).toHaveBeenCalledWith(snippet);
    expect(screen.getByText('Copied.')).toBeTruthy();

    const banner = screen.getByRole('region', { name: 'New secret' });
    expect(within(banner).getByText('idsec_0123456789abcdef')).toBeTruthy();
    expect(within(banner).getByText(/You won.t see it again/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(fake.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:channels.secret.rotate:{"channel":6}',
      options: { preserveScroll: true },
    });
  });

  it('lists the event log with direction, signature and status badges, duplicates, attempts and replays', () => {
    render(<Show {...showProps()} />);

    const log = screen.getByRole('table', { name: 'Event log' });
    const received = within(log).getByRole('row', { name: events[0].summary });
    expect(within(received).getByText('Inbound')).toBeTruthy();
    expect(within(received).getByText('Valid').className).toContain('bg-green-50');
    expect(within(received).getByText('Processed')).toBeTruthy();
    expect(within(received).getByRole('link', { name: 'Conversation' }).getAttribute('href')).toBe('/conversations/41');

    const forged = within(log).getByRole('row', { name: 'Request with a bad signature' });
    expect(within(forged).getByText('Invalid').className).toContain('bg-red-50');
    expect(within(forged).getByText('Rejected')).toBeTruthy();
    expect(within(forged).getByText('X-Hub-Signature-256 did not match')).toBeTruthy();
    expect(within(forged).queryByRole('button', { name: /Replay/ })).toBeNull();
    expect(within(forged).queryByRole('link', { name: 'Conversation' })).toBeNull();

    const twice = within(log).getByRole('row', { name: 'Status update: delivered' });
    expect(within(twice).getByText('×2')).toBeTruthy();
    expect(within(twice).queryByRole('button', { name: /Replay/ })).toBeNull();
    expect(within(received).queryByText(/^×/)).toBeNull();

    const reply = within(log).getByRole('row', { name: 'Reply to +62 812-3456-7890' });
    expect(within(reply).getByText('Outbound')).toBeTruthy();
    expect(within(reply).getByText('None')).toBeTruthy();
    expect(within(reply).getByText('Failed')).toBeTruthy();
    const attempts = within(reply).getByRole('button', { name: '2 attempts' });
    expect(attempts.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Attempts of out_9f2c' })).toBeNull();
    fireEvent.click(attempts);
    expect(attempts.getAttribute('aria-expanded')).toBe('true');
    const tries = within(screen.getByRole('list', { name: 'Attempts of out_9f2c' })).getAllByRole('listitem');
    expect(tries).toHaveLength(2);
    expect(tries[0].textContent).toContain('HTTP 400 (#131047)');
    expect(tries[0].textContent).toContain('320 ms');

    expect(screen.getAllByRole('button', { name: /^Replay/ })).toHaveLength(2);
    fireEvent.click(within(reply).getByRole('button', { name: 'Replay out_9f2c' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'post',
      url: 'route:channels.events.replay:{"channel":5,"event":103}',
      options: { preserveScroll: true },
    });
  });

  it('offers no replay, check or sync to a role that may not change the channel', () => {
    render(<Show {...showProps({ can: { create: false, update: false, delete: false } })} />);

    expect(screen.getByRole('table', { name: 'Event log' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Replay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check credentials' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync templates' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      'route:channels.edit:{"channel":5}',
    );
  });

  it('shows a WhatsApp channel’s webhook URL, health, credential check and templates, each with its action', () => {
    render(
      <Show
        {...showProps({
          channel: whatsappDetail({
            health: 'error',
            health_detail: 'Meta: the access token has expired',
            last_error: 'Meta: the access token has expired',
            last_error_at: hoursAgo(1),
            credential_check: { ok: false, detail: 'Meta refused the token (190).', at: hoursAgo(1) },
          }),
          events: { data: events, meta: { current_page: 1, last_page: 2, per_page: 4, total: 6, from: 1, to: 4 } },
        })}
      />,
    );

    expect(document.title).toBe('WhatsApp Jakarta');
    expect(screen.getByLabelText('Webhook URL').textContent).toBe('https://kawan.test/hooks/whatsapp/rk_123');
    expect(screen.getAllByText('+62 812-3456-7890').length).toBeGreaterThan(0);
    expect(screen.getAllByTitle('Meta: the access token has expired')[0].textContent).toContain('Error');
    expect(screen.getByText('Refused')).toBeTruthy();
    expect(screen.getByText('Meta refused the token (190).')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rotate secret' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Check credentials' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:channels.check:{"channel":5}',
      options: { preserveScroll: true },
    });

    const templates = screen.getByRole('table', { name: 'Message templates' });
    expect(within(templates).getByText('order_update')).toBeTruthy();
    expect(within(templates).getByText('Pesanan {{1}} sudah dikirim.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sync templates' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:channels.templates.sync:{"channel":5}',
    });

    const nav = screen.getByRole('navigation', { name: 'Event log pages' });
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      'route:channels.show:{"channel":5,"_query":{"page":2}}',
    );
  });

  it('reloads the channel and its log when ChannelChanged names it, at most twice a second', () => {
    vi.useFakeTimers();
    render(<Show {...showProps()} />);

    play('teams.7', 'ChannelChanged', { team_id: 7, channel_id: 9 });
    expect(fake.calls).toHaveLength(0);
    play('teams.7', 'ChannelChanged', { team_id: 7, channel_id: 5 });
    play('teams.7', 'ChannelChanged', { team_id: 7, channel_id: 5 });
    expect(fake.calls).toEqual([
      expect.objectContaining({ method: 'reload', options: expect.objectContaining({ only: ['channel', 'events'] }) }),
    ]);
    act(() => vi.advanceTimersByTime(500));
    expect(fake.calls.filter((call) => call.method === 'reload')).toHaveLength(2);
  });
});

describe('the plan’s channels and channel types', () => {
  it('shows how many of the plan’s channels the team uses, and a notice in New channel’s place once all are', () => {
    const { unmount } = render(<Index {...indexProps()} />);
    expect(screen.getByTestId('plan-limit').textContent).toBe('1 of 10 channels on the Growth plan');
    expect(screen.getByRole('link', { name: 'New channel' })).toBeTruthy();
    unmount();

    render(<Index {...indexProps({ limit: { used: 3, limit: 3, reached: true, plan: 'Starter' } })} />);
    expect(screen.queryByRole('link', { name: 'New channel' })).toBeNull();
    const notice = screen.getByTestId('plan-limit-reached');
    expect(notice.textContent).toContain('Your team has all 3 channels its Starter plan includes.');
    expect(within(notice).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('route:billing.index');
  });

  it('offers only the types the plan includes, the others disabled with the first plan that has them', () => {
    render(<Create {...createProps({ plan_channel_types: ['web'], plan_name: 'Free' })} />);
    expect(screen.getByText(/Your Free plan leaves out the greyed types/)).toBeTruthy();
    const web = screen.getByRole('button', { name: /Web chat/ }) as HTMLButtonElement;
    expect(web.disabled).toBe(false);
    for (const [label, plan] of [
      ['WhatsApp', 'Starter'],
      ['Telegram', 'Starter'],
      ['Webhook', 'Growth'],
    ]) {
      const button = screen.getByRole('button', { name: new RegExp(label) }) as HTMLButtonElement;
      expect(button.disabled, label).toBe(true);
      expect(button.textContent, label).toContain(`${plan} and above`);
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(`${plan} and above`);
    }
    fireEvent.click(screen.getByRole('button', { name: /WhatsApp/ }));
    expect(screen.queryByRole('heading', { name: 'WhatsApp Cloud API' })).toBeNull();
    fireEvent.click(web);
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });

  it('says the plan’s channels are all used instead of offering a form', () => {
    fake.billing = false;
    render(<Create {...createProps({ limit: { used: 1, limit: 1, reached: true, plan: 'Free' } })} />);
    expect(screen.queryByRole('button', { name: /Web chat/ })).toBeNull();
    expect(screen.getByTestId('plan-limit-reached').textContent).toBe(
      "Your team has the one channel its Free plan includes. The team's owner can upgrade the plan to add more channels.",
    );
  });
});
