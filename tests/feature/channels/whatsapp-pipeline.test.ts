import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import {
  signWhatsApp,
  startFakeWhatsApp,
  whatsappMessageWebhook,
  whatsappStatusWebhook,
  type FakeWhatsApp,
} from '../../helpers/fake-whatsapp';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { channelRepository } from '../../../server/db/repositories/channel-repository';
import type { MessageAi } from '../../../server/db/schema/index';
import { processInbound, replyToMessage } from '../../../server/channels/pipeline';

/**
 * A WhatsApp Cloud API channel end to end through the one pipeline, against a local fake of the
 * Graph API: the verification handshake, X-Hub-Signature-256 over the raw bytes, a message stored
 * once however often Meta delivers it, the published bot's reply sent once, delivery reports that
 * only move a message forward, a closed 24-hour window, and a reply turn a killed worker left
 * half done.
 */
const appSecret = 'kawan-test-app-secret';
const verifyToken = 'kawan-verify-token-8c1e';

let app: TestApp;
let whatsapp: FakeWhatsApp;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  app = await createTestApp({ env: { WHATSAPP_GRAPH_URL: whatsapp.url, QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await app.close();
  await whatsapp.close();
});

async function whatsappChannel() {
  const { team, client, botId } = await cafeBot(app);
  const published = await client.send('post', `/bots/${botId}/publish`, { note: 'v1' });
  expect(published.status).toBe(303);
  const channel = await createChannel(app.services, team.id, {
    type: 'whatsapp',
    botId,
    settings: { phoneNumberId: whatsapp.phoneNumberId, wabaId: whatsapp.wabaId },
    secrets: { accessToken: whatsapp.accessToken, appSecret, verifyToken },
  });
  /** POSTs these exact bytes, signed with the app secret unless a header (or none: null) is given. */
  const deliver = (body: string, signature: string | null = signWhatsApp(body, appSecret)) =>
    request(app.app)
      .post(`/webhooks/whatsapp/${channel.publicKey}`)
      .set({ 'Content-Type': 'application/json', ...(signature === null ? {} : { 'X-Hub-Signature-256': signature }) })
      .send(body);
  const message = (from: string, text: string, options: { id?: string; name?: string } = {}) =>
    whatsappMessageWebhook({ phoneNumberId: whatsapp.phoneNumberId, from, text, name: options.name, id: options.id });
  const status = (id: string, recipient: string, value: string, timestamp: number) =>
    whatsappStatusWebhook({ phoneNumberId: whatsapp.phoneNumberId, id, recipient, status: value, timestamp });
  const conversations = conversationRepository(app.services.db, team.id);
  const channels = channelRepository(app.services.db, team.id);
  return { team, channel, deliver, message, status, conversations, channels };
}

/** Sends of message bodies (not read receipts) to this wa_id. */
const sentTo = (to: string) => whatsapp.sent().filter((body) => body.to === to);

/** channel.send jobs of a message that are still waiting to run. */
async function pendingSends(messageId: number) {
  const { rows } = await app.services.database.execute(
    `select id from pgboss.job where name = 'channel.send' and state in ('created', 'retry')
      and (data->>'messageId')::int = $1`,
    [messageId],
  );
  return rows.length;
}

describe('the WhatsApp verification handshake', () => {
  it('echoes hub.challenge for the verify token and refuses any other token with 403', async () => {
    const { channel } = await whatsappChannel();
    const url = `/webhooks/whatsapp/${channel.publicKey}`;
    const ok = await request(app.app)
      .get(url)
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1158201444' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.text).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);

    const wrong = await request(app.app)
      .get(url)
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'not-the-token', 'hub.challenge': '1158201444' });
    expect(wrong.status).toBe(403);
    expect(wrong.text).not.toContain('1158201444');
  });
});

