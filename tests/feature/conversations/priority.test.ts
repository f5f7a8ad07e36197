import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';

/**
 * A conversation's priority (conversations.priority.update): whoever answers conversations marks it
 * low, medium, high or urgent, or takes the mark off; the thread says who; the inbox shows it live,
 * filters by it and lists the most urgent first; the API exports it; viewers read; another team's
 * conversation is a 404.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function inbox() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const agent = await createMember(app.services, team, 'agent', { current: true });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const repo = conversationRepository(app.services.db, team.id);
  const open = async (text: string, minutesAgo: number) => {
    const { conversation } = await createConversation(app.services, channel, { text });
    await repo.update(conversation.id, { lastMessageAt: new Date(Date.now() - minutesAgo * 60_000) });
    return conversation;
  };
  return { owner, agent, viewer, team, repo, open };
}

const at = (id: number) => `/conversations/${id}`;

describe('priority', () => {
  it('is marked and taken off by whoever answers, with a line in the thread, and heard live', async () => {
    const { agent, team, repo, open } = await inbox();
    const conversation = await open('Paket saya hilang!', 1);
    const session = await signedIn(app.app, agent);
    const before = app.broadcasts.length;
    expectRedirect(
      await session.send('put', `${at(conversation.id)}/priority`, { priority: 'urgent' }),
      at(conversation.id),
    );
    expect((await repo.find(conversation.id))?.priority).toBe('urgent');
    const changed = app.broadcasts
      .slice(before)
      .find((b) => b.event === 'App\\Events\\ConversationChanged' && b.channels[0] === `private-teams.${team.id}`);
    expect(changed?.data).toMatchObject({
      action: 'priority',
      conversation: { id: conversation.id, priority: 'urgent' },
    });
    const shown = expectPage(await session.visit(at(conversation.id)), 'Conversations/Show');
    expect(shown.props.conversation).toMatchObject({ priority: 'urgent' });

    // The same mark again changes nothing and writes no second line.
    expectRedirect(
      await session.send('put', `${at(conversation.id)}/priority`, { priority: 'urgent' }),
      at(conversation.id),
    );
    expectRedirect(await session.send('put', `${at(conversation.id)}/priority`, { priority: '' }), at(conversation.id));
    expect((await repo.find(conversation.id))?.priority).toBeNull();
    const lines = (await repo.messages(conversation.id, { limit: 10 })).filter((m) => m.sender === 'system');
    expect(lines.map((m) => m.text)).toEqual([
      `Priority set to Urgent by ${agent.name}.`,
      `Priority removed by ${agent.name}.`,
    ]);
  });

  it('filters the inbox and puts the most urgent first, latest activity among equals', async () => {
    const { owner, repo, open } = await inbox();
    const low = await open('low', 1);
    const none = await open('none', 2);
    const urgentOld = await open('urgent old', 30);
    const urgentNew = await open('urgent new', 3);
    const high = await open('high', 10);
    await repo.update(low.id, { priority: 'low' });
    await repo.update(urgentOld.id, { priority: 'urgent' });
    await repo.update(urgentNew.id, { priority: 'urgent' });
    await repo.update(high.id, { priority: 'high' });
    const session = await signedIn(app.app, owner);
    const list = async (query: string) => {
      const page = expectPage(await session.visit(`/conversations?${query}`), 'Conversations/Index');
      return {
        ids: (page.props.conversations as { data: { id: number; priority: string | null }[] }).data.map((c) => c.id),
        filters: page.props.filters as Record<string, unknown>,
      };
    };
    expect((await list('state=open')).ids).toEqual([low.id, none.id, urgentNew.id, high.id, urgentOld.id]);
    const urgentFirst = await list('state=open&sort=priority');
    expect(urgentFirst.ids).toEqual([urgentNew.id, urgentOld.id, high.id, low.id, none.id]);
    expect(urgentFirst.filters).toMatchObject({ sort: 'priority', priority: '' });
    const urgent = await list('priority=urgent');
    expect(urgent.ids).toEqual([urgentNew.id, urgentOld.id]);
    expect(urgent.filters).toMatchObject({ priority: 'urgent', sort: '' });
    // A value the inbox does not know is no filter and no order, as with the other filters.
    const unknown = await list('priority=critical&sort=random');
    expect(unknown.ids).toHaveLength(5);
    expect(unknown.filters).toMatchObject({ priority: '', sort: '' });
  });

  it('refuses a priority it does not know, and changes nothing', async () => {
    const { agent, repo, open } = await inbox();
    const conversation = await open('Halo', 1);
    const session = await signedIn(app.app, agent);
    for (const priority of ['critical', 3, 'URGENT', true]) {
      const res = await session.send(
        'put',
        `${at(conversation.id)}/priority`,
        { priority },
        { Referer: at(conversation.id) },
      );
      expect(res.status).toBe(303);
      expect(expectPage(await session.visit(at(conversation.id)), 'Conversations/Show').props.errors).toEqual({
        priority: 'The priority must be one of low, medium, high or urgent.',
      });
    }
    expect((await repo.find(conversation.id))?.priority).toBeNull();
  });

  it("is for whoever answers: a viewer gets a 403, another team's conversation is a 404", async () => {
    const { viewer, repo, open } = await inbox();
    const conversation = await open('Halo', 1);
    const watching = await signedIn(app.app, viewer);
    expect((await watching.send('put', `${at(conversation.id)}/priority`, { priority: 'high' })).status).toBe(403);
    const stranger = await signedIn(app.app, (await createOwnedTeam(app.services, { current: true })).owner);
    expect((await stranger.send('put', `${at(conversation.id)}/priority`, { priority: 'high' })).status).toBe(404);
    expect((await repo.find(conversation.id))?.priority).toBeNull();
  });

  it('is in the API export, and filters it', async () => {
    const { owner, team, repo, open } = await inbox();
    const marked = await open('Marked', 1);
    await open('Unmarked', 2);
    await repo.update(marked.id, { priority: 'medium' });
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read'] });
    const get = (query: string) =>
      request(app.app)
        .get(`/api/conversations${query}`)
        .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' });
    const all = (await get('')).body as { data: { id: number; priority: string | null }[] };
    expect(all.data.map((c) => c.priority).sort()).toEqual(['medium', null]);
    expect(((await get('?priority=medium')).body as { data: { id: number }[] }).data.map((c) => c.id)).toEqual([
      marked.id,
    ]);
    const refused = await get('?priority=critical');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ priority: ['The priority must be one of low, medium, high or urgent.'] });
  });
});
