import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { startFakeTelegram, telegramUpdate, type FakeTelegram } from '../../helpers/fake-telegram';
import { createChannel } from '../../factories/channels';
import { createApiToken } from '../../factories/api-tokens';
import { botRepliesThisMonth } from '../../../server/domain/bots/bot-replies';
import { processDirtyDays } from '../../../server/reports/rollup';

/**
 * "Replies this month" on Bots/Index and in `GET /api/bots`: the replies a bot sent its customers
 * on its channels (from the report rollups) and its API callers since the first of the month in
 * the team's time zone. Test chats are the team's own questions and do not count; last month's
 * replies do not either.
 */
const token = '123456789:AAExampleExampleExampleExample_abc';
const secret = 'kawan-test-secret-token';

let app: TestApp;
let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram({ token });
  app = await createTestApp({ env: { TELEGRAM_API_URL: telegram.baseUrl } });
});
afterAll(async () => {
  await app.close();
  await telegram.close();
});

async function settleReports() {
  while ((await processDirtyDays(app.services, { limit: 50 })) > 0);
}

describe('a bot’s replies this month', () => {
  it('counts its channel and API replies, not its test chats or last month’s', async () => {
    const { client, botId, team, owner } = await cafeBot(app);
    await client.send('post', `/bots/${botId}/publish`, { note: 'v1' });
    const channel = await createChannel(app.services, team.id, {
      type: 'telegram',
      botId,
      secrets: { botToken: token, webhookSecret: secret },
      settings: { botUsername: 'kopi_bot' },
    });
    const listed = async () => {
      await settleReports();
      const page = expectPage(await client.visit('/bots'), 'Bots/Index');
      return (page.props.bots as { data: { id: number; replies_this_month: number }[] }).data[0].replies_this_month;
    };
    expect(await listed()).toBe(0);

    // Two customers' questions on Telegram, one of them delivered twice: two replies.
    let updateId = team.id * 1000;
    for (const [fromId, text] of [
      [11, 'jam buka outlet kemang?'],
      [12, 'bisa bayar pake qris ga?'],
    ] as const) {
      updateId += 1;
      for (let delivery = 0; delivery < (fromId === 11 ? 2 : 1); delivery += 1) {
        const res = await request(app.app)
          .post(`/webhooks/telegram/${channel.publicKey}`)
          .set({ 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret })
          .send(telegramUpdate({ updateId, fromId, text }));
        expect(res.status).toBe(200);
      }
      await app.services.jobs.drain();
    }
    expect(await listed()).toBe(2);

    // A test chat in the bot's page is not a reply.
    const chat = await client.agent
      .post(`/bots/${botId}/chat`)
      .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' })
      .send({ message: 'jam buka?' });
    expect(chat.status).toBe(200);
    expect(await listed()).toBe(2);

    // An API caller's answer is.
    const bot = expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show').props.bot as { public_id: string };
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read', 'create'] });
    const completion = await request(app.app)
      .post('/api/v1/chat/completions')
      .set('Authorization', `Bearer ${plainText}`)
      .send({ model: bot.public_id, messages: [{ role: 'user', content: 'Jam buka?' }] });
    expect(completion.status).toBe(200);
    expect(await listed()).toBe(3);
    const api = await request(app.app).get('/api/bots').set('Authorization', `Bearer ${plainText}`);
    expect(api.body.data).toMatchObject([{ id: botId, replies_this_month: 3 }]);
    const one = await request(app.app).get(`/api/bots/${botId}`).set('Authorization', `Bearer ${plainText}`);
    expect(one.body).toMatchObject({ id: botId, replies_this_month: 3 });

    // At the month's last minute in Jakarta (the team's time zone, UTC+7) they still count; on the
    // first of the next month they are last month's.
    const jakarta = new Date(Date.now() + 7 * 3_600_000);
    const nextMonth = Date.UTC(jakarta.getUTCFullYear(), jakarta.getUTCMonth() + 1, 1) - 7 * 3_600_000;
    const countAt = async (at: number) =>
      (await botRepliesThisMonth(app.services.db, team.id, new Date(at))).get(botId);
    expect(await countAt(nextMonth - 60_000)).toBe(3);
    expect(await countAt(nextMonth + 60_000)).toBeUndefined();
  });
});
