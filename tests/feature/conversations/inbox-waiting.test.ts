import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { queueForPerson } from '../../../server/domain/conversations/queue';

/**
 * How long a customer has waited for a person, as the inbox shows it (`waiting_since` on each row,
 * the thread, live and in the API) and orders by it (`sort=waiting`, "Waiting longest"): waiting to
 * be taken, since the handoff; with a person, since the handoff until a person writes to them, then
 * since their first message no reply has answered. A note is no reply; the bot's conversations and
 * resolved ones wait for nobody.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function helpDesk() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const agent = await createMember(app.services, team, 'agent', { current: true, name: 'Dewi' });
  const { bot } = await createPublishedBot(app.services, team.id);
  const web = await createChannel(app.services, team.id, { type: 'web', botId: bot.id, name: 'Website' });
  const repo = conversationRepository(app.services.db, team.id);
  /** A conversation with the bot, its last message `minutesAgo`. */
  const withBot = async (minutesAgo: number) => {
    const { conversation } = await createConversation(app.services, web, { text: 'Jam buka outlet Kemang?' });
    return (await repo.update(conversation.id, { lastMessageAt: ago(minutesAgo) }))!;
  };
  /** A conversation handed to a person `minutesAgo` and waiting to be taken. */
  const queued = async (minutesAgo: number) => {
    const { conversation } = await createConversation(app.services, web, { text: 'Saya mau bicara dengan orang' });
    await queueForPerson(app.services, conversation, 'user_request');
    return (await repo.update(conversation.id, { handoffAt: ago(minutesAgo), lastMessageAt: ago(minutesAgo) }))!;
  };
  const customerWrites = async (conversation: { id: number }, at = new Date()) => {
    const message = await repo.insertMessage({
      conversationId: conversation.id,
      channelId: web.id,
      direction: 'inbound',
      sender: 'contact',
      kind: 'text',
      text: 'Halo? Masih ada orang?',
      status: 'received',
      createdAt: at,
    });
    await repo.update(conversation.id, { lastMessageAt: at, lastInboundAt: at });
    return message!;
  };
  const personWrites = async (conversation: { id: number }, at: Date) => {
    await repo.insertMessage({
      conversationId: conversation.id,
      channelId: web.id,
      direction: 'outbound',
      sender: 'agent',
      senderUserId: agent.id,
      kind: 'text',
      text: 'Baik Kak, saya cek dulu ya.',
      status: 'sent',
      createdAt: at,
    });
    await repo.update(conversation.id, { lastMessageAt: at });
  };
  return { owner, agent, team, repo, withBot, queued, customerWrites, personWrites };
}

type Row = { id: number; state: string; waiting_since: string | null; waiting_for: 'first' | 'next' | null };

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

