import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import type { ReceivedDelivery, WebhookReceiver } from '../../helpers/webhook-receiver';
import { addWebhookEndpoint } from '../../helpers/webhook-endpoints';
import { createChannel } from '../../factories/channels';
import {
  contacts,
  conversationLabels,
  conversations,
  messages,
  teams,
  webhookDeliveries,
} from '../../../server/db/schema/index';
import type { SessionResponse } from '../../../server/channels/web/protocol';
import { webhookSchemaOf } from '../../../server/http/openapi/webhooks';

/**
 * The team's webhook endpoints hear its conversations: a website visitor's whole conversation
 * (the question, the bot's finished reply, a person asked for, an agent taking it and replying, an
 * internal note, the resolution and the rating) reaches an endpoint that hears everything as signed
 * events in order, each with the conversation as the API exports it and its contact; an endpoint
 * that hears only resolutions gets those; a note never leaves; a turned-off endpoint and another
 * team's endpoint hear nothing.
 */
const site = 'https://shop.example.com';
let app: TestApp;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0', KNOWLEDGE_ALLOW_PRIVATE_URLS: 'true' } });
});
afterAll(async () => {
  await app.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

type Event = {
  id: string;
  type: string;
  createdAt: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON as received, read field by field
  data: Record<string, any>;
};

async function website() {
  const bot = await cafeBot(app);
  expect((await bot.client.send('post', `/bots/${bot.botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(app.services, bot.team.id, {
    type: 'web',
    botId: bot.botId,
    name: 'Website',
    settings: { allowedDomains: ['shop.example.com'], collectCsat: true },
  });
  const call = (path: string, token?: string) => {
    const req = request(app.app)
      .post(`/widget/${channel.publicKey}/${path}`)
      .set({ Origin: site, Accept: 'application/json' });
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const visitor = async () => {
    const res = await call('session').send({});
    expect(res.status, res.text).toBe(200);
    return res.body as SessionResponse;
  };
  return { ...bot, channel, call, visitor };
}

const addEndpoint = (client: Parameters<typeof addWebhookEndpoint>[0], events: string[], description = '') =>
  addWebhookEndpoint(client, events, { description, receivers });

/** What an endpoint received, in the order the events happened (deliveries may arrive in any order). */
const received = (receiver: WebhookReceiver) =>
  receiver.deliveries
    .map((delivery: ReceivedDelivery) => delivery.body as Event)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || order.indexOf(a.id) - order.indexOf(b.id));

/** Event ids in the order their deliveries were written (ties of one millisecond). */
let order: string[] = [];
async function readOrder() {
  order = (
    await app.services.db
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .orderBy(webhookDeliveries.id)
  ).map((row) => row.eventId);
}

const allEvents = [
  'conversation.opened',
  'message.created',
  'conversation.queued',
  'conversation.assigned',
  'conversation.updated',
  'conversation.handed_back',
  'conversation.resolved',
  'conversation.reopened',
  'conversation.rated',
];

describe('webhook events', () => {
  it("send a visitor's whole conversation, signed, in order, to the endpoints that hear each event", async () => {
    const { owner, team, call, visitor } = await website();
    const admin = await signedIn(app.app, owner);
    const everything = await addEndpoint(admin, allEvents, 'CRM');
    const resolutions = await addEndpoint(admin, ['conversation.resolved']);

    const session = await visitor();
    const asked = await call('messages', session.token).send({
      text: 'Outlet Kemang buka jam berapa?',
      clientId: randomUUID(),
    });
    expect(asked.status, asked.text).toBe(202);
    await app.services.jobs.drain();
    expect((await call('handoff', session.token).send({})).status).toBe(202);
    await app.services.jobs.drain();

    await readOrder();
    const opened = received(everything.receiver).find((event) => event.type === 'conversation.opened')!;
    const id = opened.data.conversation.id as number;
    expect((await admin.send('post', `/conversations/${id}/assign`, { user_id: owner.id })).status).toBe(303);
    expect(
      (await admin.send('post', `/conversations/${id}/messages`, { text: 'Halo, saya Dewi. Buka sampai 22.00.' }))
        .status,
    ).toBe(303);
    expect(
      (await admin.send('post', `/conversations/${id}/notes`, { text: 'Pelanggan VIP, jangan lupa promo' })).status,
    ).toBe(303);
    expect((await admin.send('post', `/conversations/${id}/resolve`)).status).toBe(303);
    await app.services.jobs.drain();
    const rated = await call('csat', session.token).send({ score: 5, comment: 'Cepat sekali' });
    expect(rated.status, rated.text).toBe(204);
    await app.services.jobs.drain();

    await readOrder();
    const events = received(everything.receiver);
    expect(everything.receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);
    expect(events.map((event) => [event.type, event.data.message?.sender ?? null])).toEqual([
      ['message.created', 'contact'],
      ['conversation.opened', null],
      ['message.created', 'bot'],
      ['conversation.queued', null],
      ['conversation.assigned', null],
      ['message.created', 'agent'],
      ['conversation.resolved', null],
      ['conversation.rated', null],
    ]);
    // Every body is what the API reference documents for its event (GET /api/openapi.json's webhooks).
    for (const event of events) {
      const parsed = webhookSchemaOf(event.type).safeParse(event);
      expect(parsed.success, `${event.type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    // Every delivery names its event in a header, the same id as its body's.
    for (const delivery of everything.receiver.deliveries) {
      expect(delivery.headers['x-kawan-event-id']).toBe((delivery.body as Event).id);
      expect(delivery.headers['user-agent']).toBe('Kawan-Webhooks/1');
    }
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);

    const [question, , reply, queued, assigned, agentReply, resolved, rating] = events;
    expect(question.data.message).toMatchObject({ direction: 'inbound', text: 'Outlet Kemang buka jam berapa?' });
    expect(reply.data.message.text).toMatch(/07\.00/);
    expect(reply.data.message.status).not.toBe('composing');
    expect(queued.data.conversation).toMatchObject({ id, state: 'queued', handoff_reason: 'user_request' });
    expect(assigned.data.conversation).toMatchObject({ state: 'human', assignee: { id: owner.id } });
    expect(agentReply.data.message).toMatchObject({ sender: 'agent', sender_user_id: owner.id });
    expect(resolved.data.conversation).toMatchObject({ state: 'resolved', resolved_by: 'human' });
    expect(rating.data.conversation.csat).toEqual({ score: 5, comment: 'Cepat sekali' });
    // The conversation as GET /api/conversations has it, with a link to it in the inbox, and its contact.
    expect(resolved.data.conversation).toMatchObject({
      channel: { type: 'web', name: 'Website' },
      url: `${app.services.config.app.url}/conversations/${id}`,
    });
    expect(resolved.data.contact).toMatchObject({ id: resolved.data.conversation.contact.id, external_id: null });
    // The internal note never leaves Kawan.
    expect(JSON.stringify(events)).not.toContain('Pelanggan VIP');

    expect(received(resolutions.receiver).map((event) => event.type)).toEqual(['conversation.resolved']);
    // One event, one id, whichever endpoint hears it.
    expect(received(resolutions.receiver)[0].id).toBe(resolved.id);

    // The deliveries are in the endpoint's log, delivered at the first attempt.
    const rows = await app.services.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, everything.id));
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.state === 'delivered' && row.attempts === 1 && row.responseStatus === 200)).toBe(
      true,
    );
    expect(team.id).toBe(rows[0].teamId);
  });

  it('tell a handoff that a team assigning automatically gives to an online member at once: queued, then assigned', async () => {
    const { owner, team, call, visitor } = await website();
    await app.services.db.update(teams).set({ autoAssign: true }).where(eq(teams.id, team.id));
    app.presence.set(`presence-teams.${team.id}`, [String(owner.id)]);
    const admin = await signedIn(app.app, owner);
    const endpoint = await addEndpoint(admin, ['conversation.queued', 'conversation.assigned']);

    const session = await visitor();
    await call('messages', session.token).send({ text: 'Halo', clientId: randomUUID() });
    await app.services.jobs.drain();
    expect((await call('handoff', session.token).send({})).status).toBe(202);
    await app.services.jobs.drain();

    await readOrder();
    const events = received(endpoint.receiver);
    expect(events.map((event) => [event.type, event.data.conversation.assignee?.id ?? null])).toEqual([
      ['conversation.queued', null],
      ['conversation.assigned', owner.id],
    ]);
    expect(events[0].data.conversation).toMatchObject({ state: 'queued', handoff_reason: 'user_request' });
  });

  it("commit with the teammate's change they tell: a failure writing the event leaves the change unmade", async () => {
    const { owner, team, call, visitor } = await website();
    const admin = await signedIn(app.app, owner);
    const endpoint = await addEndpoint(admin, ['conversation.resolved', 'contact.updated']);
    const session = await visitor();
    const asked = await call('messages', session.token).send({ text: 'Halo, masih buka?', clientId: randomUUID() });
    expect(asked.status, asked.text).toBe(202);
    await app.services.jobs.drain();
    const [conversation] = await app.services.db.select().from(conversations).where(eq(conversations.teamId, team.id));
    const lines = async () =>
      (await app.services.db.select().from(messages).where(eq(messages.conversationId, conversation.id)))
        .filter((message) => message.sender === 'system')
        .map((message) => message.text);

    // The database refuses the delivery rows (a full disk, a stopped process: the event is not written).
    await app.services.database.execute(
      `create function refuse_webhook_delivery() returns trigger language plpgsql
        as $$ begin raise exception 'no room for the delivery'; end $$`,
    );
    await app.services.database.execute(
      `create trigger refuse_webhook_delivery before insert on webhook_deliveries
        for each row execute function refuse_webhook_delivery()`,
    );
    try {
      expect((await admin.send('post', `/conversations/${conversation.id}/resolve`)).status).toBe(500);
      expect(
        (await admin.send('put', `/conversations/${conversation.id}/contact`, { name: 'Rina', phone: '', email: '' }))
          .status,
      ).toBe(500);
    } finally {
      await app.services.database.execute('drop trigger refuse_webhook_delivery on webhook_deliveries');
      await app.services.database.execute('drop function refuse_webhook_delivery()');
    }
    // Neither change happened: no resolution, no line saying so, no new name.
    const [untouched] = await app.services.db.select().from(conversations).where(eq(conversations.id, conversation.id));
    expect(untouched.state).toBe('bot');
    expect(await lines()).toEqual([]);
    const [contact] = await app.services.db.select().from(contacts).where(eq(contacts.id, conversation.contactId));
    expect(contact.name).toBeNull();

    // Done again, each change and its event go together, once.
    expect(
      (await admin.send('put', `/conversations/${conversation.id}/contact`, { name: 'Rina', phone: '', email: '' }))
        .status,
    ).toBe(303);
    expect((await admin.send('post', `/conversations/${conversation.id}/resolve`)).status).toBe(303);
    await app.services.jobs.drain();
    expect(await lines()).toEqual([`Resolved by ${owner.name}.`]);
    expect(received(endpoint.receiver).map((event) => event.type)).toEqual([
      'contact.updated',
      'conversation.resolved',
    ]);
  });

  it("tell what a person or an automation rule changed of a conversation's labels or priority", async () => {
    const { owner, team, call, visitor } = await website();
    const admin = await signedIn(app.app, owner);
    const endpoint = await addEndpoint(admin, ['conversation.updated']);
    const [keluhan] = await app.services.db
      .insert(conversationLabels)
      .values({ teamId: team.id, name: 'Keluhan' })
      .returning();
    const [vip] = await app.services.db.insert(conversationLabels).values({ teamId: team.id, name: 'VIP' }).returning();
    expect(
      (
        await admin.send('post', '/conversations/automations', {
          name: 'Keluhan',
          trigger: 'customer_message',
          conditions: [{ type: 'message_contains', words: ['komplain'] }],
          actions: [
            { type: 'set_priority', priority: 'urgent' },
            { type: 'add_labels', label_ids: [keluhan.id] },
          ],
        })
      ).status,
    ).toBe(303);

    const session = await visitor();
    const sent = await call('messages', session.token).send({
      text: 'Mau komplain, kopinya tumpah',
      clientId: randomUUID(),
    });
    expect(sent.status, sent.text).toBe(202);
    await app.services.jobs.drain();
    const [conversation] = await app.services.db.select().from(conversations).where(eq(conversations.teamId, team.id));
    const path = `/conversations/${conversation.id}`;
    expect((await admin.send('put', `${path}/labels`, { label_ids: [keluhan.id, vip.id] })).status).toBe(303);
    expect((await admin.send('put', `${path}/priority`, { priority: 'high' })).status).toBe(303);
    // The same again changes nothing, and tells nothing.
    expect((await admin.send('put', `${path}/priority`, { priority: 'high' })).status).toBe(303);
    // A deleted label comes off every conversation it was on without an event for each.
    expect((await admin.send('delete', `/conversations/labels/${vip.id}`)).status).toBe(303);
    await app.services.jobs.drain();

    await readOrder();
    const events = received(endpoint.receiver);
    expect(
      events.map((event) => [
        event.data.changed,
        event.data.conversation.priority,
        (event.data.conversation.labels as Array<{ name: string }>).map((label) => label.name),
      ]),
    ).toEqual([
      [['labels', 'priority'], 'urgent', ['Keluhan']],
      [['labels'], 'urgent', ['Keluhan', 'VIP']],
      [['priority'], 'high', ['Keluhan', 'VIP']],
    ]);
    for (const event of events) {
      const parsed = webhookSchemaOf(event.type).safeParse(event);
      expect(parsed.success, `${event.type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('reach nothing from a turned-off endpoint or for another team, and nothing is queued for a team without endpoints', async () => {
    const first = await website();
    const owner = await signedIn(app.app, first.owner);
    const off = await addEndpoint(owner, allEvents);
    expect(
      (
        await owner.send('put', `/integrations/webhooks/${off.id}`, {
          url: off.receiver.url,
          events: allEvents,
          enabled: false,
        })
      ).status,
    ).toBe(303);
    const second = await website();

    for (const { call, visitor } of [first, second]) {
      const session = await visitor();
      await call('messages', session.token).send({ text: 'Ada parkir mobil?', clientId: randomUUID() });
      await app.services.jobs.drain();
    }
    expect(off.receiver.deliveries).toEqual([]);
    const queued = await app.services.db
      .select({ teamId: webhookDeliveries.teamId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.teamId, second.team.id));
    expect(queued).toEqual([]);
    expect(
      await app.services.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, off.id)),
    ).toEqual([]);
  });
});
