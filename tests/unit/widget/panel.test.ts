// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  widgetLimits,
  type SessionResponse,
  type WidgetConfig,
  type WidgetConversation,
  type WidgetMessage,
} from '../../../server/channels/web/protocol';
import type { RealtimeHandlers } from '../../../resources/widget/panel/realtime';
import type { PanelContext, PanelHandle } from '../../../resources/widget/types';

// The panel's DOM and wiring, with a fake server behind fetch and the realtime client replaced.
const realtime = vi.hoisted(() => ({
  handlers: null as RealtimeHandlers | null,
  channels: [] as string[],
}));
vi.mock('../../../resources/widget/panel/realtime', () => ({
  connectRealtime: () => ({
    subscribe(channel: string, handlers: RealtimeHandlers) {
      realtime.channels.push(channel);
      realtime.handlers = handlers;
    },
    unsubscribe() {
      realtime.handlers = null;
    },
    disconnect() {},
  }),
}));

const { mount } = await import('../../../resources/widget/panel/panel');

const defaultConfig: WidgetConfig = {
  title: 'Warung Help',
  color: '#0f766e',
  position: 'left',
  avatarUrl: null,
  launcherText: 'Chat',
  welcomeMessage: 'Hi! Ask me **anything**.',
  suggestedQuestions: ['Opening hours?', 'Do you deliver?'],
  proactive: null,
  preChat: null,
  collectCsat: true,
  maxFileBytes: 1024 * 1024,
  showBranding: true,
  botActive: true,
  language: null,
  realtime: {
    key: 'k',
    wsHost: 'ws.test',
    wsPort: 8080,
    wssPort: 443,
    forceTLS: false,
    authEndpoint: 'https://kawan.test/widget/pk/broadcasting/auth',
  },
};

const message = (id: number, sender: WidgetMessage['sender'], text: string, extra: Partial<WidgetMessage> = {}) =>
  ({ id, sender, text, createdAt: '2025-01-01T00:00:00Z', ...extra }) as WidgetMessage;

type Route = (body: unknown, init: RequestInit) => Response | Promise<Response>;
let routes: Record<string, Route>;
let requests: { path: string; body: unknown; headers: Record<string, string> }[];
let panel: PanelHandle;
let shadow: ShadowRoot;
let closed: number;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers });

function session(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return {
    visitorId: 'visitor-1',
    token: 'token-1',
    channel: 'widget.1',
    verified: false,
    detailsNeeded: false,
    conversation: null,
    messages: [],
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  realtime.handlers = null;
  realtime.channels = [];
  closed = 0;
  requests = [];
  routes = { session: () => json(200, session()) };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.replace('https://kawan.test/widget/pk/', '');
    const body = typeof init.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : init.body;
    requests.push({ path, body, headers: init.headers as Record<string, string> });
    const route = routes[path.split('?')[0]];
    return route ? route(body, init) : json(404, { message: 'not found' });
  });
});