describe('a customer waiting for a person', () => {
  it('is shown since the handoff, until a person writes to them, then from their first unanswered message', async () => {
    const { owner, agent, team, repo, queued, withBot, customerWrites } = await helpDesk();
    const waiting = await queued(20);
    const chatting = await withBot(1);
    const session = await signedIn(app.app, agent);
    const rows = async () => {
      const page = expectPage(await session.visit('/conversations?state=open'), 'Conversations/Index');
      return new Map((page.props.conversations as { data: Row[] }).data.map((row) => [row.id, row.waiting_since]));
    };
    const shown = async () =>
      expectPage(await session.visit(`/conversations/${waiting.id}`), 'Conversations/Show').props.conversation as Row;
    const thread = async () => (await shown()).waiting_since;
    const waitsFor = async () => (await shown()).waiting_for;

    expect(await rows()).toEqual(
      new Map([
        [waiting.id, iso(waiting.handoffAt)],
        [chatting.id, null],
      ]),
    );

    // Taking the conversation is no reply, nor is a note: the customer still waits since the handoff.
    const before = app.broadcasts.length;
    expectRedirect(
      await session.send('post', `/conversations/${waiting.id}/assign`, { user_id: agent.id }),
      `/conversations/${waiting.id}`,
    );
    const taken = app.broadcasts
      .slice(before)
      .find((b) => b.event === 'App\\Events\\ConversationChanged' && b.channels[0] === `private-teams.${team.id}`);
    expect(taken?.data).toMatchObject({
      conversation: { id: waiting.id, state: 'human', waiting_since: iso(waiting.handoffAt) },
    });
    expect((await session.send('post', `/conversations/${waiting.id}/notes`, { text: 'Cek resi dulu' })).status).toBe(
      303,
    );
    expect(await thread()).toBe(iso(waiting.handoffAt));
    expect(await waitsFor()).toBe('first');

    // A reply ends the wait; the customer's next message starts another, which writing again does not move.
    expect(
      (await session.send('post', `/conversations/${waiting.id}/messages`, { text: 'Halo Kak, saya Dewi.' })).status,
    ).toBe(303);
    expect((await rows()).get(waiting.id)).toBeNull();
    expect(await thread()).toBeNull();
    expect(await waitsFor()).toBeNull();
    const first = await customerWrites(waiting);
    await customerWrites(waiting);
    expect((await rows()).get(waiting.id)).toBe(iso(first.createdAt));
    expect(await thread()).toBe(iso(first.createdAt));
    expect(await waitsFor()).toBe('next');

    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read'] });
    const api = await request(app.app)
      .get('/api/conversations')
      .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' });
    expect(api.status).toBe(200);
    expect(new Map((api.body as { data: Row[] }).data.map((row) => [row.id, row.waiting_since]))).toEqual(
      new Map([
        [waiting.id, iso(first.createdAt)],
        [chatting.id, null],
      ]),
    );

    // Resolved, nobody owes them a reply.
    expect((await session.send('post', `/conversations/${waiting.id}/resolve`, {})).status).toBe(303);
    const resolved = expectPage(await session.visit('/conversations?state=resolved'), 'Conversations/Index');
    expect((resolved.props.conversations as { data: Row[] }).data).toEqual([
      expect.objectContaining({ id: waiting.id, waiting_since: null }),
    ]);
    expect((await repo.find(waiting.id))?.state).toBe('resolved');
  });

  it('puts the customer who has waited longest first, then the others by latest activity, on the page and in the export', async () => {
    const { owner, agent, repo, queued, withBot, customerWrites, personWrites } = await helpDesk();
    const queued30 = await queued(30);
    const answered = await queued(20);
    await repo.update(answered.id, { state: 'human', assigneeId: agent.id });
    await personWrites(answered, ago(1));
    const waited45 = await queued(60);
    await repo.update(waited45.id, { state: 'human', assigneeId: agent.id });
    await personWrites(waited45, ago(50));
    await customerWrites(waited45, ago(45));
    await customerWrites(waited45, ago(40));
    const chatting = await withBot(3);
    const queued5 = await queued(5);

    const session = await signedIn(app.app, owner);
    const list = async (query: string) => {
      const page = expectPage(await session.visit(`/conversations?${query}`), 'Conversations/Index');
      return {
        ids: (page.props.conversations as { data: Row[] }).data.map((row) => row.id),
        filters: page.props.filters as Record<string, unknown>,
      };
    };
    const longest = await list('state=open&sort=waiting');
    expect(longest.ids).toEqual([waited45.id, queued30.id, queued5.id, answered.id, chatting.id]);
    expect(longest.filters).toMatchObject({ sort: 'waiting' });
    expect((await list('state=open')).ids).toEqual([answered.id, chatting.id, queued5.id, queued30.id, waited45.id]);
    expect((await list('state=human&sort=waiting')).ids).toEqual([waited45.id, answered.id]);

    const csv = await session.agent.get('/conversations/export?state=open&sort=waiting');
    expect(csv.status).toBe(200);
    const numbers = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    const byId = new Map(
      (await Promise.all([waited45, queued30, queued5, answered, chatting].map((c) => repo.find(c.id)))).map((c) => [
        c!.id,
        c!.number,
      ]),
    );
    expect(numbers).toEqual([waited45, queued30, queued5, answered, chatting].map((c) => byId.get(c.id)));
  });
});
