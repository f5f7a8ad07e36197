import { expect, it } from 'vitest';
import request from 'supertest';
import { cafeBot } from '../../helpers/bots';
import { telegramUpdate } from '../../helpers/fake-telegram';
import { appWithFakeTelegram } from '../../helpers/telegram-app';
import { createChannel } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { rebuildTeam } from '../../../server/reports/rollup';

/**
 * Small talk on a channel: Telegram's /start, a greeting, thanks and a goodbye are answered as
 * such (the welcome message, a short reply) without the knowledge; none of them is a knowledge gap
 * or an AI reply in the reports. A real question in between still falls back and is collected.
 */
const token = '123456789:AAExampleExampleExampleExample_abc';
const secret = 'kawan-test-secret-token';
const handles = appWithFakeTelegram(token);

it('answers /start, greetings and thanks without the knowledge, and keeps them out of the gaps and the reports', async () => {
  const { app } = handles;
  const { team, client, botId } = await cafeBot(app);
  expect((await client.send('post', `/bots/${botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(app.services, team.id, {
    type: 'telegram',
    botId,
    secrets: { botToken: token, webhookSecret: secret },
    settings: { botUsername: 'kopi_bot' },
  });
  let updateId = 5000;
  const say = async (text: string) => {
    const res = await request(app.app)
      .post(`/webhooks/telegram/${channel.publicKey}`)
      .set({ 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret })
      .send(telegramUpdate({ updateId: updateId++, fromId: 777, text }));
    expect(res.status).toBe(200);
    await app.services.jobs.drain();
  };
  await say('/start');
  await say('halo kak');
  await say('Siapa presiden pertama Amerika Serikat?');
  await say('oke makasih kak 🙏');

  const repo = conversationRepository(app.services.db, team.id);
  const [conversation] = (await repo.page({}, { page: 1, perPage: 10 })).items;
  const replies = (await repo.messages(conversation.id, { limit: 50 })).filter((message) => message.sender === 'bot');
  expect(replies.map((reply) => [reply.ai?.kind, reply.text])).toEqual([
    ['smalltalk', 'Halo! Saya Asisten Kopi. Ada yang bisa saya bantu?\n\nHi! I’m Asisten Kopi. How can I help you?'],
    ['smalltalk', 'Halo! Saya Asisten Kopi. Ada yang bisa saya bantu?'],
    ['fallback', 'Maaf, saya belum punya informasi tentang itu.'],
    ['smalltalk', 'Sama-sama! Ada lagi yang bisa saya bantu?'],
  ]);
  expect(replies[0].ai).toMatchObject({ promptTokens: 0, completionTokens: 0, citations: [] });
  expect(conversation.state).toBe('bot');

  // Only the question is a knowledge gap.
  const gaps = await app.database.execute(
    'select q.text from knowledge_gap_questions q join messages m on m.id = q.message_id where q.team_id = $1',
    [team.id],
  );
  expect(gaps.rows).toEqual([{ text: 'Siapa presiden pertama Amerika Serikat?' }]);

  // The reports count one AI reply, the fallback.
  await rebuildTeam(app.services.db, team.id);
  const figures = await app.database.execute(
    `select sum((figures->>'aiReplies')::int)::int as replies, sum((figures->>'fallbacks')::int)::int as fallbacks
       from report_daily where team_id = $1`,
    [team.id],
  );
  expect(figures.rows).toEqual([{ replies: 1, fallbacks: 1 }]);
});
