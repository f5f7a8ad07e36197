import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { startFakeTelegram, telegramUpdate, type FakeTelegram } from '../../helpers/fake-telegram';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { channelRepository } from '../../../server/db/repositories/channel-repository';
import { contacts } from '../../../server/db/schema/index';
import { processInbound, requeueStrandedEvents, requeueStrandedSends } from '../../../server/channels/pipeline';
import {
  presentConversationDetail,
  presentConversationSummary,
} from '../../../server/presenters/conversation-presenter';

/**
 * A Telegram channel end to end through the one pipeline: the secret token checked, the update
 * stored once however often it is delivered, the published bot's reply sent once with sendMessage
 * to a local fake of the Bot API.
 */
const token = '123456789:AAExampleExampleExampleExample_abc';
const secret = 'kawan-test-secret-token';

let app: TestApp;
let telegram: FakeTelegram;

beforeAll(async () => {
  telegram = await startFakeTelegram({ token });
  app = await createTestApp({ env: { TELEGRAM_API_URL: telegram.baseUrl, QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await app.close();
  await telegram.close();
});

async function telegramChannel(options: { publish?: boolean } = {}) {
  const { team, client, botId } = await cafeBot(app);
  if (options.publish !== false) {
    const published = await client.send('post', `/bots/${botId}/publish`, { note: 'v1' });
    expect(published.status).toBe(303);
  }
  const channel = await createChannel(app.services, team.id, {
    type: 'telegram',
    botId,
    secrets: { botToken: token, webhookSecret: secret },
    settings: { botUsername: 'kopi_bot' },
  });
  const deliver = (body: string, headers: Record<string, string> = { 'X-Telegram-Bot-Api-Secret-Token': secret }) =>
    request(app.app)
      .post(`/webhooks/telegram/${channel.publicKey}`)
      .set({ 'Content-Type': 'application/json', ...headers })
      .send(body);
  return { team, client, channel, deliver, botId };
}

describe('Telegram webhooks', () => {
  it('refuses a missing or wrong secret token with 401 and stores nothing but the refusal', async () => {
    const { team, channel, deliver } = await telegramChannel();
    const update = telegramUpdate({ updateId: 1, fromId: 111, text: 'Halo' });
    expect((await deliver(update, {})).status).toBe(401);
    expect((await deliver(update, { 'X-Telegram-Bot-Api-Secret-Token': 'wrong' })).status).toBe(401);
    const conversations = await conversationRepository(app.services.db, team.id).page({}, { page: 1, perPage: 10 });
    expect(conversations.total).toBe(0);
    const events = await channelRepository(app.services.db, team.id).events(channel.id, { page: 1, perPage: 10 });
    expect(events.items.map((event) => [event.signature, event.status, event.payload])).toEqual([
      ['invalid', 'rejected', null],
      ['invalid', 'rejected', null],
    ]);
    expect((await channelRepository(app.services.db, team.id).find(channel.id))?.lastError).toMatch(/refused/);
  });

  it('answers an update delivered five times with one message and one reply', async () => {
    const { team, channel, deliver } = await telegramChannel();
    const before = telegram.sent().length;
    const update = telegramUpdate({ updateId: 1001, fromId: 4242, text: 'Outlet Kemang buka jam berapa?' });
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await deliver(update);
      expect(res.status, res.text).toBe(200);
    }
    // The first acknowledgement stored the delivery with its job (one statement); the others neither.
    const queued = await app.database.execute(
      `select data from pgboss.job where name = 'channel.inbound' and (data->>'channelId')::int = $1`,
      [channel.id],
    );
    expect(queued.rows).toEqual([{ data: { eventId: expect.any(Number), channelId: channel.id, thread: '4242' } }]);
    await app.services.jobs.drain();
    const repo = conversationRepository(app.services.db, team.id);
    const { items } = await repo.page({}, { page: 1, perPage: 10 });
    expect(items).toHaveLength(1);
    const messages = await repo.messages(items[0].id, { limit: 50 });
    expect(messages.map((m) => [m.sender, m.status])).toEqual([
      ['contact', 'received'],
      ['bot', 'sent'],
    ]);
    expect(messages[1].text).toContain('07.00');
    expect(messages[1].ai).toMatchObject({ kind: 'answer', version: 1 });
    const sent = telegram.sent().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ chat_id: 4242 });
    // The inbox keeps the reply's citation markers; Telegram shows no sources, so it gets none.
    expect(messages[1].text).toMatch(/22\.00\. \[1\]$/);
    const delivered = messages[1].text.replace(/ \[1\]$/, '');
    expect((sent[0] as { text: string }).text).toBe(delivered);
    // The inbox's one-line preview shows it without them too.
    expect((await repo.find(items[0].id))!.lastPreview).toBe(delivered.slice(0, 255));
    const events = await channelRepository(app.services.db, team.id).events(channel.id, { page: 1, perPage: 10 });
    const inbound = events.items.filter((event) => event.direction === 'inbound');
    expect(inbound).toHaveLength(1);
    // Settled by the statement that counted its one message, with that message.
    expect(inbound[0]).toMatchObject({
      status: 'processed',
      duplicates: 4,
      signature: 'valid',
      messageId: messages[0].id,
      error: null,
      processedAt: expect.any(Date),
    });
    const outbound = events.items.filter((event) => event.direction === 'outbound');
    expect(outbound).toHaveLength(1);
    expect(outbound[0]).toMatchObject({
      status: 'delivered',
      eventId: `message:${messages[1].id}`,
      messageId: messages[1].id,
      summary: `Bot reply: ${delivered}`.slice(0, 500),
      error: null,
    });
    expect(outbound[0].attempts).toEqual([expect.objectContaining({ ok: true, detail: 'sent' })]);
    expect(JSON.parse(outbound[0].payload!)).toEqual({ thread: '4242', text: delivered });
  });

  it("acknowledges each delivery as urgent work, holding the process's workers back meanwhile", async () => {
    const { deliver } = await telegramChannel();
    const jobs = app.services.jobs;
    const urgent = jobs.urgent.bind(jobs);
    const answered: unknown[] = [];
    jobs.urgent = async (work) => {
      const answer = await urgent(work);
      answered.push(answer);
      return answer;
    };
    try {
      expect((await deliver(telegramUpdate({ updateId: 3001, fromId: 5151, text: 'Halo' }))).status).toBe(200);
      expect((await deliver(telegramUpdate({ updateId: 3001, fromId: 5151, text: 'Halo' }))).status).toBe(200);
    } finally {
      jobs.urgent = urgent;
    }
    expect(answered).toMatchObject([
      { status: 200, body: JSON.stringify({ ok: true, duplicate: false }) },
      { status: 200, body: JSON.stringify({ ok: true, duplicate: true }) },
    ]);
    await jobs.drain();
  });

  it('writes a contact seen within the minute again only when the message fills in one of its details', async () => {
    const { team, deliver } = await telegramChannel();
    const contactOf = async () => {
      const [row] = await app.services.db.select().from(contacts).where(eq(contacts.teamId, team.id));
      return row;
    };
    await deliver(telegramUpdate({ updateId: 3001, fromId: 5151, firstName: 'Rina', text: 'Halo' }));
    await app.services.jobs.drain();
    const first = await contactOf();
    expect(first).toMatchObject({ name: 'Rina', locale: 'id' });

    // A follow-up within the minute, bringing nothing new: the contact is left as it is.
    await deliver(telegramUpdate({ updateId: 3002, fromId: 5151, firstName: 'Rina', text: 'Buka jam berapa?' }));
    await app.services.jobs.drain();
    expect((await contactOf()).lastSeenAt).toEqual(first.lastSeenAt);

    // Within the minute, but the contact lacks a detail the message brings: filled in at once.
    await app.services.db.update(contacts).set({ name: null }).where(eq(contacts.id, first.id));
    await deliver(telegramUpdate({ updateId: 3003, fromId: 5151, firstName: 'Rina', text: 'Ada parkir?' }));
    await app.services.jobs.drain();
    const filled = await contactOf();
    expect(filled.name).toBe('Rina');
    expect(filled.lastSeenAt.getTime()).toBeGreaterThan(first.lastSeenAt.getTime());

    // Seen more than a minute ago: its last-seen time moves on.
    const earlier = new Date(Date.now() - 2 * 60_000);
    await app.services.db.update(contacts).set({ lastSeenAt: earlier }).where(eq(contacts.id, first.id));
    await deliver(telegramUpdate({ updateId: 3004, fromId: 5151, firstName: 'Rina', text: 'Makasih' }));
    await app.services.jobs.drain();
    expect((await contactOf()).lastSeenAt.getTime()).toBeGreaterThan(earlier.getTime() + 60_000);
    const { items } = await conversationRepository(app.services.db, team.id).page({}, { page: 1, perPage: 10 });
    expect(items).toHaveLength(1);
    expect(items[0].contactId).toBe(first.id);
  });

  it('applies a message stored by an earlier delivery as a duplicate, touching nothing', async () => {
    const { team, channel, deliver } = await telegramChannel();
    const first = telegramUpdate({ updateId: 1061, messageId: 61, fromId: 6161, firstName: 'Sari', text: 'Halo' });
    expect((await deliver(first)).status).toBe(200);
    await app.services.jobs.drain();
    const repo = conversationRepository(app.services.db, team.id);
    // The same message under another update id, with another name: no second message, no reply,
    // the contact as it was.
    const again = telegramUpdate({ updateId: 1062, messageId: 61, fromId: 6161, firstName: 'Lain', text: 'Halo' });
    expect((await deliver(again)).status).toBe(200);
    await app.services.jobs.drain();
    const { items } = await repo.page({}, { page: 1, perPage: 10 });
    expect(items).toHaveLength(1);
    expect((await repo.messages(items[0].id, { limit: 10 })).map((m) => m.sender)).toEqual(['contact', 'bot']);
    expect(items[0].contactName).toBe('Sari');
    const events = await channelRepository(app.services.db, team.id).events(channel.id, { page: 1, perPage: 10 });
    const second = events.items.find((event) => event.eventId === 'update:1062');
    expect(second).toMatchObject({ status: 'processed' });
    expect(second?.summary).toMatch(/already stored: 1/);
  });

  it("completes a turn's jobs in the statements of their own work, with no completion of their own", async () => {
    const { channel, deliver } = await telegramChannel();
    expect((await deliver(telegramUpdate({ updateId: 1051, fromId: 5050, text: 'Ada wifi?' }))).status).toBe(200);
    const boss = (app.services.jobs as unknown as { boss: { complete: (...args: unknown[]) => Promise<unknown> } })
      .boss;
    const completions: unknown[] = [];
    const complete = boss.complete;
    boss.complete = async (...args) => {
      completions.push(args[0]);
      return complete.apply(boss, args);
    };
    try {
      await app.services.jobs.drain();
    } finally {
      boss.complete = complete;
    }
    // The inbound job by the statement that takes its thread's lock, the reply job by the one that
    // marks its reply sent.
    expect(completions).not.toContain('channel.inbound');
    expect(completions).not.toContain('conversation.reply');
    const { rows } = await app.database.execute(
      `select name, state from pgboss.job
        where (name = 'channel.inbound' and (data->>'channelId')::int = $1) or name = 'conversation.reply'
          and (data->>'messageId')::int in (select id from messages where channel_id = $1)
        order by name`,
      [channel.id],
    );
    expect(rows).toEqual([
      { name: 'channel.inbound', state: 'completed' },
      { name: 'conversation.reply', state: 'completed' },
    ]);
  });

  it('tells the inbox of the message and of the reply with the conversation as the inbox lists it', async () => {
    const { team, deliver } = await telegramChannel();
    const from = app.broadcasts.length;
    await deliver(telegramUpdate({ updateId: 1101, fromId: 5151, firstName: 'Wulan', text: 'Ada wifi di outlet?' }));
    await app.services.jobs.drain();

    const repo = conversationRepository(app.services.db, team.id);
    const [{ id }] = (await repo.page({}, { page: 1, perPage: 10 })).items;
    const listed = (await repo.listedWithContact(id))!;
    const heard = (event: string) =>
      app.broadcasts
        .slice(from)
        .filter((b) => b.event === `App\\Events\\${event}`)
        .map((b) => b.data as { action?: string; conversation: Record<string, unknown> });
    const changed = heard('ConversationChanged');
    expect(changed.map((b) => b.action)).toEqual(['opened', 'message']);
    expect(changed[0].conversation).toMatchObject({
      id,
      state: 'bot',
      unread_count: 1,
      last_preview: 'Ada wifi di outlet?',
      contact: { name: 'Wulan' },
      channel: { name: listed.row.channelName, type: 'telegram' },
      bot: { id: listed.row.botId, name: listed.row.botName },
      assignee: null,
    });
    // After the reply, what the inbox heard is what it reads.
    expect(changed[1].conversation).toEqual(presentConversationSummary(listed.row));
    expect(heard('ConversationUpdated').at(-1)!.conversation).toEqual(
      presentConversationDetail(listed.row, listed.contact),
    );
  });

  it('stores the message of a channel whose bot is not published, and does not reply', async () => {
    const { team, deliver } = await telegramChannel({ publish: false });
    const before = telegram.sent().length;
    expect((await deliver(telegramUpdate({ updateId: 7, fromId: 99, text: 'Halo?' }))).status).toBe(200);
    await app.services.jobs.drain();
    const repo = conversationRepository(app.services.db, team.id);
    const { items } = await repo.page({}, { page: 1, perPage: 10 });
    expect(items).toHaveLength(1);
    expect((await repo.messages(items[0].id, { limit: 10 })).map((m) => m.sender)).toEqual(['contact']);
    expect(telegram.sent().length).toBe(before);
  });

  it('queues the conversation for a person when the customer asks for one, with a summary', async () => {
    const { team, deliver } = await telegramChannel();
    await deliver(telegramUpdate({ updateId: 1, fromId: 555, text: 'mau bicara sama CS dong' }));
    await app.services.jobs.drain();
    const repo = conversationRepository(app.services.db, team.id);
    const [conversation] = (await repo.page({}, { page: 1, perPage: 10 })).items;
    expect(conversation).toMatchObject({ state: 'queued', handoffReason: 'user_request' });
    expect(conversation.handoffSummary).toContain('mau bicara sama CS dong');
    const changed = app.broadcasts.filter(
      (b) => b.event === 'App\\Events\\ConversationChanged' && b.channels[0] === `private-teams.${team.id}`,
    );
    expect(changed.map((b) => (b.data as { action: string }).action)).toContain('queued');
    // Later messages wait for the person: the bot stays silent.
    const sentBefore = telegram.sent().length;
    await deliver(telegramUpdate({ updateId: 2, fromId: 555, text: 'halo?' }));
    await app.services.jobs.drain();
    expect(telegram.sent().length).toBe(sentBefore);
  });

  it('retries a send Telegram refused with 429 and sends it once', async () => {
    const { team, deliver } = await telegramChannel();
    telegram.failNext({
      status: 429,
      description: 'Too Many Requests: retry after 0',
      retryAfter: 0,
      method: 'sendMessage',
    });
    const before = telegram.sent().length;
    await deliver(telegramUpdate({ updateId: 3, fromId: 777, text: 'bisa bayar pake qris ga?' }));
    await app.services.jobs.drain();
    // The retry is scheduled by the job (the fake asked for 0 s; the adapter waits its own 10 s).
    const repo = conversationRepository(app.services.db, team.id);
    const [conversation] = (await repo.page({}, { page: 1, perPage: 10 })).items;
    const reply = (await repo.messages(conversation.id, { limit: 10 })).find((m) => m.sender === 'bot')!;
    expect(reply).toMatchObject({ status: 'queued', error: { code: 'rate_limited' } });
    await app.services.database.execute(
      `update pgboss.job set start_after = now() - interval '1 second' where name = 'channel.send' and state = 'created'`,
    );
    await app.services.jobs.drain();
    const after = await repo.message(reply.id);
    expect(after).toMatchObject({ status: 'sent', error: null });
    expect(telegram.sent().slice(before)).toHaveLength(1);
  });
});