/** Mounts the panel (after a test has set its routes and storage). */
function start(config: WidgetConfig = defaultConfig, extra: Partial<PanelContext> = {}) {
  const host = document.createElement('kawan-widget');
  document.body.append(host);
  shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  container.className = 'kw';
  shadow.append(container);
  panel = mount({
    root: shadow,
    container,
    apiBase: 'https://kawan.test/widget/pk/',
    channelKey: 'pk',
    config,
    identity: null,
    requestClose: () => closed++,
    ...extra,
  });
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

const $ = <T extends Element = HTMLElement>(selector: string) => shadow.querySelector<T>(selector)!;
const $$ = (selector: string) => [...shadow.querySelectorAll<HTMLElement>(selector)];
const logTexts = () => $$('.kw-log > .kw-msg .kw-bubble').map((bubble) => bubble.textContent);
const sessionStarted = () => vi.waitFor(() => expect(realtime.handlers).not.toBeNull());

function type(text: string) {
  const input = $<HTMLTextAreaElement>('.kw-compose textarea');
  input.value = text;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
}

describe('the chat panel', () => {
  it('opens the session at once, keeps the visitor id and draws the history under the welcome', async () => {
    localStorage.setItem('kawan:pk:visitor', 'visitor-0');
    routes.session = () =>
      json(
        200,
        session({ visitorId: 'visitor-0', messages: [message(1, 'contact', 'hi'), message(2, 'bot', 'Hello')] }),
      );
    start();
    await sessionStarted();
    expect(requests[0]).toMatchObject({ path: 'session', body: { visitorId: 'visitor-0' } });
    expect(realtime.channels).toEqual(['widget.1']);
    expect(localStorage.getItem('kawan:pk:visitor')).toBe('visitor-0');
    expect(logTexts()).toEqual(['Warung Help: Hi! Ask me anything.', 'You: hi', 'Warung Help: Hello']);
    expect($('.kw-log .kw-msg strong').textContent).toBe('anything');
    expect($('.kw-panel').hidden).toBe(true);
    // The visitor has written: no suggested questions.
    expect($('.kw-suggestions').hidden).toBe(true);
    expect($('.kw-title').textContent).toBe('Warung Help');
    expect($('.kw').dataset.position).toBe('left');
  });

  it('moves focus into the panel on open and asks to close on Escape', async () => {
    start();
    await sessionStarted();
    panel.open();
    expect($('.kw-panel').hidden).toBe(false);
    expect(shadow.activeElement).toBe($('.kw-compose textarea'));
    $('.kw-compose textarea').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(closed).toBe(1);
    expect($('.kw-close').getAttribute('aria-label')).toBe('Close chat');
  });

  it('sends on Enter with an optimistic bubble that the echo does not double', async () => {
    let respond!: (response: Response) => void;
    routes.messages = () => new Promise((resolve) => (respond = resolve));
    start();
    await sessionStarted();
    type('Opening hours?');
    expect(logTexts().at(-1)).toBe('You: Opening hours?');
    expect($('.kw-log .kw-mine').getAttribute('aria-busy')).toBe('true');
    await vi.waitFor(() => expect(respond).toBeTypeOf('function'));
    const sent = requests.find((request) => request.path === 'messages')!;
    expect(sent.headers.Authorization).toBe('Bearer token-1');
    const { clientId } = sent.body as { clientId: string };
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);

    realtime.handlers!.created(message(5, 'contact', 'Opening hours?', { clientId }));
    respond(json(202, { message: message(5, 'contact', 'Opening hours?', { clientId }) }));
    await vi.waitFor(() => expect($('.kw-log .kw-mine').getAttribute('aria-busy')).toBeNull());
    expect(logTexts().filter((text) => text === 'You: Opening hours?')).toHaveLength(1);
    expect($('.kw-suggestions').hidden).toBe(true);
  });

  it('keeps Shift+Enter for a new line', async () => {
    start();
    await sessionStarted();
    const input = $<HTMLTextAreaElement>('.kw-compose textarea');
    input.value = 'line one';
    const event = new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true, cancelable: true });
    input.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(requests.some((request) => request.path === 'messages')).toBe(false);
  });

  it('streams a bot reply, escapes it, then shows citations and thumbs', async () => {
    routes['messages/9/feedback'] = () => json(204, null);
    start();
    await sessionStarted();
    const handlers = realtime.handlers!;
    handlers.typing({ sender: 'bot', typing: true });
    expect($('.kw-typing').textContent).toContain('Warung Help is typing');
    handlers.created(message(9, 'bot', '', { streaming: true }));
    handlers.delta({ id: 9, type: 'delta', text: 'Open <img src=x onerror=alert(1)> ' });
    handlers.delta({ id: 9, type: 'delta', text: '**daily**' });
    expect($$('.kw-typing')).toHaveLength(0);
    expect(shadow.querySelector('.kw-log img')).toBeNull();
    expect(logTexts().at(-1)).toBe('Warung Help: Open <img src=x onerror=alert(1)> daily');
    expect($$('.kw-thumb')).toHaveLength(0);

    handlers.created(
      message(9, 'bot', 'Open daily, see [hours](https://x.test/h).', {
        citations: [
          { title: 'Hours page', url: 'https://x.test/h', markers: [1, 3] },
          { title: 'Bad', url: 'javascript:alert(1)', markers: [2] },
        ],
      }),
    );
    const links = $$('.kw-sources a');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://x.test/h']);
    expect($('.kw-sources').textContent).toContain('Bad');
    // Each source says which [n] of the reply point to it.
    expect($$('.kw-sources li').map((item) => item.textContent)).toEqual(['[1][3] Hours page', '[2] Bad']);
    const bubbleLink = $('.kw-log .kw-bubble a');
    expect(bubbleLink.getAttribute('rel')).toBe('noopener noreferrer');
    expect(bubbleLink.getAttribute('target')).toBe('_blank');

    $('.kw-thumb[aria-label="Helpful"]').click();
    expect($('.kw-thumb[aria-label="Helpful"]').getAttribute('aria-pressed')).toBe('true');
    await vi.waitFor(() =>
      expect(requests.find((request) => request.path === 'messages/9/feedback')?.body).toEqual({ value: 'up' }),
    );
  });

  it('asks for no rating of a reply to small talk', async () => {
    start();
    await sessionStarted();
    const handlers = realtime.handlers!;
    handlers.created(message(11, 'bot', 'Halo! Ada yang bisa saya bantu?', { smallTalk: true }));
    handlers.created(message(12, 'bot', 'Buka setiap hari pukul 08.00.'));
    const replies = $$('.kw-log .kw-msg').filter((item) => item.textContent?.includes('Warung Help'));
    expect(replies.slice(-2).map((item) => item.querySelectorAll('.kw-thumb').length)).toEqual([0, 2]);
  });

  it('shows an agent’s name and the conversation’s state', async () => {
    routes.session = () => json(200, session({ conversation: { state: 'bot', csatRequested: false, csat: null } }));
    routes.handoff = () =>
      json(202, { conversation: { state: 'queued', csatRequested: false, csat: null }, messages: [] });
    start();
    await sessionStarted();
    const handoff = $$('.kw-handoff')[0];
    expect(handoff.textContent).toBe('Talk to a person');
    handoff.click();
    await vi.waitFor(() => expect($('.kw-state').textContent).toBe('A person will reply here'));
    expect($$('.kw-handoff')).toHaveLength(0);

    const human: WidgetConversation = { state: 'human', agentName: 'Dewi', csatRequested: false, csat: null };
    realtime.handlers!.conversation(human);
    realtime.handlers!.created(message(11, 'agent', 'Hello, Dewi here', { senderName: 'Dewi' }));
    expect($('.kw-state').textContent).toBe('Dewi joined');
    expect($$('.kw-name').map((name) => name.textContent)).toEqual(['Dewi']);
  });

  it('shows what the bot says about a person outside business hours from the answer, once when it is also heard live', async () => {
    routes.session = () => json(200, session({ conversation: { state: 'bot', csatRequested: false, csat: null } }));
    const away = message(
      12,
      'bot',
      'Tim kami sedang libur.\n\nJam kerja kami: Senin 09.00–17.00 WIB. Kami kembali hari Senin pukul 09.00.',
    );
    routes.handoff = () =>
      json(202, { conversation: { state: 'queued', csatRequested: false, csat: null }, messages: [away] });
    start();
    await sessionStarted();
    $$('.kw-handoff')[0].click();
    await vi.waitFor(() => expect($('.kw-log').textContent).toContain('Kami kembali hari Senin pukul 09.00.'));
    realtime.handlers!.created(away);
    expect($$('.kw-log .kw-bubble').filter((bubble) => bubble.textContent?.includes('Kami kembali'))).toHaveLength(1);
    expect($('.kw-error').textContent).toBe('');
  });

  it("holds its text boxes to the lengths the server accepts, so the visitor never meets the server's refusal", async () => {
    start({ ...defaultConfig, language: 'id' });
    await sessionStarted();
    expect($<HTMLTextAreaElement>('.kw-compose textarea').maxLength).toBe(widgetLimits.message);
    expect($<HTMLTextAreaElement>('.kw-csat textarea').maxLength).toBe(widgetLimits.comment);
  });

  it('asks a visitor who has written nothing yet to write first, in their language, before calling a person', async () => {
    const handoff = vi.fn(() =>
      json(202, { conversation: { state: 'queued', csatRequested: false, csat: null }, messages: [] }),
    );
    routes.handoff = handoff;
    start({ ...defaultConfig, language: 'id' });
    await sessionStarted();
    $$('.kw-handoff')[0].click();
    expect($('.kw-error').textContent).toBe(
      'Tulis pertanyaan Anda dulu: petugas yang membalas akan membacanya di sini.',
    );
    expect(shadow.activeElement).toBe($('.kw-compose textarea'));
    expect(handoff).not.toHaveBeenCalled();
  });

  it('speaks Indonesian when the bot replies in Indonesian, or the browser asks for it', async () => {
    routes.session = () => json(200, session({ conversation: { state: 'bot', csatRequested: false, csat: null } }));
    routes.handoff = () =>
      json(202, { conversation: { state: 'queued', csatRequested: false, csat: null }, messages: [] });
    start({ ...defaultConfig, language: 'id' });
    await sessionStarted();
    expect($<HTMLTextAreaElement>('.kw-compose textarea').placeholder).toBe('Tulis pesan…');
    expect($('.kw-send').getAttribute('aria-label')).toBe('Kirim pesan');
    expect($('.kw-brand').textContent).toBe('Didukung oleh Kawan');
    $$('.kw-handoff')[0].click();
    await vi.waitFor(() => expect($('.kw-state').textContent).toBe('Petugas kami akan membalas di sini'));
    realtime.handlers!.conversation({ state: 'human', agentName: 'Dewi', csatRequested: false, csat: null });
    expect($('.kw-state').textContent).toBe('Dewi bergabung');

    document.body.replaceChildren();
    vi.stubGlobal('navigator', { ...navigator, languages: ['id-ID', 'en-US'], language: 'id-ID' });
    start();
    await sessionStarted();
    expect($$('.kw-handoff')[0].textContent).toBe('Bicara dengan petugas');
  });

  it('asks for a rating after resolution, sends it and thanks', async () => {
    routes.csat = () => json(204, null);
    start();
    await sessionStarted();
    expect($('form.kw-csat').hidden).toBe(true);
    realtime.handlers!.conversation({ state: 'resolved', csatRequested: true, csat: null });
    expect($('form.kw-csat').hidden).toBe(false);
    $('.kw-star[aria-label="4 stars"]').click();
    expect($('.kw-star[aria-label="4 stars"]').getAttribute('aria-checked')).toBe('true');
    $<HTMLTextAreaElement>('form.kw-csat textarea').value = 'Quick, thanks';
    $<HTMLFormElement>('form.kw-csat').requestSubmit();
    await vi.waitFor(() => expect($('div.kw-csat').hidden).toBe(false));
    expect(requests.find((request) => request.path === 'csat')?.body).toEqual({ score: 4, comment: 'Quick, thanks' });
    expect($('div.kw-csat').textContent).toContain('Thanks');
    expect($('form.kw-csat').hidden).toBe(true);
  });

  it('says the chat is not available on this site when the session is refused (403)', async () => {
    routes.session = () => json(403, { message: 'Origin not allowed' });
    start();
    await vi.waitFor(() => expect($('.kw-error').textContent).toBe('This chat is not available on this site'));
    expect($<HTMLTextAreaElement>('.kw-compose textarea').disabled).toBe(true);
    expect($('.kw-error').getAttribute('role')).toBe('alert');
  });

  it('marks a message refused for the rate limit with the wait, and retries it', async () => {
    routes.messages = () => json(429, { message: 'Too Many Requests' }, { 'Retry-After': '12' });
    start();
    await sessionStarted();
    type('hello');
    await vi.waitFor(() =>
      expect($('.kw-error').textContent).toBe('Too many requests. Please try again in 12 seconds.'),
    );
    expect($('.kw-failed').textContent).toContain('Not sent');
    routes.messages = (body) => json(202, { message: message(3, 'contact', 'hello', body as { clientId: string }) });
    $('.kw-failed button').click();
    await vi.waitFor(() => expect($$('.kw-failed')).toHaveLength(0));
    const clientIds = requests
      .filter((request) => request.path === 'messages')
      .map((r) => (r.body as { clientId: string }).clientId);
    expect(new Set(clientIds).size).toBe(1);
  });

  it('shows the wait when opening the session is rate limited, keeps what the visitor typed and sends it later', async () => {
    routes.session = () =>
      json(
        429,
        { message: 'Too many requests. Please try again in 40 seconds.', retry_after: 40 },
        { 'Retry-After': '40' },
      );
    start();
    await vi.waitFor(() =>
      expect($('.kw-error').textContent).toBe('Too many requests. Please try again in 40 seconds.'),
    );
    // Not "unavailable": the visitor may still write, and what they write is kept.
    expect($<HTMLTextAreaElement>('.kw-compose textarea').disabled).toBe(false);
    type('Apakah bisa kirim ke Bandung?');
    await vi.waitFor(() => expect($('.kw-failed').textContent).toContain('Not sent'));
    expect(logTexts().some((text) => text?.includes('Apakah bisa kirim ke Bandung?'))).toBe(true);
    expect(requests.filter((request) => request.path === 'messages')).toHaveLength(0);

    routes.session = () => json(200, session());
    routes.messages = (body) =>
      json(202, { message: message(5, 'contact', 'Apakah bisa kirim ke Bandung?', body as { clientId: string }) });
    $('.kw-failed button').click();
    await vi.waitFor(() => expect($('.kw-error').textContent).toBe(''));
    expect($$('.kw-failed')).toHaveLength(0);
    expect(
      requests.filter((request) => request.path === 'messages').map((r) => (r.body as { text: string }).text),
    ).toEqual(['Apakah bisa kirim ke Bandung?']);
  });

  it('starts a new session with a new token when the old one is refused (401)', async () => {
    start();
    await sessionStarted();
    let sends = 0;
    routes.session = () => json(200, session({ token: 'token-2' }));
    routes.messages = (body, init) => {
      sends++;
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth === 'Bearer token-1') return json(401, { message: 'Unauthenticated' });
      return json(202, { message: message(4, 'contact', 'again', body as { clientId: string }) });
    };
    type('again');
    await vi.waitFor(() => expect(sends).toBe(2));
    await vi.waitFor(() => expect($('.kw-log .kw-mine').getAttribute('aria-busy')).toBeNull());
    expect($('.kw-error').textContent).toBe('');
  });

  it('reset forgets the visitor and its messages, and identify sends the identity', async () => {
    routes.session = () => json(200, session({ messages: [message(1, 'contact', 'old')] }));
    start();
    await sessionStarted();
    expect(localStorage.getItem('kawan:pk:visitor')).toBe('visitor-1');
    routes.session = () => json(200, session({ visitorId: 'visitor-2', channel: 'widget.2' }));
    panel.reset();
    expect(localStorage.getItem('kawan:pk:visitor')).toBeNull();
    expect(logTexts()).toEqual(['Warung Help: Hi! Ask me anything.']);
    await vi.waitFor(() => expect(realtime.channels).toEqual(['widget.1', 'widget.2']));
    expect(requests.at(-1)!.body).not.toHaveProperty('visitorId');

    routes.session = () => json(200, session({ visitorId: 'user-7', verified: true, channel: 'widget.3' }));
    panel.identify({ userId: '7', userHash: 'abc', name: 'Ana' });
    await vi.waitFor(() => expect(realtime.channels.at(-1)).toBe('widget.3'));
    expect(requests.at(-1)!.body).toMatchObject({
      visitorId: 'visitor-2',
      identity: { userId: '7', userHash: 'abc', name: 'Ana' },
    });
    // A verified visitor's id is not kept for the next (maybe anonymous) visit.
    expect(localStorage.getItem('kawan:pk:visitor')).toBe('visitor-2');
  });
});

