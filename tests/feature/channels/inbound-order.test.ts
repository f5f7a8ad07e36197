import { and, asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processInbound } from '../../../server/channels/pipeline';
import { channelEvents, conversations, messages } from '../../../server/db/schema/index';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { startFakeTelegram, telegramUpdate, type FakeTelegram } from '../../helpers/fake-telegram';
import { createChannel } from '../../factories/channels';

/**
 * `channel.inbound` jobs run several at once: deliveries of one thread must still be applied in
 * the order they were received, whichever job starts first, and conversations of one team opened
 * at once must each get their own number.
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

async function telegramChannel() {
  const { team, client, botId } = await cafeBot(app);
  expect((await client.send('post', `/bots/${botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(app.services, team.id, {
    type: 'telegram',
    botId,
    secrets: { botToken: token, webhookSecret: secret },
    settings: { botUsername: 'kopi_bot' },
  });
  const deliver = async (update: string) => {
    const res = await request(app.app)
      .post(`/webhooks/telegram/${channel.publicKey}`)
      .set({ 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret })
      .send(update);
    expect(res.status, res.text).toBe(200);
  };
  const events = () =>
    app.services.db
      .select()
      .from(channelEvents)
      .where(eq(channelEvents.channelId, channel.id))
      .orderBy(asc(channelEvents.id));
  return { team, channel, deliver, events };
}

describe('inbound deliveries applied at once', () => {
  it("applies a thread's earlier deliveries first when a later one's job runs first", async () => {
    const { team, deliver, events } = await telegramChannel();
    await deliver(telegramUpdate({ updateId: 1, fromId: 77, text: 'Halo' }));
    await deliver(telegramUpdate({ updateId: 2, fromId: 77, text: 'Outlet Kemang buka jam berapa?' }));
    await deliver(telegramUpdate({ updateId: 3, fromId: 88, text: 'Ada wifi?' }));
    const [first, second, other] = await events();
    expect([first.thread, second.thread, other.thread]).toEqual(['77', '77', '88']);

    // The second delivery's job starts first: it applies the first delivery of its thread before its own.
    await processInbound(app.services, second.id);
    const stored = await app.services.db
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.teamId, team.id), eq(messages.direction, 'inbound')))
      .orderBy(asc(messages.id));
    expect(stored.map((message) => message.text)).toEqual(['Halo', 'Outlet Kemang buka jam berapa?']);
    const [afterFirst, afterSecond, untouched] = await events();
    expect([afterFirst.status, afterSecond.status, untouched.status]).toEqual(['processed', 'processed', 'received']);

    // The first delivery's own job then finds it applied and changes nothing.
    await processInbound(app.services, first.id);
    await processInbound(app.services, other.id);
    const all = await app.services.db
      .select()
      .from(messages)
      .where(and(eq(messages.teamId, team.id), eq(messages.direction, 'inbound')));
    expect(all).toHaveLength(3);
    expect((await events()).map((event) => event.status)).toEqual(['processed', 'processed', 'processed']);
  });

  it('gives conversations of one team opened at once a number each, from the team’s own sequence', async () => {
    const { team, deliver, events } = await telegramChannel();
    for (let chat = 1; chat <= 8; chat++)
      await deliver(telegramUpdate({ updateId: 100 + chat, fromId: 1000 + chat, text: `Halo ${chat}` }));
    await Promise.all((await events()).map((event) => processInbound(app.services, event.id)));
    const numbers = (
      await app.services.db
        .select({ number: conversations.number })
        .from(conversations)
        .where(eq(conversations.teamId, team.id))
    )
      .map((row) => row.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    // A team's numbers are its own: another team starts at 1 again.
    const next = await telegramChannel();
    await next.deliver(telegramUpdate({ updateId: 1, fromId: 5, text: 'Halo' }));
    for (const event of await next.events()) await processInbound(app.services, event.id);
    const [row] = await app.services.db
      .select({ number: conversations.number })
      .from(conversations)
      .where(eq(conversations.teamId, next.team.id));
    expect(row.number).toBe(1);
  });
});