describe('WhatsApp webhooks', () => {
  it('refuses a missing, wrong or tampered signature with 401 and stores nothing but the refusal', async () => {
    const { channel, deliver, message, conversations, channels } = await whatsappChannel();
    const body = message('6281200000001', 'Halo kak');
    const signature = signWhatsApp(body, appSecret);
    const tampered = body.replace('Halo kak', 'Halo kaK');
    expect(Buffer.byteLength(tampered)).toBe(Buffer.byteLength(body));
    expect(tampered).not.toBe(body);

    expect((await deliver(body, null)).status).toBe(401);
    expect((await deliver(body, signWhatsApp(body, 'another-app-secret'))).status).toBe(401);
    expect((await deliver(tampered, signature)).status).toBe(401);

    expect((await conversations.page({}, { page: 1, perPage: 10 })).total).toBe(0);
    const events = await channels.events(channel.id, { page: 1, perPage: 10 });
    expect(events.items.map((event) => [event.direction, event.signature, event.status, event.payload])).toEqual([
      ['inbound', 'invalid', 'rejected', null],
      ['inbound', 'invalid', 'rejected', null],
      ['inbound', 'invalid', 'rejected', null],
    ]);
    await app.services.jobs.drain();
    expect((await conversations.page({}, { page: 1, perPage: 10 })).total).toBe(0);
    expect((await channels.find(channel.id))?.lastError).toMatch(/refused/);
  });

  it('answers a message delivered five times with one message and one reply sent to the customer', async () => {
    const { channel, deliver, message, conversations, channels } = await whatsappChannel();
    const customer = '6281234567801';
    const wamid = 'wamid.HBgNNjI4MTIzNDU2NzgwMRUCABIYFjNFQjBGMUE1QkI4';
    const body = message(customer, 'Outlet Kemang buka jam berapa?', { id: wamid, name: 'Budi Santoso' });
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await deliver(body);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ ok: true, duplicate: attempt > 0 });
    }
    await app.services.jobs.drain();

    const { items } = await conversations.page({}, { page: 1, perPage: 10 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ threadId: customer, state: 'bot', contactPhone: `+${customer}` });
    const contact = await conversations.contact(items[0].contactId);
    expect(contact).toMatchObject({ phoneE164: `+${customer}`, name: 'Budi Santoso' });

    const messages = await conversations.messages(items[0].id, { limit: 50 });
    expect(messages.map((m) => [m.direction, m.sender, m.status])).toEqual([
      ['inbound', 'contact', 'received'],
      ['outbound', 'bot', 'sent'],
    ]);
    expect(messages[0]).toMatchObject({ externalId: wamid, text: 'Outlet Kemang buka jam berapa?' });
    expect(messages[1].text).toContain('07.00');
    expect(messages[1].inReplyToId).toBe(messages[0].id);
    expect(messages[1].externalId).toMatch(/^wamid\./);
    expect(messages[1].externalId).not.toBe(wamid);

    const sent = sentTo(customer);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ messaging_product: 'whatsapp', type: 'text', context: { message_id: wamid } });
    expect((sent[0].text as { body: string }).body).toContain('07.00');
    const post = whatsapp.requests.find((r) => r.body === sent[0])!;
    expect(post.method).toBe('POST');
    expect(post.path).toBe(`/v21.0/${whatsapp.phoneNumberId}/messages`);
    expect(post.headers.authorization).toBe(`Bearer ${whatsapp.accessToken}`);
    // The customer's message is marked read (with the typing indicator) while the reply is written.
    expect(whatsapp.reads().filter((read) => read.message_id === wamid)).toHaveLength(1);

    const events = await channels.events(channel.id, { page: 1, perPage: 10 });
    const inbound = events.items.filter((event) => event.direction === 'inbound');
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({ status: 'processed', duplicates: 4, signature: 'valid', payload: body });
    expect(events.items.find((event) => event.direction === 'outbound')).toMatchObject({ status: 'delivered' });
  });

  it('moves a sent reply forward only, whatever order the status updates come in', async () => {
    const { deliver, message, status, conversations } = await whatsappChannel();
    const customer = '6281234567802';
    expect((await deliver(message(customer, 'Outlet Kemang buka jam berapa?'))).status).toBe(200);
    await app.services.jobs.drain();
    const [conversation] = (await conversations.page({}, { page: 1, perPage: 10 })).items;
    const reply = (await conversations.messages(conversation.id, { limit: 10 })).find((m) => m.sender === 'bot')!;
    expect(reply).toMatchObject({ status: 'sent', deliveredAt: null, readAt: null });
    const wamid = reply.externalId!;
    expect(wamid).toMatch(/^wamid\./);

    const base = Math.floor(Date.now() / 1000);
    const report = async (value: string, timestamp: number) => {
      const res = await deliver(status(wamid, customer, value, timestamp));
      expect(res.status, res.text).toBe(200);
      await app.services.jobs.drain();
      return (await conversations.message(reply.id))!;
    };

    // 'delivered' overtakes 'sent' on the way: the late 'sent' does not move it back.
    const delivered = await report('delivered', base + 2);
    expect(delivered).toMatchObject({ status: 'delivered', readAt: null });
    expect(delivered.deliveredAt?.getTime()).toBe((base + 2) * 1000);
    expect(await report('sent', base + 1)).toMatchObject({ status: 'delivered' });

    const read = await report('read', base + 5);
    expect(read.status).toBe('read');
    expect(read.readAt?.getTime()).toBe((base + 5) * 1000);

    const afterFailed = await report('failed', base + 6);
    expect(afterFailed).toMatchObject({ status: 'read', error: null });
    expect(afterFailed.readAt?.getTime()).toBe((base + 5) * 1000);
  });

  it('marks a reply Meta refuses outside the 24-hour window (131047) failed, without retrying', async () => {
    const { channel, deliver, message, conversations, channels } = await whatsappChannel();
    const customer = '6281234567803';
    whatsapp.setWindowClosed(customer);
    try {
      expect((await deliver(message(customer, 'Outlet Kemang buka jam berapa?'))).status).toBe(200);
      await app.services.jobs.drain();
      const [conversation] = (await conversations.page({}, { page: 1, perPage: 10 })).items;
      const reply = (await conversations.messages(conversation.id, { limit: 10 })).find((m) => m.sender === 'bot')!;
      expect(reply).toMatchObject({ status: 'failed', attempts: 1, sentAt: null, error: { code: 'window_closed' } });
      expect(reply.error?.message).toContain('131047');
      expect(sentTo(customer)).toHaveLength(1);
      expect(await pendingSends(reply.id)).toBe(0);

      const events = await channels.events(channel.id, { page: 1, perPage: 10 });
      const outbound = events.items.find((event) => event.direction === 'outbound')!;
      expect(outbound.status).toBe('failed');
      expect(outbound.attempts.map((attempt) => attempt.ok)).toEqual([false]);

      // Draining again changes nothing: no retry was scheduled.
      await app.services.jobs.drain();
      expect(sentTo(customer)).toHaveLength(1);
      expect(await conversations.message(reply.id)).toMatchObject({ status: 'failed', attempts: 1 });
    } finally {
      whatsapp.setWindowClosed(customer, false);
    }
  });
});