describe('the pre-chat form', () => {
  const withForm: WidgetConfig = {
    ...defaultConfig,
    preChat: {
      message: '',
      fields: [
        { name: 'name', required: true },
        { name: 'email', required: false },
        { name: 'phone', required: true },
      ],
    },
  };
  const field = (name: string) => $<HTMLInputElement>(`.kw-prechat input[name=${name}]`);
  const submitForm = () =>
    $<HTMLFormElement>('.kw-prechat').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

  it('stands in for the composer, suggestions and hand-off of a new visitor until they answer', async () => {
    routes.session = () => json(200, session({ detailsNeeded: true }));
    routes.contact = () => json(204, null);
    start(withForm);
    await sessionStarted();
    panel.open();
    expect($('.kw-prechat p').textContent).toBe('Before we start, tell us how to reach you.');
    expect($$('.kw-prechat label').map((label) => label.textContent)).toEqual(['Name', 'Email (optional)', 'Phone']);
    expect(field('email').type).toBe('email');
    expect(field('phone').getAttribute('autocomplete')).toBe('tel');
    expect($('.kw-compose').hidden).toBe(true);
    expect($('.kw-suggestions').hidden).toBe(true);
    expect($('.kw-handoff')).toBeNull();
    expect(shadow.activeElement).toBe(field('name'));

    // Checked in the widget's words before anything is sent.
    field('phone').value = '12';
    submitForm();
    expect($('#kw-pre-name-error').textContent).toBe('Enter your name.');
    expect($('#kw-pre-phone-error').textContent).toBe(
      'Enter a phone number such as 0812-3456-7890 or +62 812-3456-7890.',
    );
    expect(field('name').getAttribute('aria-invalid')).toBe('true');
    expect(shadow.activeElement).toBe(field('name'));
    expect(requests.some((request) => request.path === 'contact')).toBe(false);

    field('name').value = ' Rina ';
    field('name').dispatchEvent(new Event('input'));
    expect($('#kw-pre-name-error').textContent).toBe('');
    expect(field('name').hasAttribute('aria-invalid')).toBe(false);
    field('phone').value = '0812 3456 7890';
    submitForm();
    await vi.waitFor(() => expect($('.kw-prechat')).toBeNull());
    const sent = requests.find((request) => request.path === 'contact')!;
    expect(sent.body).toEqual({ name: 'Rina', email: '', phone: '0812 3456 7890' });
    expect(sent.headers.Authorization).toBe('Bearer token-1');
    expect($('.kw-compose').hidden).toBe(false);
    expect($('.kw-suggestions').hidden).toBe(false);
    expect(shadow.activeElement).toBe($('.kw-compose textarea'));
  });

  it("shows the server's message under its field when it refuses an answer", async () => {
    routes.session = () => json(200, session({ detailsNeeded: true }));
    routes.contact = () =>
      json(422, {
        message: 'The email field must be a valid email address.',
        errors: { email: ['The email field must be a valid email address.'] },
      });
    start(withForm);
    await sessionStarted();
    field('name').value = 'Rina';
    field('email').value = 'rina@example.co';
    field('phone').value = '+62 812 3456 7890';
    submitForm();
    await vi.waitFor(() =>
      expect($('#kw-pre-email-error').textContent).toBe('The email field must be a valid email address.'),
    );
    expect($('.kw-error').textContent).toBe('');
    expect($<HTMLButtonElement>('.kw-prechat button').disabled).toBe(false);
  });

  it('speaks Indonesian, with the channel line, and is not shown to a visitor Kawan knows', async () => {
    routes.session = () => json(200, session({ detailsNeeded: true }));
    start({ ...withForm, language: 'id', preChat: { ...withForm.preChat!, message: 'Kenalan dulu, Kak!' } });
    await sessionStarted();
    expect($('.kw-prechat p').textContent).toBe('Kenalan dulu, Kak!');
    expect($$('.kw-prechat label').map((label) => label.textContent)).toEqual(['Nama', 'Email (opsional)', 'Nomor HP']);
    expect($('.kw-prechat button').textContent).toBe('Mulai chat');

    routes.session = () => json(200, session({ detailsNeeded: false, channel: 'widget.2' }));
    panel.reset();
    await vi.waitFor(() => expect($('.kw-prechat')).toBeNull());
    expect($('.kw-compose').hidden).toBe(false);
  });
});

