import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { channelRepository } from '../../../server/db/repositories/channel-repository';
import { signatureHeader } from '../../../server/channels/webhook/signature';

/**
 * The generic webhook / API channel end to end: a client's system POSTs a message signed with
 * X-Kawan-Signature (Stripe's scheme: timestamp and raw body), Kawan stores it once per message id
 * and the published bot's reply goes back as a signed `message.created` event to the client's
 * endpoint (a local receiver that checks the signature on its own), retried when the endpoint fails.
 */
const signingSecret = 'whsec_kawan_test_3f9a1c';

let app: TestApp;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  // The receiver listens on 127.0.0.1: a private address, which the app refuses unless allowed.
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0', KNOWLEDGE_ALLOW_PRIVATE_URLS: 'true' } });
});
afterAll(async () => {
  await app.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function webhookChannel() {
  const receiver = await startWebhookReceiver({ secret: signingSecret });
  receivers.push(receiver);
  const { team, client, botId } = await cafeBot(app);
  const published = await client.send('post', `/bots/${botId}/publish`, { note: 'v1' });
  expect(published.status).toBe(303);
  const channel = await createChannel(app.services, team.id, {
    type: 'webhook',
    botId,
    settings: { outboundUrl: receiver.url },
    secrets: { signingSecret },
  });
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (body: string, timestamp = now()) => signatureHeader(signingSecret, body, timestamp);
  /** POSTs these exact bytes, signed now unless a header (or none: null) is given. */
  const deliver = (body: string, signature: string | null = sign(body)) =>
    request(app.app)
      .post(`/webhooks/custom/${channel.publicKey}`)
      .set({ 'Content-Type': 'application/json', ...(signature === null ? {} : { 'X-Kawan-Signature': signature }) })
      .send(body);
  const conversations = conversationRepository(app.services.db, team.id);
  const channels = channelRepository(app.services.db, team.id);
  return { team, client, channel, receiver, now, sign, deliver, conversations, channels };
}

const messageBody = (id: string, text: string | undefined, user = { id: 'cust-42', name: 'Ayu Lestari' }) =>
  JSON.stringify({ message: { id, ...(text === undefined ? {} : { text }), user } });

describe('the webhook channel: inbound', () => {
  it('refuses a missing, stale or tampered signature with 401 and stores nothing but the refusal', async () => {
    const { channel, now, sign, deliver, conversations, channels } = await webhookChannel();
    const body = messageBody('ord-981-1', 'Halo kak');
    const tampered = body.replace('Halo kak', 'Halo kaK');
    expect(Buffer.byteLength(tampered)).toBe(Buffer.byteLength(body));
    expect(tampered).not.toBe(body);

    const missing = await deliver(body, null);
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/missing/);
    const stale = await deliver(body, sign(body, now() - 6 * 60));
    expect(stale.status).toBe(401);
    expect(stale.body.message).toMatch(/timestamp/);
    const changed = await deliver(tampered, sign(body));
    expect(changed.status).toBe(401);
    expect(changed.body.message).toMatch(/does not match/);

    await app.services.jobs.drain();
    expect((await conversations.page({}, { page: 1, perPage: 10 })).total).toBe(0);
    const events = await channels.events(channel.id, { page: 1, perPage: 10 });
    expect(events.items.map((event) => [event.direction, event.signature, event.status, event.payload])).toEqual([
      ['inbound', 'invalid', 'rejected', null],
      ['inbound', 'invalid', 'rejected', null],
      ['inbound', 'invalid', 'rejected', null],
    ]);
  });

  it('answers a correctly signed body without text with 422 and field errors, and takes a good one', async () => {
    const { channel, deliver, conversations, channels } = await webhookChannel();
    const bad = await deliver(messageBody('ord-981-2', undefined));
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.errors['message.text']).toEqual(expect.any(String));
    expect(bad.body.errors['message.text']).toMatch(/message\.text/);
    expect((await channels.events(channel.id, { page: 1, perPage: 10 })).total).toBe(0);

    const good = await deliver(messageBody('ord-981-2', 'Outlet Kemang buka jam berapa?'));
    expect(good.status, good.text).toBe(200);
    expect(good.body).toEqual({ ok: true, duplicate: false });
    await app.services.jobs.drain();
    const { items } = await conversations.page({}, { page: 1, perPage: 10 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ threadId: 'cust-42', contactName: 'Ayu Lestari' });
  });
});

describe("the webhook channel: the customer's details", () => {
  it("keeps the e-mail, the team's own id and the field values the team's system sends, which the bot then tells", async () => {
    const { client: owner, deliver, conversations } = await webhookChannel();
    for (const field of [
      { label: 'Poin', type: 'number', bot_readable: true },
      { label: 'Kota', type: 'text' },
    ])
      expect((await owner.send('post', '/contacts/fields', field)).status).toBe(303);
    const user = (attributes: Record<string, unknown>) => ({
      id: 'cust-77',
      name: 'Rina',
      email: 'Rina@Example.com',
      attributes,
    });
    const send = async (id: string, text: string, attributes: Record<string, unknown>) => {
      const res = await deliver(JSON.stringify({ message: { id, text, user: user(attributes) } }));
      expect(res.status, res.text).toBe(200);
      await app.services.jobs.drain();
    };
    // A key that is no field, and a value its field refuses, are left out; the others are kept.
    await send('ord-2001', 'poin saya berapa?', { poin: '1.250', kota: 'Bandung', nope: 1 });
    const [conversation] = (await conversations.page({}, { page: 1, perPage: 5 })).items;
    const contact = await conversations.contact(conversation.contactId);
    expect(contact).toMatchObject({
      email: 'rina@example.com',
      externalId: 'cust-77',
      attributes: { poin: 1250, kota: 'Bandung' },
    });
    const replies = (await conversations.messages(conversation.id, { limit: 10 })).filter((m) => m.sender === 'bot');
    expect(replies.map((m) => m.text)).toEqual(['Menurut catatan kami, Poin Anda 1.250.']);

    // The system's later values replace them; null clears one; a bad one leaves the old.
    await send('ord-2002', 'makasih', { poin: 'banyak', kota: null });
    expect((await conversations.contact(conversation.contactId))?.attributes).toEqual({ poin: 1250 });

    const bad = await deliver(
      JSON.stringify({ message: { id: 'ord-2003', text: 'halo', user: { id: 'cust-77', attributes: [1] } } }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'message.user.attributes': 'The message.user.attributes field must be an object of values by field key.',
    });
  });
});

