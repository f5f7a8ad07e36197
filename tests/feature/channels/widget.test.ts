import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { botVersions, teams } from '../../../server/db/schema/index';
import { eq, sql } from 'drizzle-orm';
import type {
  SessionResponse,
  WidgetConfig,
  WidgetConversation,
  WidgetMessage,
} from '../../../server/channels/web/protocol';

/**
 * The web chat widget's public endpoints through real HTTP: allowed domains and CORS, visitor
 * sessions and their tokens, a question answered by the published bot on the visitor's realtime
 * channel, history restored, "talk to a person", an agent's reply and resolve reaching the widget,
 * the rating, identity verification and the realtime channel's authorization.
 */
const site = 'https://shop.example.com';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await app.close();
});

async function webChannel(
  options: { settings?: Record<string, unknown>; secrets?: Record<string, string>; publish?: boolean } = {},
) {
  const bot = await cafeBot(app);
  if (options.publish !== false) {
    const published = await bot.client.send('post', `/bots/${bot.botId}/publish`, { note: 'v1' });
    expect(published.status).toBe(303);
  }
  const channel = await createChannel(app.services, bot.team.id, {
    type: 'web',
    botId: bot.botId,
    name: 'Website',
    settings: {
      allowedDomains: ['shop.example.com'],
      collectCsat: true,
      title: 'Kopi Senja',
      color: '#0f766e',
      welcomeMessage: 'Halo! Ada yang bisa dibantu?',
      ...options.settings,
    },
    secrets: options.secrets,
  });
  const key = channel.publicKey;
  /** A call as the widget's fetch makes it (api.ts): the page's Origin, JSON accepted, the Bearer token. */
  const call = (method: 'get' | 'post' | 'options', path: string, token?: string, origin = site) => {
    const req = request(app.app)[method](`/widget/${key}/${path}`).set({ Origin: origin, Accept: 'application/json' });
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const session = async (body: Record<string, unknown> = {}) => {
    const res = await call('post', 'session').send(body);
    expect(res.status, res.text).toBe(200);
    return res.body as SessionResponse;
  };
  return { ...bot, channel, key, call, session };
}

/** What the visitor's realtime channel received since `from` (an index into app.broadcasts). */
function widgetEvents(channelName: string, from = 0) {
  return app.broadcasts
    .slice(from)
    .filter((b) => b.channels.includes(`private-${channelName}`))
    .map((b) => ({ event: b.event, data: b.data }));
}

describe('widget config and allowed domains', () => {
  it('answers an allowed origin with CORS, the theme and the realtime key', async () => {
    const { call } = await webChannel();
    const res = await call('get', 'config');
    expect(res.status, res.text).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(site);
    const config = res.body as WidgetConfig;
    expect(config).toMatchObject({
      title: 'Kopi Senja',
      color: '#0f766e',
      position: 'right',
      welcomeMessage: 'Halo! Ada yang bisa dibantu?',
      collectCsat: true,
      botActive: true,
    });
    expect(config.realtime.key).toBe(app.services.config.reverb.widget.key);
    expect(config.realtime.authEndpoint).toMatch(/\/widget\/[^/]+\/broadcasting\/auth$/);
  });

  it('gives the widget the proactive message and its delay, or none', async () => {
    const { call } = await webChannel({ settings: { proactiveMessage: 'Butuh bantuan?', proactiveDelaySeconds: 20 } });
    expect(((await call('get', 'config')).body as WidgetConfig).proactive).toEqual({
      message: 'Butuh bantuan?',
      delaySeconds: 20,
    });
    const none = await webChannel();
    expect(((await none.call('get', 'config')).body as WidgetConfig).proactive).toBeNull();
  });

  it('shows "Powered by Kawan" on the plans that do not include its removal', async () => {
    const { call, team } = await webChannel();
    const branded = async (plan: string) => {
      await app.services.db.update(teams).set({ plan }).where(eq(teams.id, team.id));
      return ((await call('get', 'config')).body as WidgetConfig).showBranding;
    };
    expect(await branded('free')).toBe(true);
    expect(await branded('starter')).toBe(true);
    expect(await branded('growth')).toBe(false);
    expect(await branded('business')).toBe(false);
  });

  it("gives the widget the language its bot replies in, or none when the bot answers in the visitor's", async () => {
    const { call, botId } = await webChannel();
    expect(((await call('get', 'config')).body as WidgetConfig).language).toBeNull();
    for (const [reply, widget] of [
      ['indonesian', 'id'],
      ['english', 'en'],
    ] as const) {
      await app.services.db
        .update(botVersions)
        .set({ config: sql`jsonb_set(${botVersions.config}, '{language}', ${JSON.stringify(reply)}::jsonb)` })
        .where(eq(botVersions.botId, botId));
      expect(((await call('get', 'config')).body as WidgetConfig).language).toBe(widget);
    }
  });

  it("shows its bot's welcome without one of its own, in the language of the visitor's browser", async () => {
    const { call } = await webChannel({ settings: { welcomeMessage: '  ' } });
    const welcome = async (language?: string) => {
      const req = call('get', 'config');
      return ((await (language ? req.set('Accept-Language', language) : req)).body as WidgetConfig).welcomeMessage;
    };
    expect(await welcome('id-ID,id;q=0.9,en;q=0.8')).toBe('Halo! Saya Asisten Kopi. Ada yang bisa saya bantu?');
    expect(await welcome('en-US,en;q=0.9')).toBe('Hi! I’m Asisten Kopi. How can I help you?');
    expect(await welcome()).toBe('Hi! I’m Asisten Kopi. How can I help you?');
  });

  it('refuses another site with 403 JSON the browser can still read', async () => {
    const { call } = await webChannel();
    const res = await call('get', 'config', undefined, 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: 'This chat is not available on this site.' });
    expect(res.headers['access-control-allow-origin']).toBe('https://evil.example');
  });

  it('answers JSON errors to a client that does not ask for JSON', async () => {
    const { key } = await webChannel();
    const refused = await request(app.app).get(`/widget/${key}/config`).set('Origin', 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This chat is not available on this site.' });
    const invalid = await request(app.app).post(`/widget/${key}/messages`).set('Origin', site).send({});
    expect(invalid.status).toBe(401);
    expect(invalid.body).toMatchObject({ message: expect.any(String) });
  });

  it('answers a preflight with 204 and the allowed methods and headers', async () => {
    const { call } = await webChannel();
    const res = await call('options', 'messages')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(site);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/i);
    expect(res.headers['access-control-allow-headers']).toMatch(/Content-Type/i);
  });

  it("serves Kawan's own preview page, whose same-origin GETs carry no Origin header, and nothing without one", async () => {
    const { key } = await webChannel();
    const own = await request(app.app).get(`/widget/${key}/config`).set({ 'Sec-Fetch-Site': 'same-origin' });
    expect(own.status, own.text).toBe(200);
    expect((await request(app.app).get(`/widget/${key}/config`)).status).toBe(403);
    const crossSite = await request(app.app).get(`/widget/${key}/config`).set({ 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });

  it('answers an unknown key with 404', async () => {
    const res = await request(app.app).get('/widget/no-such-key/config').set('Origin', site);
    expect(res.status).toBe(404);
  });
});

describe('a visitor chatting with the bot', () => {
  it('answers a question live on the visitor channel, once per client id, and restores the history', async () => {
    const { call, session } = await webChannel();
    const first = await session();
    expect(first.visitorId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(first.token).toBeTruthy();
    expect(first.channel).toMatch(/^widget\./);
    expect(first).toMatchObject({ verified: false, conversation: null, messages: [] });

    const from = app.broadcasts.length;
    const clientId = randomUUID();
    const sent = await call('post', 'messages', first.token).send({ text: 'Outlet Kemang buka jam berapa?', clientId });
    expect(sent.status, sent.text).toBe(202);
    expect((sent.body as { message: WidgetMessage }).message).toMatchObject({
      sender: 'contact',
      text: 'Outlet Kemang buka jam berapa?',
      clientId,
    });
    await app.services.jobs.drain();

    const events = widgetEvents(first.channel, from);
    const created = events.filter((e) => e.event === 'message.created').map((e) => e.data.message as WidgetMessage);
    expect(created[0]).toMatchObject({ sender: 'contact', text: 'Outlet Kemang buka jam berapa?', clientId });
    const deltas = events.filter((e) => e.event === 'message.delta');
    expect(deltas.length).toBeGreaterThan(0);
    const reply = created.find((m) => m.sender === 'bot')!;
    expect(reply).toBeDefined();
    expect(reply.streaming).toBeUndefined();
    expect(reply.text).toContain('07.00');
    expect(reply.citations?.map((c) => c.title)).toContain('Jam buka');
    // Numbered as the reply's [n] markers are, each source once.
    expect(reply.citations?.find((c) => c.title === 'Jam buka')?.markers).toEqual([expect.any(Number)]);
    expect(deltas.every((d) => d.data.id === reply.id)).toBe(true);
    // The deltas, applied in order, end with the final text.
    let streamed = '';
    for (const d of deltas) streamed = d.data.type === 'replace' ? String(d.data.text) : streamed + String(d.data.text);
    expect(streamed.trim()).toBe(reply.text.trim());

    // The same clientId again: the same message, no second one and no second reply.
    const again = await call('post', 'messages', first.token).send({
      text: 'Outlet Kemang buka jam berapa?',
      clientId,
    });
    expect(again.status).toBe(202);
    expect((again.body as { message: WidgetMessage }).message.id).toBe(created[0].id);
    await app.services.jobs.drain();

    // A later visit with the stored visitor id gets the history, oldest first, without notes.
    const back = await session({ visitorId: first.visitorId });
    expect(back.visitorId).toBe(first.visitorId);
    expect(back.channel).toBe(first.channel);
    expect(back.conversation).toMatchObject({ state: 'bot', csatRequested: false, csat: null });
    expect(back.messages.map((m) => [m.sender, m.id])).toEqual([
      ['contact', created[0].id],
      ['bot', reply.id],
    ]);
  });

  it('greets back a visitor who says hello, live and in the history, marked as small talk (nothing to rate)', async () => {
    const { call, session } = await webChannel();
    const first = await session();
    const from = app.broadcasts.length;
    expect(
      (await call('post', 'messages', first.token).send({ text: 'halo kak', clientId: randomUUID() })).status,
    ).toBe(202);
    await app.services.jobs.drain();
    const reply = widgetEvents(first.channel, from)
      .filter((e) => e.event === 'message.created' || e.event === 'message.updated')
      .map((e) => e.data.message as WidgetMessage)
      .filter((m) => m.sender === 'bot' && !m.streaming)
      .at(-1)!;
    expect(reply).toMatchObject({ text: 'Halo! Saya Asisten Kopi. Ada yang bisa saya bantu?', smallTalk: true });
    const back = await session({ visitorId: first.visitorId });
    expect(back.messages.map((m) => [m.sender, m.smallTalk ?? false])).toEqual([
      ['contact', false],
      ['bot', true],
    ]);
  });

  it('refuses a bad token and a token of another channel with 401', async () => {
    const { call, session } = await webChannel();
    const other = await webChannel();
    const otherSession = await other.session();
    const body = { text: 'Halo', clientId: randomUUID() };
    expect((await call('post', 'messages', 'not-a-token').send(body)).status).toBe(401);
    const { token } = await session();
    const [payload] = token.split('.');
    expect((await call('post', 'messages', `${payload}.forged`).send(body)).status).toBe(401);
    expect((await call('post', 'messages').send(body)).status).toBe(401);
    expect((await call('post', 'messages', otherSession.token).send(body)).status).toBe(401);
  });
});

describe('a visitor asking for a person', () => {
  it('queues the conversation, hears the agent, is asked for a rating once resolved and rates it', async () => {
    const { call, session, owner, team } = await webChannel();
    const visitor = await session();
    await call('post', 'messages', visitor.token).send({
      text: 'Outlet Kemang buka jam berapa?',
      clientId: randomUUID(),
    });
    await app.services.jobs.drain();

    let from = app.broadcasts.length;
    const handoff = await call('post', 'handoff', visitor.token).send({});
    expect(handoff.status, handoff.text).toBe(202);
    expect((handoff.body as { conversation: WidgetConversation }).conversation.state).toBe('queued');
    const updates = () =>
      widgetEvents(visitor.channel, from)
        .filter((e) => e.event === 'conversation.updated')
        .map((e) => e.data.conversation as WidgetConversation);
    expect(updates().at(-1)).toMatchObject({ state: 'queued' });

    const repo = conversationRepository(app.services.db, team.id);
    const [conversation] = (await repo.page({}, { page: 1, perPage: 10 })).items;
    expect(conversation).toMatchObject({ state: 'queued', handoffReason: 'user_request' });
    // The team's inbox hears it under the name Echo's listen('ConversationChanged') hears.
    const inbox = app.broadcasts
      .slice(from)
      .filter((b) => b.channels.includes(`private-teams.${team.id}`))
      .map((b) => [b.event, (b.data as { action?: string }).action]);
    expect(inbox).toContainEqual(['App\\Events\\ConversationChanged', 'queued']);
    // The thread's line is the team's; the visitor is told by the widget's own state line.
    expect((await repo.messages(conversation.id, { limit: 10 })).at(-1)).toMatchObject({
      sender: 'system',
      text: 'Waiting for a person: the customer asked for one.',
    });
    expect(widgetEvents(visitor.channel, from).filter((e) => e.event === 'message.created')).toEqual([]);

    // The owner replies from the inbox (a form post with the XSRF token, as the page sends it).
    const agent = await signedIn(app.app, owner);
    from = app.broadcasts.length;
    const replied = await agent.send('post', `/conversations/${conversation.id}/messages`, { text: 'Halo, saya Dewi' });
    expect(replied.status, replied.text).toBe(303);
    await app.services.jobs.drain();
    const agentMessages = widgetEvents(visitor.channel, from)
      .filter((e) => e.event === 'message.created')
      .map((e) => e.data.message as WidgetMessage)
      .filter((m) => m.sender === 'agent');
    expect(agentMessages).toHaveLength(1);
    expect(agentMessages[0]).toMatchObject({
      sender: 'agent',
      text: 'Halo, saya Dewi',
      senderName: owner.name.split(' ')[0],
    });
    expect(updates().at(-1)).toMatchObject({ state: 'human' });

    // An internal note never reaches the visitor.
    from = app.broadcasts.length;
    expect((await agent.send('post', `/conversations/${conversation.id}/notes`, { text: 'VIP customer' })).status).toBe(
      303,
    );
    expect(widgetEvents(visitor.channel, from)).toEqual([]);

    // The rating is refused while the conversation is open.
    expect((await call('post', 'csat', visitor.token).send({ score: 5 })).status).toBe(422);

    from = app.broadcasts.length;
    expect((await agent.send('post', `/conversations/${conversation.id}/resolve`)).status).toBe(303);
    expect(updates().at(-1)).toMatchObject({ state: 'resolved', csatRequested: true, csat: null });

    expect((await call('post', 'csat', visitor.token).send({ score: 9 })).status).toBe(422);
    const rated = await call('post', 'csat', visitor.token).send({ score: 5 });
    expect(rated.status, rated.text).toBe(204);
    expect(await repo.find(conversation.id)).toMatchObject({ csatScore: 5 });
    expect(updates().at(-1)).toMatchObject({ csatRequested: false, csat: { score: 5 } });

    // The history the visitor gets back has the agent's reply and no note.
    const back = await session({ visitorId: visitor.visitorId });
    expect(back.messages.map((m) => m.text)).toContain('Halo, saya Dewi');
    expect(back.messages.map((m) => m.text)).not.toContain('VIP customer');
    // Nor the thread's system lines ("Waiting for a person …", "Resolved by …"), live or restored.
    expect(back.messages.map((m) => m.sender as string)).not.toContain('system');
    expect(back.messages.map((m) => m.text)).not.toContain('Waiting for a person: the customer asked for one.');
    expect(back.conversation).toMatchObject({ state: 'resolved', csat: { score: 5 } });
  });
});

describe('identity verification', () => {
  const identitySecret = 'identity-secret-for-tests';
  const hash = (userId: string) => createHmac('sha256', identitySecret).update(userId).digest('hex');

  it('verifies a correct user hash and treats a wrong one as anonymous', async () => {
    const { session } = await webChannel({ settings: { identityVerification: true }, secrets: { identitySecret } });
    const good = await session({ identity: { userId: 'cust-42', userHash: hash('cust-42'), name: 'Sari' } });
    expect(good.verified).toBe(true);
    // The same user in another browser has the same thread.
    const elsewhere = await session({
      visitorId: 'another-browser-1',
      identity: { userId: 'cust-42', userHash: hash('cust-42') },
    });
    expect(elsewhere).toMatchObject({ verified: true, visitorId: good.visitorId, channel: good.channel });

    const bad = await session({
      visitorId: 'visitor-bad-1',
      identity: { userId: 'cust-42', userHash: hash('cust-43') },
    });
    expect(bad).toMatchObject({ verified: false, visitorId: 'visitor-bad-1' });
    expect(bad.channel).not.toBe(good.channel);
  });

  it("keeps a signed-in user's thread from a visitor who only knows its id (made from the public key)", async () => {
    const { session, call } = await webChannel({
      settings: { identityVerification: true },
      secrets: { identitySecret },
    });
    const good = await session({ identity: { userId: 'cust-7', userHash: hash('cust-7') } });
    const asked = await call('post', 'messages', good.token).send({
      clientId: randomUUID(),
      text: 'Poin saya berapa?',
    });
    expect(asked.status, asked.text).toBe(202);
    expect(good.visitorId).toMatch(/^user-/);

    // Without the signature, or with a wrong one, the id is not theirs to take: a new visitor.
    for (const identity of [undefined, { userId: 'cust-7', userHash: hash('cust-8') }]) {
      const impostor = await session({ visitorId: good.visitorId, ...(identity ? { identity } : {}) });
      expect(impostor.verified).toBe(false);
      expect(impostor.visitorId).not.toBe(good.visitorId);
      expect(impostor.channel).not.toBe(good.channel);
      expect(impostor.conversation).toBeNull();
      expect(impostor.messages).toEqual([]);
    }
  });
});

describe('realtime authorization', () => {
  it("signs the visitor's own channel with the widget app's secret and refuses any other", async () => {
    const { call, session, key } = await webChannel();
    const visitor = await session();
    const other = await session();
    const socketId = '1234.5678';
    const channelName = `private-${visitor.channel}`;
    const res = await call('post', 'broadcasting/auth', visitor.token)
      .type('form')
      .send({ socket_id: socketId, channel_name: channelName });
    expect(res.status, res.text).toBe(200);
    const { key: appKey, secret } = app.services.config.reverb.widget;
    const signature = createHmac('sha256', secret).update(`${socketId}:${channelName}`).digest('hex');
    expect(res.body).toEqual({ auth: `${appKey}:${signature}` });
    expect(appKey).not.toBe(key);

    const refused = await call('post', 'broadcasting/auth', visitor.token)
      .type('form')
      .send({ socket_id: socketId, channel_name: `private-${other.channel}` });
    expect(refused.status).toBe(403);
  });
});
