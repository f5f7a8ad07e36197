import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { createChannel, createConversation } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { conversationLabels, conversations } from '../../../server/db/schema/index';
import { eq } from 'drizzle-orm';
import type { TokenAbility } from '../../../server/domain/teams/roles';

/** The conversations export API: GET /api/conversations and /api/conversations/{id}/messages. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function tenant(abilities: TokenAbility[] = ['read'], role: 'owner' | 'viewer' | 'agent' = 'owner') {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const user = role === 'owner' ? owner : await createMember(app.services, team, role, { current: true });
  const { plainText } = await createApiToken(app.services, user, { teamId: team.id, abilities });
  const get = (url: string) =>
    supertest(app.app)
      .get(url)
      .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' });
  return { get, team, user };
}

describe('GET /api/conversations', () => {
  it("lists the team's conversations oldest first, a page at a time, filtered as the inbox filters", async () => {
    const { get, team } = await tenant();
    const web = await createChannel(app.services, team.id, { type: 'web', name: 'Website' });
    const telegram = await createChannel(app.services, team.id, { type: 'telegram', name: 'Telegram' });
    const first = await createConversation(app.services, web, { text: 'Jam buka outlet Kemang?' });
    const second = await createConversation(app.services, telegram, { text: 'Bisa pesan antar?' });
    const third = await createConversation(app.services, web, { text: 'Ada menu vegan?' });
    await conversationRepository(app.services.db, team.id).update(second.conversation.id, {
      state: 'resolved',
      resolvedAt: new Date(),
      resolvedBy: 'bot',
    });

    const all = await get('/api/conversations');
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.map((row: { id: number }) => row.id)).toEqual([
      first.conversation.id,
      second.conversation.id,
      third.conversation.id,
    ]);
    expect(all.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 3, from: 1, to: 3 });
    expect(all.body.data[0]).toMatchObject({
      number: first.conversation.number,
      state: 'bot',
      channel: { id: web.id, name: 'Website', type: 'web' },
      contact: { id: first.contact.id },
      last_preview: 'Jam buka outlet Kemang?',
      resolved_at: null,
      csat: null,
    });

    const paged = await get('/api/conversations?per_page=2&page=2');
    expect(paged.body.data.map((row: { id: number }) => row.id)).toEqual([third.conversation.id]);
    expect(paged.body.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3, from: 3, to: 3 });

    const resolved = await get('/api/conversations?state=resolved');
    expect(resolved.body.data).toEqual([expect.objectContaining({ id: second.conversation.id, resolved_by: 'bot' })]);
    const open = await get(`/api/conversations?state=open&channel=${web.id}`);
    expect(open.body.data.map((row: { id: number }) => row.id)).toEqual([first.conversation.id, third.conversation.id]);
    const searched = await get('/api/conversations?search=vegan');
    expect(searched.body.data.map((row: { id: number }) => row.id)).toEqual([third.conversation.id]);
    expect(all.body.data[0].labels).toEqual([]);
  });

  it('names each conversation’s labels and filters by one', async () => {
    const { get, team } = await tenant();
    const web = await createChannel(app.services, team.id, { type: 'web' });
    const [vip, keluhan] = await app.services.db
      .insert(conversationLabels)
      .values([
        { teamId: team.id, name: 'VIP', color: 'amber' },
        { teamId: team.id, name: 'Keluhan', color: 'red' },
      ])
      .returning();
    const plain = await createConversation(app.services, web);
    const labelled = await createConversation(app.services, web);
    await conversationRepository(app.services.db, team.id).update(labelled.conversation.id, {
      labelIds: [keluhan.id, vip.id],
    });
    const all = await get('/api/conversations');
    expect(all.body.data.map((row: { id: number; labels: unknown[] }) => [row.id, row.labels])).toEqual([
      [plain.conversation.id, []],
      [
        labelled.conversation.id,
        [
          { id: keluhan.id, name: 'Keluhan', color: 'red' },
          { id: vip.id, name: 'VIP', color: 'amber' },
        ],
      ],
    ]);
    const filtered = await get(`/api/conversations?label=${vip.id}`);
    expect(filtered.body.data.map((row: { id: number }) => row.id)).toEqual([labelled.conversation.id]);
    expect((await get('/api/conversations?label=vip')).body.errors).toEqual({
      label: ['The label must be a positive integer.'],
    });
  });

  it('exports only what changed since the last run with updated_since', async () => {
    const { get, team } = await tenant();
    const web = await createChannel(app.services, team.id, { type: 'web' });
    const old = await createConversation(app.services, web);
    const fresh = await createConversation(app.services, web);
    const repo = conversationRepository(app.services.db, team.id);
    const yesterday = new Date(Date.now() - 86_400_000);
    await app.services.db
      .update(conversations)
      .set({ updatedAt: yesterday, lastMessageAt: yesterday })
      .where(eq(conversations.id, old.conversation.id));
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const changed = await get(`/api/conversations?updated_since=${encodeURIComponent(since)}`);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.map((row: { id: number }) => row.id)).toEqual([fresh.conversation.id]);
    // A change to the old one (resolved by an agent, say) brings it back.
    await repo.update(old.conversation.id, { state: 'resolved', resolvedAt: new Date(), resolvedBy: 'human' });
    const again = await get(`/api/conversations?updated_since=${encodeURIComponent(since)}`);
    expect(again.body.data.map((row: { id: number }) => row.id)).toEqual([old.conversation.id, fresh.conversation.id]);
  });

  it('answers 422 with a message per malformed filter rather than ignoring it', async () => {
    const { get } = await tenant();
    const res = await get('/api/conversations?state=closed&channel=abc&updated_since=yesterday&per_page=500&page=0');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      state: ['The state must be one of open, bot, queued, human, snoozed or resolved.'],
      channel: ['The channel must be a positive integer.'],
      updated_since: ['The updated since must be an ISO 8601 date and time.'],
      per_page: ['The per page must be an integer between 1 and 100.'],
      page: ['The page must be a positive integer.'],
    });
    expect((await get('/api/conversations?state=open&state=bot')).status).toBe(422);
    expect((await get('/api/conversations?channel[]=2')).body.errors).toEqual({
      channel: ['The channel must be a positive integer.'],
    });
  });

  it("never shows another team's conversations, and needs the read ability", async () => {
    const mine = await tenant();
    const web = await createChannel(app.services, mine.team.id, { type: 'web' });
    await createConversation(app.services, web);
    const other = await tenant();
    const list = await other.get('/api/conversations');
    expect(list.body.data).toEqual([]);
    expect((await other.get(`/api/conversations?channel=${web.id}`)).body.data).toEqual([]);

    const writeOnly = await tenant(['create']);
    expect((await writeOnly.get('/api/conversations')).status).toBe(403);
    expect((await supertest(app.app).get('/api/conversations').set('Accept', 'application/json')).status).toBe(401);
  });

  it('lets agents and viewers export the conversations they can read in the inbox', async () => {
    for (const role of ['agent', 'viewer'] as const) {
      const { get, team } = await tenant(['read'], role);
      const web = await createChannel(app.services, team.id, { type: 'web' });
      await createConversation(app.services, web);
      const res = await get('/api/conversations');
      expect(res.status, `${role}: ${res.text}`).toBe(200);
      expect(res.body.data).toHaveLength(1);
    }
  });
});

describe('GET /api/conversations/{conversation}/messages', () => {
  it("gives the thread oldest first with the bot reply's AI metadata and citations, paginated", async () => {
    const { get, team } = await tenant();
    const web = await createChannel(app.services, team.id, { type: 'web' });
    const { conversation, message } = await createConversation(app.services, web, { text: 'Jam buka hari Minggu?' });
    const repo = conversationRepository(app.services.db, team.id);
    const reply = (await repo.insertMessage({
      conversationId: conversation.id,
      channelId: web.id,
      direction: 'outbound',
      sender: 'bot',
      kind: 'text',
      text: 'Hari Minggu kami buka 08.00–23.00 [1].',
      inReplyToId: message.id,
      status: 'sent',
      sentAt: new Date(),
      ai: {
        kind: 'answer',
        model: 'extractive',
        version: 2,
        promptTokens: 420,
        completionTokens: 18,
        estimated: true,
        latencyMs: 35,
        costUsd: null,
        citations: [{ marker: 1, passage: 1, chunkId: 88, sourceId: 12, sourceTitle: 'Jam buka' }],
      },
    }))!;
    await repo.insertMessage({
      conversationId: conversation.id,
      channelId: web.id,
      direction: 'outbound',
      sender: 'agent',
      kind: 'note',
      text: 'Pelanggan langganan, kasih promo.',
      status: 'sent',
    });

    const res = await get(`/api/conversations/${conversation.id}/messages`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toMatchObject({ total: 3, per_page: 100 });
    expect(res.body.data.map((row: { sender: string; kind: string }) => `${row.sender}/${row.kind}`)).toEqual([
      'contact/text',
      'bot/text',
      'agent/note',
    ]);
    expect(res.body.data[0]).toMatchObject({
      id: message.id,
      direction: 'inbound',
      text: 'Jam buka hari Minggu?',
      ai: null,
    });
    expect(res.body.data[1]).toMatchObject({
      id: reply.id,
      status: 'sent',
      sent_at: expect.any(String),
      ai: {
        kind: 'answer',
        model: 'extractive',
        bot_version: 2,
        prompt_tokens: 420,
        completion_tokens: 18,
        estimated: true,
        latency_ms: 35,
        cost_usd: null,
        citations: [{ marker: 1, source_id: 12, source_title: 'Jam buka', chunk_id: 88 }],
      },
    });

    const second = await get(`/api/conversations/${conversation.id}/messages?per_page=2&page=2`);
    expect(second.body.data.map((row: { kind: string }) => row.kind)).toEqual(['note']);
    expect(second.body.meta).toMatchObject({ current_page: 2, last_page: 2, from: 3, to: 3 });
    expect((await get(`/api/conversations/${conversation.id}/messages?per_page=0`)).status).toBe(422);
  });

  it("is a 404 for another team's conversation and for one that does not exist", async () => {
    const mine = await tenant();
    const web = await createChannel(app.services, mine.team.id, { type: 'web' });
    const { conversation } = await createConversation(app.services, web);
    const other = await tenant();
    expect((await other.get(`/api/conversations/${conversation.id}/messages`)).status).toBe(404);
    expect((await mine.get('/api/conversations/2147483647/messages')).status).toBe(404);
    expect((await mine.get('/api/conversations/abc/messages')).status).toBe(404);
  });
});
