import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeTelegram, telegramUpdate, type FakeTelegram } from '../../helpers/fake-telegram';
import { createChannel } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { channelRepository } from '../../../server/db/repositories/channel-repository';

/**
 * A tapped inline button reaches Kawan as a callback_query; Telegram keeps the button spinning
 * until the bot answers it. The pipeline answers it once through the channel's adapter when the
 * tap is first stored, however often Telegram delivers the update; a failed answer is logged and
 * the tap is still stored.
 */
const token = '555000111:AACallbackCallbackCallback_cb1';
const secret = 'kawan-callback-secret';

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

async function telegramChannel() {
  const { team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, {
    type: 'telegram',
    secrets: { botToken: token, webhookSecret: secret },
  });
  const deliver = (body: string) =>
    request(app.app)
      .post(`/webhooks/telegram/${channel.publicKey}`)
      .set({ 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret })
      .send(body);
  const messages = async () => {
    const repo = conversationRepository(app.services.db, team.id);
    const { items } = await repo.page({}, { page: 1, perPage: 10 });
    return items.length === 0 ? [] : repo.messages(items[0].id, { limit: 50 });
  };
  return { team, channel, deliver, messages };
}

const answered = (callbackId: string) =>
  telegram.callsOf('answerCallbackQuery').filter((call) => call.params.callback_query_id === callbackId);

describe('Telegram button taps', () => {
  it('answers the callback query once when the update is delivered three times', async () => {
    const { deliver, messages } = await telegramChannel();
    const update = telegramUpdate({
      updateId: 7001,
      fromId: 6101,
      callbackData: 'size:large',
      callbackId: 'cb-7001-a',
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await deliver(update);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ ok: true, duplicate: attempt > 0 });
    }
    await app.services.jobs.drain();
    expect(answered('cb-7001-a')).toHaveLength(1);
    expect(answered('cb-7001-a')[0].token).toBe(token);
    expect(await messages()).toMatchObject([
      { kind: 'interactive', text: 'size:large', externalId: 'callback:cb-7001-a' },
    ]);

    // The same tap in another delivery (another update id) is the same message: not answered again.
    await deliver(
      telegramUpdate({ updateId: 7002, fromId: 6101, callbackData: 'size:large', callbackId: 'cb-7001-a' }),
    );
    await app.services.jobs.drain();
    expect(answered('cb-7001-a')).toHaveLength(1);
    expect(await messages()).toHaveLength(1);
  });

  it('answers nothing for a text message', async () => {
    const { deliver } = await telegramChannel();
    const before = telegram.callsOf('answerCallbackQuery').length;
    await deliver(telegramUpdate({ updateId: 7101, fromId: 6102, text: 'Halo' }));
    await app.services.jobs.drain();
    expect(telegram.callsOf('answerCallbackQuery')).toHaveLength(before);
  });

  it('stores the tap and logs a failed answer without failing the inbound job', async () => {
    const { team, channel, deliver, messages } = await telegramChannel();
    telegram.failNext({
      method: 'answerCallbackQuery',
      status: 400,
      description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
    });
    await deliver(telegramUpdate({ updateId: 7201, fromId: 6103, callbackData: 'menu', callbackId: 'cb-7201' }));
    await app.services.jobs.drain();
    expect(answered('cb-7201')).toHaveLength(1);
    expect(await messages()).toMatchObject([{ kind: 'interactive', text: 'menu' }]);
    const [event] = (await channelRepository(app.services.db, team.id).events(channel.id, { page: 1, perPage: 5 }))
      .items;
    expect(event).toMatchObject({ status: 'processed', error: null });
    const logged = app.logs().find((line) => line.msg === 'an inbound message could not be acknowledged');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('query is too old');
    expect(JSON.stringify(logged)).not.toContain(token);
  });
});