/** A published bot's Telegram channel, one customer's message delivered to it, and its stored event. */
async function deliveredMessage(updateId: number, chatId: number) {
  const { team, client, channel, deliver: post } = await telegramChannel();
  const update = telegramUpdate({ updateId, fromId: chatId, text: 'Outlet Kemang buka jam berapa?' });
  const deliver = () => post(update);
  expect((await deliver()).body).toEqual({ ok: true, duplicate: false });
  const events = channelRepository(app.services.db, team.id);
  const [event] = (await events.events(channel.id, { page: 1, perPage: 5 })).items;
  return { team, client, channel, deliver, events, event };
}

async function strandedDelivery(updateId: number, chatId: number) {
  const { team, channel, deliver, events, event } = await deliveredMessage(updateId, chatId);
  // What the stopped process left: the event stored, its job never queued.
  const { rows } = await app.services.database.execute(
    `delete from pgboss.job where name = 'channel.inbound' and (data->>'eventId')::bigint = $1 returning id`,
    [event.id],
  );
  expect(rows).toHaveLength(1);
  const jobsFor = async () =>
    (
      await app.services.database.execute(
        `select id from pgboss.job where name = 'channel.inbound' and (data->>'eventId')::bigint = $1`,
        [event.id],
      )
    ).rows.length;
  const backdate = (seconds: number) =>
    app.services.database.execute(
      `update channel_events set received_at = received_at - make_interval(secs => $2) where id = $1`,
      [event.id, seconds],
    );
  const answered = async () => {
    const repo = conversationRepository(app.services.db, team.id);
    const { items } = await repo.page({}, { page: 1, perPage: 5 });
    if (items.length === 0) return [];
    return (await repo.messages(items[0].id, { limit: 10 })).map((message) => [message.sender, message.status]);
  };
  const sentTo = () => telegram.sent().filter((sent) => (sent as { chat_id?: number }).chat_id === chatId);
  return { event, deliver, jobsFor, backdate, answered, sentTo, events, channel };
}