describe('files', () => {
  const picker = () => $<HTMLInputElement>('.kw-compose input[type=file]');
  function choose(file: File) {
    Object.defineProperty(picker(), 'files', { value: [file], configurable: true });
    picker().dispatchEvent(new Event('change'));
  }
  let objectUrls: Blob[];
  beforeEach(() => {
    objectUrls = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => `blob:${objectUrls.push(blob)}` }));
  });

  it('sends a picture from the attach button, shown from the visitor’s own disk while and after it goes', async () => {
    let respond!: (response: Response) => void;
    routes.attachments = () => new Promise((resolve) => (respond = resolve));
    start();
    await sessionStarted();
    expect($('.kw-attach').getAttribute('aria-label')).toBe('Attach a file');
    expect(picker().accept).toContain('image/png');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'struk.png', { type: 'image/png' });
    choose(photo);

    await vi.waitFor(() => expect($<HTMLImageElement>('.kw-mine .kw-image').src).toBe('blob:1'));
    expect($('.kw-mine').getAttribute('aria-busy')).toBe('true');
    expect($<HTMLImageElement>('.kw-mine .kw-image').alt).toBe('struk.png');
    await vi.waitFor(() => expect(respond).toBeTypeOf('function'));
    const sent = requests.find((request) => request.path.startsWith('attachments?'))!;
    const query = new URLSearchParams(sent.path.split('?')[1]);
    expect(query.get('name')).toBe('struk.png');
    expect(query.get('clientId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.body).toBe(photo);
    expect(sent.headers['Content-Type']).toBe('application/octet-stream');
    expect(sent.headers.Authorization).toBe('Bearer token-1');

    const attachment = { index: 0, name: 'struk.png', mime: 'image/png', size: 4, kind: 'image' as const };
    respond(
      json(202, {
        message: message(7, 'contact', '', { clientId: query.get('clientId')!, attachments: [attachment] }),
      }),
    );
    await vi.waitFor(() => expect($('.kw-mine').getAttribute('aria-busy')).toBeNull());
    // The stored copy still shows the local picture: nothing is downloaded again.
    expect($<HTMLImageElement>('.kw-mine .kw-image').src).toBe('blob:1');
    expect(requests.some((request) => request.path.startsWith('messages/7/attachments'))).toBe(false);
  });

  it('downloads a file of the history through the visitor’s token when it is clicked', async () => {
    const pdf = { index: 0, name: 'invoice.pdf', mime: 'application/pdf', size: 2_500_000, kind: 'file' as const };
    routes.session = () =>
      json(200, session({ messages: [message(9, 'agent', 'Here it is', { attachments: [pdf] })] }));
    routes['messages/9/attachments/0'] = () => new Response(new Blob(['%PDF-1.4']), { status: 200 });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    start();
    await sessionStarted();
    const button = $('.kw-file');
    expect(button.getAttribute('aria-label')).toBe('Download invoice.pdf');
    expect(button.textContent).toBe('invoice.pdf2.4 MB');
    expect(requests.some((request) => request.path.includes('/attachments/'))).toBe(false);
    button.click();
    await vi.waitFor(() => expect(clicked).toEqual(['invoice.pdf blob:1']));
    expect(requests.at(-1)).toMatchObject({ path: 'messages/9/attachments/0' });
    expect(requests.at(-1)!.headers.Authorization).toBe('Bearer token-1');
  });

  it('sends a file dropped on the panel or pasted into the message box', async () => {
    routes.attachments = () => json(202, { message: message(11, 'contact', '', { attachments: [] }) });
    start();
    await sessionStarted();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'foto.jpg', { type: 'image/jpeg' });
    const files = { files: [photo], types: ['Files'] };
    const over = new Event('dragover', { cancelable: true });
    Object.defineProperty(over, 'dataTransfer', { value: files });
    $('.kw-panel').dispatchEvent(over);
    expect(over.defaultPrevented).toBe(true);
    expect($('.kw-panel').classList.contains('kw-dropping')).toBe(true);
    const drop = new Event('drop', { cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: files });
    $('.kw-panel').dispatchEvent(drop);
    expect($('.kw-panel').classList.contains('kw-dropping')).toBe(false);
    await vi.waitFor(() => expect(requests.filter((r) => r.path.startsWith('attachments?'))).toHaveLength(1));

    const paste = new Event('paste', { cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: { files: [photo] } });
    $('.kw-compose textarea').dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(requests.filter((r) => r.path.startsWith('attachments?'))).toHaveLength(2));
    // Text pasted is left to the box.
    const text = new Event('paste', { cancelable: true });
    Object.defineProperty(text, 'clipboardData', { value: { files: [] } });
    $('.kw-compose textarea').dispatchEvent(text);
    expect(text.defaultPrevented).toBe(false);
  });

  it('says in its words why a file cannot go, and retries an upload that failed', async () => {
    let fail = true;
    routes.attachments = () =>
      fail ? json(500, { message: 'boom' }) : json(202, { message: message(8, 'contact', '', { attachments: [] }) });
    start({ ...defaultConfig, language: 'id' });
    await sessionStarted();
    choose(new File([new Uint8Array(2 * 1024 * 1024)], 'video.txt', { type: 'text/plain' }));
    expect($('.kw-error').textContent).toBe('File terlalu besar: kirim yang maksimal 1 MB.');
    choose(new File(['MZ'], 'setup.exe'));
    expect($('.kw-error').textContent).toBe('Kirim gambar, PDF, file Word atau Excel, atau file teks.');
    expect(requests.some((request) => request.path.startsWith('attachments'))).toBe(false);

    choose(new File(['nama,harga'], 'menu.csv', { type: 'text/csv' }));
    await vi.waitFor(() => expect($('.kw-failed')).not.toBeNull());
    expect($('.kw-mine .kw-file').textContent).toBe('menu.csv1 KB');
    fail = false;
    $<HTMLButtonElement>('.kw-failed button').click();
    await vi.waitFor(() => expect($('.kw-failed')).toBeNull());
    expect(requests.filter((request) => request.path.startsWith('attachments?'))).toHaveLength(2);
  });
});