describe('the reply job', () => {
  /** A delivered message whose channel.inbound job has run (and completed); its reply job is queued. */
  async function inboundStored(customer: string, text = 'Outlet Kemang buka jam berapa?') {
    const setup = await whatsappChannel();
    const res = await setup.deliver(setup.message(customer, text));
    expect(res.status, res.text).toBe(200);
    const [event] = (await setup.channels.events(setup.channel.id, { page: 1, perPage: 10 })).items;
    await processInbound(app.services, event.id);
    const { rows } = await app.services.database.execute(
      `update pgboss.job set state = 'completed', completed_on = now()
        where name = 'channel.inbound' and state = 'created' and (data->>'eventId')::int = $1 returning id`,
      [event.id],
    );
    expect(rows).toHaveLength(1);
    const [conversation] = (await setup.conversations.page({}, { page: 1, perPage: 10 })).items;
    const [inbound] = await setup.conversations.messages(conversation.id, { limit: 10 });
    expect(inbound).toMatchObject({ sender: 'contact', status: 'received' });
    return { ...setup, conversation, inbound };
  }

  /**
   * What a worker that died mid-run leaves: the message's reply job taken (active) and its reply
   * written and taken for sending, with the metadata given.
   */
  async function leftSending(
    setup: Awaited<ReturnType<typeof inboundStored>>,
    reply: { text: string; ai?: MessageAi },
  ) {
    await app.services.database.execute(
      `update pgboss.job set state = 'active', started_on = now()
        where name = 'conversation.reply' and state = 'created' and (data->>'messageId')::int = $1`,
      [setup.inbound.id],
    );
    return setup.conversations.insertMessage({
      conversationId: setup.conversation.id,
      channelId: setup.channel.id,
      direction: 'outbound',
      sender: 'bot',
      kind: 'text',
      text: reply.text,
      ...(reply.ai ? { ai: reply.ai } : {}),
      inReplyToId: setup.inbound.id,
      status: 'sending',
      attempts: 1,
    });
  }

  it('finishes a turn a killed worker left composing: one reply row, one send', async () => {
    const customer = '6281234567804';
    const { channel, conversation, inbound, conversations } = await inboundStored(customer);
    // A worker took the reply job, wrote the reply's row (status composing) and died mid-turn.
    const { rows: taken } = await app.services.database.execute(
      `update pgboss.job set state = 'active', started_on = now()
        where name = 'conversation.reply' and state = 'created' and (data->>'messageId')::int = $1 returning id`,
      [inbound.id],
    );
    expect(taken).toHaveLength(1);
    const half = await conversations.insertMessage({
      conversationId: conversation.id,
      channelId: channel.id,
      direction: 'outbound',
      sender: 'bot',
      kind: 'text',
      text: '',
      inReplyToId: inbound.id,
      status: 'composing',
    });
    expect(half).toBeDefined();

    // The next process runs again what the dead one left active.
    expect(await app.services.jobs.recoverAbandoned()).toBe(1);
    await app.services.jobs.drain();

    const messages = await conversations.messages(conversation.id, { limit: 10 });
    expect(messages.map((m) => [m.id, m.sender, m.status])).toEqual([
      [inbound.id, 'contact', 'received'],
      [half!.id, 'bot', 'sent'],
    ]);
    expect(messages[1].text).toContain('07.00');
    expect(sentTo(customer)).toHaveLength(1);
    expect((await conversations.find(conversation.id))?.botReplyCount).toBe(1);
  });

  it('hands the conversation to a person when a killed worker wrote the handoff reply and stopped before the handoff', async () => {
    // A whole run keeps why its reply hands the conversation over with the reply.
    const asked = await inboundStored('6281234567808', 'Saya mau bicara dengan orang, bukan bot');
    await app.services.jobs.drain();
    const handed = (await asked.conversations.find(asked.conversation.id))!;
    expect(handed.state).toBe('queued');
    const [, whole] = await asked.conversations.messages(asked.conversation.id, { limit: 10 });
    expect(whole.ai?.handoff).toBe(handed.handoffReason);

    // Another worker wrote such a reply, took it for sending and died before the handoff.
    const customer = '6281234567809';
    const setup = await inboundStored(customer, 'Saya mau bicara dengan orang, bukan bot');
    const { conversation, conversations } = setup;
    const written = await leftSending(setup, { text: whole.text, ai: { ...whole.ai! } });
    expect(await conversations.find(conversation.id)).toMatchObject({ state: 'bot' });

    expect(await app.services.jobs.recoverAbandoned()).toBe(1);
    await app.services.jobs.drain();

    // The customer was told a person is coming: one is asked for, the reply goes out once.
    expect(await conversations.find(conversation.id)).toMatchObject({
      state: 'queued',
      handoffReason: handed.handoffReason,
    });
    const thread = await conversations.messages(conversation.id, { limit: 10 });
    expect(thread.map((m) => [m.sender, m.kind])).toEqual([
      ['contact', 'text'],
      ['bot', 'text'],
      ['system', 'event'],
    ]);
    expect(thread[2].text).toMatch(/^Waiting for a person/);
    expect(await conversations.message(written!.id)).toMatchObject({ status: 'sent' });
    expect(sentTo(customer)).toHaveLength(1);
    await app.services.jobs.drain();
    expect(sentTo(customer)).toHaveLength(1);
  });

  it('makes one reply and one send when the reply job runs twice for the same message', async () => {
    const customer = '6281234567805';
    const { team, conversation, inbound, conversations } = await inboundStored(customer);
    await replyToMessage(app.services, { teamId: team.id, messageId: inbound.id }, { lastAttempt: false });
    await replyToMessage(app.services, { teamId: team.id, messageId: inbound.id }, { lastAttempt: false });
    // The queued reply job of the inbound message runs as well.
    await app.services.jobs.drain();

    const messages = await conversations.messages(conversation.id, { limit: 10 });
    expect(messages.map((m) => [m.sender, m.status])).toEqual([
      ['contact', 'received'],
      ['bot', 'sent'],
    ]);
    expect(messages[1].inReplyToId).toBe(inbound.id);
    expect(sentTo(customer)).toHaveLength(1);
    expect((await conversations.find(conversation.id))?.botReplyCount).toBe(1);
  });

  it('sends the reply from the reply job itself: no channel.send job on the way', async () => {
    const customer = '6281234567806';
    const { conversation, inbound, conversations } = await inboundStored(customer);
    await app.services.jobs.drain();

    const [, reply] = await conversations.messages(conversation.id, { limit: 10 });
    expect(reply).toMatchObject({ inReplyToId: inbound.id, status: 'sent', attempts: 1 });
    expect(sentTo(customer)).toHaveLength(1);
    const { rows } = await app.services.database.execute(
      `select count(*)::int as n from pgboss.job where name = 'channel.send' and (data->>'messageId')::int = $1`,
      [reply.id],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('finishes a send a killed worker left half done: the reply goes out once, as it was written', async () => {
    const customer = '6281234567807';
    const setup = await inboundStored(customer);
    const { conversations } = setup;
    // A worker wrote the whole reply, took it for sending (status sending) and died before it knew
    // whether the send went out.
    const written = await leftSending(setup, { text: 'Outlet Kemang buka pukul 07.00–22.00.' });

    expect(await app.services.jobs.recoverAbandoned()).toBe(1);
    await app.services.jobs.drain();

    expect(await conversations.message(written!.id)).toMatchObject({
      text: 'Outlet Kemang buka pukul 07.00–22.00.',
      status: 'sent',
      attempts: 2,
    });
    expect(sentTo(customer).map((sent) => (sent.text as { body: string }).body)).toEqual([
      'Outlet Kemang buka pukul 07.00–22.00.',
    ]);
    // Drained again: nothing more goes out.
    await app.services.jobs.drain();
    expect(sentTo(customer)).toHaveLength(1);
  });
});