describe('the webhook channel: replies', () => {
  it('stores a message id sent three times once and delivers one signed message.created event', async () => {
    const { channel, receiver, deliver, conversations, channels } = await webhookChannel();
    const body = messageBody('ord-1001', 'Outlet Kemang buka jam berapa?');
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await deliver(body);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ ok: true, duplicate: attempt > 0 });
    }
    await app.services.jobs.drain();

    const { items } = await conversations.page({}, { page: 1, perPage: 10 });
    expect(items).toHaveLength(1);
    const messages = await conversations.messages(items[0].id, { limit: 50 });
    expect(messages.map((m) => [m.sender, m.status, m.externalId])).toEqual([
      ['contact', 'received', 'ord-1001'],
      ['bot', 'sent', null],
    ]);
    const reply = messages[1];
    expect(reply.text).toMatch(/07\.00.* \[1\]$/);

    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    expect(delivery).toMatchObject({ method: 'POST', path: '/hooks/kawan', verified: true, status: 200 });
    expect(delivery.headers['content-type']).toMatch(/^application\/json/);
    const event = delivery.body as { id: string; type: string; createdAt: string; data: Record<string, unknown> };
    expect(event).toMatchObject({
      type: 'message.created',
      // Without the reply's citation markers, which the receiver has no sources for.
      data: { user_id: 'cust-42', text: reply.text.replace(/ \[1\]$/, ''), in_reply_to: 'ord-1001' },
    });
    expect(delivery.headers['x-kawan-event-id']).toBe(event.id);
    expect(Number.isNaN(Date.parse(event.createdAt))).toBe(false);

    const events = await channels.events(channel.id, { page: 1, perPage: 10 });
    const inbound = events.items.filter((item) => item.direction === 'inbound');
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({ status: 'processed', duplicates: 2, signature: 'valid', payload: body });
    const outbound = events.items.filter((item) => item.direction === 'outbound');
    expect(outbound).toHaveLength(1);
    expect(outbound[0]).toMatchObject({ status: 'delivered', messageId: reply.id, error: null });
    expect(outbound[0].attempts.map((attempt) => attempt.ok)).toEqual([true]);
  });

  it('retries a delivery the endpoint answered with 500 on its schedule, logging each attempt', async () => {
    const { channel, receiver, deliver, conversations, channels } = await webhookChannel();
    receiver.respondWith(500, 200);
    expect((await deliver(messageBody('ord-2002', 'Outlet Kemang buka jam berapa?'))).status).toBe(200);
    await app.services.jobs.drain();

    const [conversation] = (await conversations.page({}, { page: 1, perPage: 10 })).items;
    const reply = (await conversations.messages(conversation.id, { limit: 10 })).find((m) => m.sender === 'bot')!;
    expect(reply).toMatchObject({ status: 'queued', attempts: 1, sentAt: null, error: { code: 'unavailable' } });
    expect(receiver.deliveries.map((delivery) => delivery.status)).toEqual([500]);
    const outboundEvent = async () =>
      (await channels.events(channel.id, { page: 1, perPage: 10 })).items.find(
        (item) => item.direction === 'outbound',
      )!;
    const pending = await outboundEvent();
    expect(pending).toMatchObject({ status: 'pending', messageId: reply.id });
    expect(pending.error).toMatch(/500/);
    expect(pending.attempts).toHaveLength(1);
    expect(pending.attempts[0]).toMatchObject({ ok: false });

    // The retry waits on the channel's schedule (30 s ± 10 % after the first failure).
    const { rows } = await app.services.database.execute(
      `select start_after > now() + interval '20 seconds' as later from pgboss.job
        where name = 'channel.send' and state = 'created' and (data->>'messageId')::int = $1`,
      [reply.id],
    );
    expect(rows).toEqual([{ later: true }]);
    await app.services.jobs.drain();
    expect(receiver.deliveries).toHaveLength(1);

    await app.services.database.execute(
      `update pgboss.job set start_after = now() - interval '1 second'
        where name = 'channel.send' and state = 'created' and (data->>'messageId')::int = $1`,
      [reply.id],
    );
    await app.services.jobs.drain();

    expect(await conversations.message(reply.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(receiver.deliveries.map((delivery) => [delivery.status, delivery.verified])).toEqual([
      [500, true],
      [200, true],
    ]);
    // The same event both times: the endpoint dedupes on its id.
    const [first, second] = receiver.deliveries;
    expect(second.headers['x-kawan-event-id']).toBe(first.headers['x-kawan-event-id']);
    expect((second.body as { id: string }).id).toBe((first.body as { id: string }).id);

    const delivered = await outboundEvent();
    expect(delivered).toMatchObject({ status: 'delivered', error: null });
    expect(delivered.attempts.map((attempt) => attempt.ok)).toEqual([false, true]);
  });
});