describe('while the chat is closed', () => {
  it('counts the replies that arrive for the launcher, once each, until it opens', async () => {
    const counts: number[] = [];
    routes.session = () =>
      json(200, session({ conversation: { state: 'human', csatRequested: false, csat: null, agentName: 'Dewi' } }));
    start(defaultConfig, { onUnread: (count) => counts.push(count) });
    await sessionStarted();
    // A conversation with a person: the loader will keep the panel listening on the next pages.
    expect(localStorage.getItem('kawan:pk:awaiting')).toBe('1');

    realtime.handlers!.created(message(21, 'agent', 'Halo, saya Dewi'));
    realtime.handlers!.created(message(21, 'agent', 'Halo, saya Dewi'));
    realtime.handlers!.created(message(22, 'contact', 'mine'));
    realtime.handlers!.created(message(23, 'bot', 'Ada lagi?'));
    expect(counts).toEqual([1, 2]);
    panel.open();
    expect(counts).toEqual([1, 2, 0]);
    realtime.handlers!.created(message(24, 'agent', 'read at once'));
    expect(counts).toEqual([1, 2, 0]);

    realtime.handlers!.conversation({ state: 'resolved', csatRequested: false, csat: null });
    expect(localStorage.getItem('kawan:pk:awaiting')).toBeNull();
  });
});
