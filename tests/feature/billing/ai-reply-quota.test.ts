import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { creditsOf, givePack, onPlan, setCreditsUsed } from '../../helpers/billing';
import { startFakeTelegram, telegramUpdate, type FakeTelegram } from '../../helpers/fake-telegram';
import { createChannel } from '../../factories/channels';
import { createMember } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { notificationRepository } from '../../../server/db/repositories/notification-repository';
import { usageWarningType } from '../../../server/billing/notifications';
import { userRepository } from '../../../server/db/repositories/user-repository';
import { replyToMessage } from '../../../server/channels/pipeline';
import { rowsOf } from '../../../server/db/rows';
import { sql } from 'drizzle-orm';

/**
 * AI replies against the plan, through the channel pipeline: within the quota the bot answers and
 * the credit is counted once however often the message is delivered; at 80 % and at 100 % owners
 * and admins are told once each; past the quota the customer gets the fallback, the conversation
 * waits for a person (reason "quota") and no message is lost; the API is refused with 429.
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

async function telegramTeam() {
  const bot = await cafeBot(app);
  await bot.client.send('post', `/bots/${bot.botId}/publish`, { note: 'v1' });
  const channel = await createChannel(app.services, bot.team.id, {
    type: 'telegram',
    botId: bot.botId,
    secrets: { botToken: token, webhookSecret: secret },
    settings: { botUsername: 'kopi_bot' },
  });
  // Free allows no Telegram channel to be made; one made before a downgrade keeps answering.
  await onPlan(app, bot.team.id, 'free');
  let update = 1;
  const say = async (fromId: number, text: string, updateId = update++) => {
    const res = await request(app.app)
      .post(`/webhooks/telegram/${channel.publicKey}`)
      .set({ 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret })
      .send(telegramUpdate({ updateId: updateId + bot.team.id * 1000, fromId, text }));
    expect(res.status).toBe(200);
    await app.services.jobs.drain();
  };
  const conversations = async () => {
    const repo = conversationRepository(app.services.db, bot.team.id);
    const { items } = await repo.page({}, { page: 1, perPage: 20 });
    return Promise.all(items.map(async (item) => ({ ...item, messages: await repo.messages(item.id, { limit: 50 }) })));
  };
  return { ...bot, channel, say, conversations };
}

const warnings = async (userId: number) =>
  (await notificationRepository(app.services.db, userId).page(1, 50)).rows.filter(
    (row) => row.type === usageWarningType,
  );

describe('AI replies against the quota', () => {
  it('counts a reply once, however often its message is delivered', async () => {
    const { team, say } = await telegramTeam();
    await say(4001, 'Outlet Kemang buka jam berapa?', 1);
    await say(4001, 'Outlet Kemang buka jam berapa?', 1);
    await say(4001, 'Outlet Kemang buka jam berapa?', 1);
    expect((await creditsOf(app, team.id)).used).toBe(1);
  });

  it("reserves a reply's credits under its key in the statement that begins it, and once when a stopped run is taken up", async () => {
    const { team, say, conversations } = await telegramTeam();
    await say(4002, 'Outlet Kemang buka jam berapa?');
    const [conversation] = await conversations();
    const [inbound, reply] = conversation.messages;
    expect([reply.sender, reply.status]).toEqual(['bot', 'sent']);
    const events = async () =>
      rowsOf<{ key: string; quantity: number }>(
        await app.services.db.execute(sql`
          select idempotency_key as key, quantity from usage_events where team_id = ${team.id} order by id`),
      );
    expect(await events()).toEqual([{ key: `reply:${reply.id}`, quantity: 1 }]);

    // A run that stopped after beginning the reply (composing, its credits reserved with it): the
    // retry answers with the same reply and counts nothing again.
    await conversationRepository(app.services.db, team.id).updateMessage(reply.id, { status: 'composing', text: '' });
    const sent = telegram.sent().length;
    await replyToMessage(app.services, { teamId: team.id, messageId: inbound.id }, { lastAttempt: false });
    const [again] = await conversations();
    expect(again.messages.map((m) => [m.id, m.sender, m.status])).toEqual([
      [inbound.id, 'contact', 'received'],
      [reply.id, 'bot', 'sent'],
    ]);
    expect(telegram.sent()).toHaveLength(sent + 1);
    expect(await events()).toEqual([{ key: `reply:${reply.id}`, quantity: 1 }]);
    expect((await creditsOf(app, team.id)).used).toBe(1);
  });

  it('warns owners and admins at 80 % and at 100 %, once each', async () => {
    const { team, say } = await telegramTeam();
    const owner = (await userRepository(app.services.db).find(team.userId))!;
    const admin = await createMember(app.services, team, 'admin');
    const editor = await createMember(app.services, team, 'editor');
    await setCreditsUsed(app, team.id, 79);
    await say(4101, 'Outlet Kemang buka jam berapa?');
    await say(4101, 'Bisa bayar pakai QRIS?');
    for (const user of [owner, admin]) {
      expect((await warnings(user.id)).map((row) => row.data.percent)).toEqual([80]);
    }
    expect(await warnings(editor.id)).toEqual([]);
    expect(
      app.mailbox
        .list()
        .filter(
          (mail) => mail.subject === 'Your AI credits are running low' && [owner.email, admin.email].includes(mail.to),
        ),
    ).toHaveLength(2);

    await setCreditsUsed(app, team.id, 99);
    await say(4101, 'Parkir mobil berapa?');
    await say(4101, 'Parkir motor gratis?');
    const [latest] = await warnings(owner.id);
    expect(latest.data).toMatchObject({
      percent: 100,
      url: '/billing',
      message: expect.stringContaining('used all 100 AI credits of the Free plan'),
    });
    expect((await warnings(owner.id)).map((row) => row.data.percent).sort()).toEqual([100, 80]);
  });

  it('answers past the quota with the fallback, hands the conversation to a person and keeps the message', async () => {
    const { team, say, conversations } = await telegramTeam();
    await setCreditsUsed(app, team.id, 100);
    const sentBefore = telegram.sent().length;
    await say(4201, 'Outlet Kemang buka jam berapa?');
    const [conversation] = await conversations();
    expect(conversation).toMatchObject({ state: 'queued', handoffReason: 'quota' });
    expect(conversation.messages.map((m) => [m.sender, m.text.split('\n')[0]])).toEqual([
      ['contact', 'Outlet Kemang buka jam berapa?'],
      ['bot', expect.any(String)],
      ['system', "Waiting for a person: the team's AI replies for this period are used up."],
    ]);
    expect(conversation.messages[1].ai).toMatchObject({ kind: 'fallback', credits: 0 });
    expect(telegram.sent().length).toBeGreaterThan(sentBefore);
    expect((await creditsOf(app, team.id)).used).toBe(100);
  });

  it('still greets back past the quota: small talk needs no model and costs nothing', async () => {
    const { team, say, conversations } = await telegramTeam();
    await setCreditsUsed(app, team.id, 100);
    await say(4202, '/start');
    const [conversation] = await conversations();
    expect(conversation.state).toBe('bot');
    expect(conversation.messages.map((m) => [m.sender, m.ai?.kind ?? null])).toEqual([
      ['contact', null],
      ['bot', 'smalltalk'],
    ]);
    expect(conversation.messages[1].text).toMatch(/^Halo! Saya Asisten Kopi/);
    expect((await creditsOf(app, team.id)).used).toBe(100);
  });

  it('uses a credit pack once the quota is used up', async () => {
    const { team, say, conversations } = await telegramTeam();
    await setCreditsUsed(app, team.id, 100);
    await givePack(app, team.id, 5);
    await say(4301, 'Outlet Kemang buka jam berapa?');
    const [conversation] = await conversations();
    expect(conversation.state).toBe('bot');
    expect(conversation.messages[1].text).toContain('07.00');
    expect(await creditsOf(app, team.id)).toEqual({ used: 100, packs: [4] });
  });

  it('refuses completions through the API past the quota with 429 insufficient_quota', async () => {
    const { team, owner, client, botId } = await telegramTeam();
    await onPlan(app, team.id, 'growth');
    await setCreditsUsed(app, team.id, 10_000);
    const bot = (await client.visit(`/bots/${botId}`)).body.props.bot as { public_id: string };
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read', 'create'] });
    const res = await request(app.app)
      .post('/api/v1/chat/completions')
      .set('Authorization', `Bearer ${plainText}`)
      .send({ model: bot.public_id, messages: [{ role: 'user', content: 'Jam buka?' }] });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({
      type: 'insufficient_quota',
      code: 'insufficient_quota',
      message: expect.stringContaining('10,000 AI credits'),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
