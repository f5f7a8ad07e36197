import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { startFakeTelegram, telegramUpdate, type FakeTelegram } from '../../helpers/fake-telegram';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { channelRepository } from '../../../server/db/repositories/channel-repository';
import { processInbound, requeueStrandedEvents } from '../../../server/channels/pipeline';

/**
 * A process that stops after storing a delivery and before queueing its job: the provider got no
 * answer and delivers again (a duplicate of a stored event), or never does. A worker that stops
 * after applying a delivery and before queueing its reply. Either way the message is answered once.
 */
const token = '123456789:AAStrandedStrandedStranded_abcde';
const secret = 'kawan-stranded-secret-token';

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

/** A published bot's Telegram channel, one customer's message delivered to it, and its stored event. */
async function deliveredMessage(updateId: number, chatId: number) {
  const { team, client, botId } = await cafeBot(app);
  expect((await client.send('post', `/bots/${botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(app.services, team.id, {
    type: 'telegram',
    botId,
    secrets: { botToken: token, webhookSecret: secret },
    settings: { botUsername: 'kopi_bot' },
  });
  const update = telegramUpdate({ updateId, fromId: chatId, text: 'Outlet Kemang buka jam berapa?' });
  const deliver = () =>
    request(app.app)
      .post(`/webhooks/telegram/${channel.publicKey}`)
      .set({ 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret })
      .send(update);
  expect((await deliver()).body).toEqual({ ok: true, duplicate: false });
  const events = channelRepository(app.services.db, team.id);
  const [event] = (await events.events(channel.id, { page: 1, perPage: 5 })).items;
  return { team, channel, deliver, events, event };
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

describe('deliveries stored without their job', () => {
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
});
