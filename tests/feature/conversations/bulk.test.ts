import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationLabels } from '../../../server/db/schema/index';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { labelLimits } from '../../../server/domain/conversations/labels';

/**
 * Bulk actions (conversations.bulk): the conversations ticked in the inbox are resolved, assigned,
 * marked a priority or labelled together, each through its own action (its line, its event); those
 * it does not apply to are skipped and counted in the banner; what the action needs is checked first;
 * viewers get a 403; another team's conversations are skipped like gone ones, never changed.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const inbox = '/conversations?state=open';
const fromInbox = { Referer: inbox };

async function team() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const agent = await createMember(app.services, team, 'agent', { current: true });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const repo = conversationRepository(app.services.db, team.id);
  const open = async (count: number) =>
    Promise.all(
      Array.from(
        { length: count },
        async (_, i) => (await createConversation(app.services, channel, { text: `Q${i}` })).conversation,
      ),
    );
  return { owner, agent, viewer, team, channel, repo, open };
}

async function banner(session: Awaited<ReturnType<typeof signedIn>>) {
  const page = expectPage(await session.visit(inbox), 'Conversations/Index');
  return { flash: page.flash as { banner?: string } | undefined, errors: page.props.errors };
}

describe('bulk actions', () => {
  it('resolve the ticked conversations, each with its line, and count those already resolved', async () => {
    const { agent, repo, open } = await team();
    const [a, b, c] = await open(3);
    const session = await signedIn(app.app, agent);
    expectRedirect(await session.send('post', `/conversations/${c.id}/resolve`), `/conversations/${c.id}`);
    const before = app.broadcasts.length;
    const res = await session.send(
      'post',
      '/conversations/bulk',
      { ids: [a.id, b.id, c.id, a.id], action: 'resolve' },
      fromInbox,
    );
    expectRedirect(res, inbox);
    for (const conversation of [a, b]) {
      expect(await repo.find(conversation.id)).toMatchObject({ state: 'resolved', resolvedBy: 'bot' });
      const lines = (await repo.messages(conversation.id, { limit: 5 })).filter((m) => m.sender === 'system');
      expect(lines.map((m) => m.text)).toEqual([`Resolved by ${agent.name}.`]);
    }
    const resolvedEvents = app.broadcasts
      .slice(before)
      .filter((x) => x.event === 'App\\Events\\ConversationChanged' && x.data.action === 'resolved');
    expect(resolvedEvents).toHaveLength(2);
    expect((await banner(session)).flash?.banner).toBe('Resolved 2 conversations; 1 was left as it was.');
  });

  it('assign, mark a priority and add a label, skipping those already so', async () => {
    const { owner, agent, team: t, repo, open } = await team();
    const [a, b] = await open(2);
    const session = await signedIn(app.app, owner);
    expectRedirect(
      await session.send(
        'post',
        '/conversations/bulk',
        { ids: [a.id, b.id], action: 'assign', user_id: agent.id },
        fromInbox,
      ),
      inbox,
    );
    expect((await repo.find(a.id))?.assigneeId).toBe(agent.id);
    expect(await repo.find(b.id)).toMatchObject({ assigneeId: agent.id, state: 'human' });
    expectRedirect(
      await session.send(
        'post',
        '/conversations/bulk',
        { ids: [a.id, b.id], action: 'assign', user_id: agent.id },
        fromInbox,
      ),
      inbox,
    );
    expect((await banner(session)).flash?.banner).toBe('Assigned 0 conversations; 2 were left as they were.');
    expectRedirect(
      await session.send('post', '/conversations/bulk', { ids: [a.id], action: 'assign', user_id: '' }, fromInbox),
      inbox,
    );
    expect((await repo.find(a.id))?.assigneeId).toBeNull();

    expectRedirect(
      await session.send(
        'post',
        '/conversations/bulk',
        { ids: [a.id, b.id], action: 'priority', priority: 'urgent' },
        fromInbox,
      ),
      inbox,
    );
    expect([(await repo.find(a.id))?.priority, (await repo.find(b.id))?.priority]).toEqual(['urgent', 'urgent']);
    expect((await banner(session)).flash?.banner).toBe('Marked 2 conversations.');

    const [label] = await app.services.db
      .insert(conversationLabels)
      .values({ teamId: t.id, name: 'Promo' })
      .returning();
    await repo.update(b.id, { labelIds: [label.id] });
    expectRedirect(
      await session.send(
        'post',
        '/conversations/bulk',
        { ids: [a.id, b.id], action: 'label', label_id: label.id },
        fromInbox,
      ),
      inbox,
    );
    expect((await repo.find(a.id))?.labelIds).toEqual([label.id]);
    expect((await repo.find(b.id))?.labelIds).toEqual([label.id]);
    expect((await banner(session)).flash?.banner).toBe('Labelled 1 conversation; 1 was left as it was.');
  });

  it('refuses what it cannot do before changing anything, with a message per field', async () => {
    const { owner, viewer, repo, open } = await team();
    const [a] = await open(1);
    const other = await createOwnedTeam(app.services);
    const [foreignLabel] = await app.services.db
      .insert(conversationLabels)
      .values({ teamId: other.team.id, name: 'Theirs' })
      .returning();
    const session = await signedIn(app.app, owner);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ action: 'resolve' }, { ids: 'Choose at least one conversation.' }],
      [{ ids: [], action: 'resolve' }, { ids: 'Choose at least one conversation.' }],
      [
        { ids: Array.from({ length: 101 }, (_, i) => i + 1), action: 'resolve' },
        { ids: 'Choose up to 100 conversations at a time.' },
      ],
      [{ ids: ['x'], action: 'resolve' }, { 'ids.0': 'Choose conversations from the list.' }],
      [{ ids: [a.id], action: 'delete' }, { action: 'Choose what to do with the conversations.' }],
      [
        { ids: [a.id], action: 'assign', user_id: viewer.id },
        { user_id: 'The selected person is not a member of this team who handles conversations.' },
      ],
      [
        { ids: [a.id], action: 'assign', user_id: other.owner.id },
        { user_id: 'The selected person is not a member of this team who handles conversations.' },
      ],
      [
        { ids: [a.id], action: 'priority', priority: 'critical' },
        { priority: 'The priority must be one of low, medium, high or urgent.' },
      ],
      [{ ids: [a.id], action: 'label' }, { label_id: 'Choose a label.' }],
      [{ ids: [a.id], action: 'label', label_id: foreignLabel.id }, { label_id: 'The selected label is invalid.' }],
    ];
    for (const [body, errors] of cases) {
      expectRedirect(await session.send('post', '/conversations/bulk', body, fromInbox), inbox);
      expect((await banner(session)).errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await repo.find(a.id)).toMatchObject({ state: 'bot', assigneeId: null, priority: null, labelIds: [] });
  });

  it(`adds no label past ${labelLimits.perConversation} a conversation`, async () => {
    const { owner, team: t, repo, open } = await team();
    const [a] = await open(1);
    const labels = await app.services.db
      .insert(conversationLabels)
      .values(Array.from({ length: labelLimits.perConversation + 1 }, (_, i) => ({ teamId: t.id, name: `L${i}` })))
      .returning();
    const full = labels.slice(0, labelLimits.perConversation).map((label) => label.id);
    await repo.update(a.id, { labelIds: full });
    const session = await signedIn(app.app, owner);
    expectRedirect(
      await session.send(
        'post',
        '/conversations/bulk',
        { ids: [a.id], action: 'label', label_id: labels.at(-1)!.id },
        fromInbox,
      ),
      inbox,
    );
    expect((await repo.find(a.id))?.labelIds).toEqual(full);
  });

  it("is for whoever answers: a viewer gets a 403, and another team's conversations are skipped, never changed", async () => {
    const { viewer, repo, open } = await team();
    const [a] = await open(1);
    const watching = await signedIn(app.app, viewer);
    expect((await watching.send('post', '/conversations/bulk', { ids: [a.id], action: 'resolve' })).status).toBe(403);
    const stranger = await signedIn(app.app, (await createOwnedTeam(app.services, { current: true })).owner);
    expectRedirect(
      await stranger.send('post', '/conversations/bulk', { ids: [a.id], action: 'resolve' }, fromInbox),
      inbox,
    );
    expect((await banner(stranger)).flash?.banner).toBe('Resolved 0 conversations; 1 was left as it was.');
    expect((await repo.find(a.id))?.state).toBe('bot');
  });
});