/**
 * A process that stops after storing a delivery and before queueing its job: the provider got no
 * answer and delivers again (a duplicate of a stored event), or never does. A worker that stops
 * after applying a delivery and before queueing its reply. Either way the message is answered once.
 */
describe('Telegram deliveries a stopped process left without their job', () => {
  it('are queued again when the provider delivers them again after a minute, and answered once', async () => {
    const { deliver, jobsFor, backdate, answered, sentTo, events, event, channel } = await strandedDelivery(7001, 9001);

    // A redelivery right away is the usual duplicate: its job may still be on its way.
    expect((await deliver()).body).toEqual({ ok: true, duplicate: true });
    expect(await jobsFor()).toBe(0);

    await backdate(90);
    expect((await deliver()).body).toEqual({ ok: true, duplicate: true });
    expect(await jobsFor()).toBe(1);
    await app.services.jobs.drain();
    expect(await answered()).toEqual([
      ['contact', 'received'],
      ['bot', 'sent'],
    ]);
    expect(sentTo()).toHaveLength(1);
    expect(await events.findEvent(channel.id, event.id)).toMatchObject({ status: 'processed', duplicates: 2 });

    // Once applied, a later redelivery queues nothing.
    expect((await deliver()).body).toEqual({ ok: true, duplicate: true });
    await app.services.jobs.drain();
    expect(sentTo()).toHaveLength(1);
  });

  it('are queued again by the workers’ sweep when nobody delivers them again', async () => {
    const { jobsFor, answered, sentTo } = await strandedDelivery(7002, 9002);
    const now = new Date();

    expect(await requeueStrandedEvents(app.services, now)).toBe(0);
    const later = new Date(now.getTime() + 90_000);
    expect(await requeueStrandedEvents(app.services, later)).toBe(1);
    // Its job waits now: the next sweep leaves it alone.
    expect(await requeueStrandedEvents(app.services, later)).toBe(0);
    expect(await jobsFor()).toBe(1);

    await app.services.jobs.drain();
    expect(await answered()).toEqual([
      ['contact', 'received'],
      ['bot', 'sent'],
    ]);
    expect(sentTo()).toHaveLength(1);
    expect(await requeueStrandedEvents(app.services, new Date(later.getTime() + 90_000))).toBe(0);
  });

  it('commits the reply job with the message: nothing after the commit has to run for the reply', async () => {
    const chatId = 9005;
    const { team, channel, event } = await deliveredMessage(7005, chatId);
    // Whatever is sent after the commit is lost here (as in a process that stops right after it).
    const jobs = app.services.jobs;
    const send = jobs.send.bind(jobs);
    jobs.send = async () => {
      throw new Error('stopped');
    };
    try {
      await processInbound(app.services, event.id, { channelId: channel.id, thread: event.thread });
    } finally {
      jobs.send = send;
    }
    const { rows } = await app.services.database.execute(
      `select data from pgboss.job where name = 'conversation.reply' and (data->>'teamId')::int = $1`,
      [team.id],
    );
    expect(rows).toEqual([{ data: { teamId: team.id, messageId: expect.any(Number) } }]);
    await app.services.jobs.drain();
    expect(telegram.sent().filter((sent) => (sent as { chat_id?: number }).chat_id === chatId)).toHaveLength(1);
  });

  it('queues the reply a stopped inbound job committed the message for and never queued', async () => {
    const chatId = 9003;
    const { team, channel, event } = await deliveredMessage(7003, chatId);

    // A worker took the inbound job, applied the delivery (committed) and stopped before queueing the reply.
    const { rows: taken } = await app.services.database.execute(
      `update pgboss.job set state = 'active', started_on = now()
        where name = 'channel.inbound' and (data->>'eventId')::bigint = $1 returning id`,
      [event.id],
    );
    expect(taken).toHaveLength(1);
    await processInbound(app.services, event.id, { channelId: channel.id, thread: event.thread });
    const { rows: lost } = await app.services.database.execute(
      `delete from pgboss.job where name = 'conversation.reply' and (data->>'teamId')::int = $1 returning id`,
      [team.id],
    );
    expect(lost).toHaveLength(1);

    // The next process runs again what the stopped one left active.
    expect(await app.services.jobs.recoverAbandoned()).toBe(1);
    await app.services.jobs.drain();
    const repo = conversationRepository(app.services.db, team.id);
    const [conversation] = (await repo.page({}, { page: 1, perPage: 5 })).items;
    const messages = await repo.messages(conversation.id, { limit: 10 });
    expect(messages.map((message) => [message.sender, message.status])).toEqual([
      ['contact', 'received'],
      ['bot', 'sent'],
    ]);
    expect(telegram.sent().filter((sent) => (sent as { chat_id?: number }).chat_id === chatId)).toHaveLength(1);
  });

  it('sends once an agent’s message a stopped process stored without queueing its send', async () => {
    const chatId = 9004;
    const { team, client } = await deliveredMessage(7004, chatId);
    await app.services.jobs.drain();
    const repo = conversationRepository(app.services.db, team.id);
    const [conversation] = (await repo.page({}, { page: 1, perPage: 5 })).items;
    const text = 'Halo Kak, saya Budi. Outlet Kemang buka jam 08.00–22.00.';
    expect((await client.send('post', `/conversations/${conversation.id}/messages`, { text })).status).toBe(303);
    const agent = (await repo.messages(conversation.id, { limit: 10 })).find((message) => message.sender === 'agent')!;
    expect(agent.status).toBe('queued');
    // What the stopped process left: the message committed, its send job never queued.
    const { rows: lost } = await app.services.database.execute(
      `delete from pgboss.job where name = 'channel.send' and (data->>'messageId')::bigint = $1 returning id`,
      [agent.id],
    );
    expect(lost).toHaveLength(1);

    const now = new Date();
    expect(await requeueStrandedSends(app.services, now)).toBe(0);
    const later = new Date(now.getTime() + 90_000);
    expect(await requeueStrandedSends(app.services, later)).toBe(1);
    // Its job waits now: the next sweep leaves it alone.
    expect(await requeueStrandedSends(app.services, later)).toBe(0);

    await app.services.jobs.drain();
    expect(await repo.message(agent.id)).toMatchObject({ status: 'sent', attempts: 1 });
    const sent = telegram.sent().filter((message) => (message as { chat_id?: number }).chat_id === chatId);
    expect(sent.map((message) => (message as { text: string }).text).filter((line) => line === text)).toHaveLength(1);
    expect(await requeueStrandedSends(app.services, new Date(later.getTime() + 90_000))).toBe(0);
  });
});
