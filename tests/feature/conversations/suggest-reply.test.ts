import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository, conversationWriter } from '../../../server/db/repositories/conversation-repository';
import { usageEvents } from '../../../server/db/schema/index';

/**
 * A reply drafted for the agent (conversations.suggestion, JSON): the conversation's bot answers the
 * customer's messages since the last reply they saw, from its knowledge, with its sources; nothing
 * is stored in the thread or sent; the model's call is metered (source `copilot`). For whoever
 * answers conversations; a channel without a bot is a 422.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function cafeConversation(question: string) {
  const bot = await cafeBot(app);
  expect((await bot.client.send('post', `/bots/${bot.botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(app.services, bot.team.id, {
    type: 'web',
    botId: bot.botId,
    settings: { allowedDomains: ['kopi.test'] },
  });
  const { conversation } = await createConversation(app.services, channel, { text: question });
  const suggest = (client: Pick<typeof bot.client, 'agent' | 'token'> = bot.client) =>
    client.agent
      .post(`/conversations/${conversation.id}/suggestion`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
  const repo = conversationRepository(app.services.db, bot.team.id);
  return { ...bot, channel, conversation, suggest, repo };
}

describe('a reply suggested to the agent', () => {
  it('drafts the bot’s answer with its sources, stores and sends nothing, and meters the call', async () => {
    const { suggest, repo, conversation, knowledgeId, team } = await cafeConversation('Outlet Kemang buka jam berapa?');
    const before = await repo.messages(conversation.id, { limit: 50 });
    const res = await suggest();
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'answer',
      question: 'Outlet Kemang buka jam berapa?',
      sources: [{ title: 'Jam buka', url: `/knowledges/${knowledgeId}/edit` }],
    });
    expect(res.body.text).toContain('07.00');
    expect(res.body.text).not.toMatch(/\[\d+\]/);
    expect(await repo.messages(conversation.id, { limit: 50 })).toEqual(before);
    const usage = await app.services.db.select().from(usageEvents).where(eq(usageEvents.teamId, team.id));
    expect(usage.filter((row) => row.source === 'copilot')).toHaveLength(1);
  });

  it('answers the customer’s messages since the last reply they saw, and says when the knowledge has nothing', async () => {
    const { suggest, conversation, channel, team } = await cafeConversation('Halo kak');
    const writer = conversationWriter(app.services.db);
    const repo = conversationRepository(app.services.db, team.id);
    await repo.insertMessage({
      conversationId: conversation.id,
      channelId: channel.id,
      direction: 'outbound',
      sender: 'agent',
      kind: 'text',
      text: 'Halo, ada yang bisa dibantu?',
      status: 'sent',
    });
    for (const text of ['Mau tanya', 'bisa bayar pake qris ga?']) {
      await writer.inbound({
        teamId: team.id,
        conversationId: conversation.id,
        channelId: channel.id,
        kind: 'text',
        text,
        externalId: `suggest-${text}`,
      });
    }
    const res = await suggest();
    expect(res.status, res.text).toBe(200);
    expect(res.body.question).toBe('Mau tanya\nbisa bayar pake qris ga?');
    expect(res.body.text).toContain('QRIS');

    await writer.inbound({
      teamId: team.id,
      conversationId: conversation.id,
      channelId: channel.id,
      kind: 'text',
      text: 'Berapa harga tiket pesawat Jakarta ke Tokyo bulan depan?',
      externalId: 'suggest-tokyo',
    });
    await repo.insertMessage({
      conversationId: conversation.id,
      channelId: channel.id,
      direction: 'outbound',
      sender: 'agent',
      kind: 'text',
      text: 'Sebentar ya',
      status: 'sent',
    });
    await writer.inbound({
      teamId: team.id,
      conversationId: conversation.id,
      channelId: channel.id,
      kind: 'text',
      text: 'Dan apakah ada diskon untuk pembelian tiket konser Coldplay?',
      externalId: 'suggest-concert',
    });
    const nothing = await suggest();
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({ kind: 'fallback', text: '', sources: [] });
  });

  it('drafts nothing when the bot would hand the question to a person', async () => {
    const { suggest } = await cafeConversation('Pesanan saya belum sampai, mau bicara dengan admin');
    const res = await suggest();
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ kind: 'handoff', text: '' });
  });

  it('is a 422 on a channel without a bot, a 403 for a viewer and a 404 for another team', async () => {
    const { team, owner, suggest, conversation } = await cafeConversation('Outlet Kemang buka jam berapa?');
    const viewer = await createMember(app.services, team, 'viewer', { current: true });
    const refused = await suggest(await signedIn(app.app, viewer));
    expect(refused.status).toBe(403);

    const peopleOnly = await createChannel(app.services, team.id, {
      type: 'web',
      settings: { allowedDomains: ['x.test'] },
    });
    const { conversation: withoutBot } = await createConversation(app.services, peopleOnly, { text: 'Halo' });
    const client = await signedIn(app.app, owner);
    const noBot = await client.agent
      .post(`/conversations/${withoutBot.id}/suggestion`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
    expect(noBot.status).toBe(422);
    expect(noBot.body.errors.suggestion).toEqual([expect.stringMatching(/^No bot answers on this channel/)]);

    const other = await createOwnedTeam(app.services, { current: true });
    const stranger = await signedIn(app.app, other.owner);
    const foreign = await stranger.agent
      .post(`/conversations/${conversation.id}/suggestion`)
      .set({ 'X-XSRF-TOKEN': stranger.token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
    expect(foreign.status).toBe(404);
  });
});
