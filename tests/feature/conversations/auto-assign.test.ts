import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect, fromTeamPage, teamPage } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { teams } from '../../../server/db/schema/index';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { notificationRepository } from '../../../server/db/repositories/notification-repository';
import { queueForPerson } from '../../../server/domain/conversations/queue';
import { conversationAssignedType, conversationQueuedType } from '../../../server/domain/conversations/notifications';
import { userChannel } from '../../../server/domain/notifications/channels';

/**
 * Automatic assignment (Teams/Show, teams.assignment.update): owners and admins turn it on; then a
 * conversation handed to a person goes at once to an online member who takes conversations, the
 * one with the fewest in hand, whose bell alone rings; with nobody online it waits as before. A
 * teammate given a conversation by hand hears of it too.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function cafe(autoAssign: boolean) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const agent = await createMember(app.services, team, 'agent', { current: true });
  const editor = await createMember(app.services, team, 'editor', { current: true });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  await app.services.db.update(teams).set({ autoAssign }).where(eq(teams.id, team.id));
  const { bot } = await createPublishedBot(app.services, team.id);
  const channel = await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
  const repo = conversationRepository(app.services.db, team.id);
  const handOver = async (text = 'Saya mau bicara dengan orang') => {
    const { conversation } = await createConversation(app.services, channel, { text });
    return (await queueForPerson(app.services, conversation, 'user_request'))!;
  };
  const online = (...userIds: number[]) => app.presence.set(`presence-teams.${team.id}`, userIds.map(String));
  const bell = async (userId: number) => (await notificationRepository(app.services.db, userId).page(1, 20)).rows;
  return { owner, agent, editor, viewer, team, repo, handOver, online, bell };
}

describe('automatic assignment', () => {
  it('gives a handed-over conversation to the online member with the fewest in hand, and rings only their bell', async () => {
    const { owner, agent, editor, viewer, repo, handOver, online, bell } = await cafe(true);
    // The viewer is online too, but does not take conversations; the owner is not online.
    online(agent.id, editor.id, viewer.id);

    const first = await handOver();
    expect(first).toMatchObject({ state: 'human', assigneeId: agent.id, handoffReason: 'user_request' });
    const lines = (await repo.messages(first.id, { limit: 10 })).filter((m) => m.sender === 'system');
    expect(lines.map((m) => m.text)).toEqual([
      'Waiting for a person: the customer asked for one.',
      `Assigned to ${agent.name} automatically.`,
    ]);
    const [assigned] = await bell(agent.id);
    expect(assigned).toMatchObject({ type: conversationAssignedType });
    expect(assigned.data).toMatchObject({
      message: `Conversation #${first.number} was assigned to you: the customer asked for one.`,
      url: app.services.route('conversations.show', { conversation: first.id }),
      conversation_id: first.id,
    });
    expect(
      app.broadcasts.some(
        (b) => b.channels.includes(userChannel(agent.id)) && b.data.type === conversationAssignedType,
      ),
    ).toBe(true);
    // Nobody else is asked to take it, and the inbox hears it assigned, not waiting.
    for (const other of [owner, editor, viewer]) expect(await bell(other.id)).toEqual([]);
    const told = app.broadcasts.filter(
      (b) => b.event === 'App\\Events\\ConversationChanged' && (b.data.conversation as { id: number }).id === first.id,
    );
    expect(told.map((b) => b.data.action)).toEqual(['assigned']);

    // The next goes to the editor, who has none; then the agent and the editor have one each: the lower id.
    const second = await handOver();
    expect(second.assigneeId).toBe(editor.id);
    const third = await handOver();
    expect(third.assigneeId).toBe(Math.min(agent.id, editor.id));
    // A snoozed conversation is not counted as in hand.
    await repo.update(third.id, { snoozedUntil: new Date(Date.now() + 60 * 60 * 1000) });
    const fourth = await handOver();
    expect(fourth.assigneeId).toBe(Math.min(agent.id, editor.id));
  });

  it("gives none past the team's limit of conversations in hand, and waits when everyone is there", async () => {
    const { team: t, agent, editor, handOver, online } = await cafe(true);
    await app.services.db.update(teams).set({ autoAssignLimit: 1 }).where(eq(teams.id, t.id));
    online(agent.id, editor.id);
    const first = await handOver();
    const second = await handOver();
    expect(new Set([first.assigneeId, second.assigneeId])).toEqual(new Set([agent.id, editor.id]));
    const third = await handOver();
    expect(third).toMatchObject({ state: 'queued', assigneeId: null });
  });

  it('leaves it waiting for everyone when nobody who takes conversations is online', async () => {
    const { owner, agent, viewer, handOver, online, bell } = await cafe(true);
    online(viewer.id);
    const waiting = await handOver();
    expect(waiting).toMatchObject({ state: 'queued', assigneeId: null });
    for (const user of [owner, agent])
      expect((await bell(user.id)).map((n) => n.type)).toEqual([conversationQueuedType]);
  });

  it('does nothing while the team has it off (the default)', async () => {
    const { owner, agent, handOver, online } = await cafe(false);
    online(owner.id, agent.id);
    expect((await handOver()).state).toBe('queued');
    const { team } = await createOwnedTeam(app.services);
    expect((await app.services.db.select().from(teams).where(eq(teams.id, team.id)))[0].autoAssign).toBe(false);
  });

  it('is turned on and off by owners and admins on the team page; others get a 403, a bad value a 422', async () => {
    const { owner, team, agent } = await cafe(false);
    const admin = await createMember(app.services, team, 'admin');
    const stored = async () => (await app.services.db.select().from(teams).where(eq(teams.id, team.id)))[0].autoAssign;

    const asOwner = await signedIn(app.app, owner);
    expect((await teamPage(asOwner, team.id)).team.auto_assign).toBe(false);
    expectRedirect(
      await fromTeamPage(asOwner, team.id).put(
        `/teams/${team.id}/assignment`,
        { auto_assign: true },
        'updateTeamAssignment',
      ),
      `/teams/${team.id}`,
    );
    expect(await stored()).toBe(true);
    expect((await teamPage(asOwner, team.id)).team).toMatchObject({ auto_assign: true, auto_assign_limit: null });
    expectRedirect(
      await fromTeamPage(asOwner, team.id).put(`/teams/${team.id}/assignment`, {
        auto_assign: true,
        auto_assign_limit: '5',
      }),
      `/teams/${team.id}`,
    );
    expect((await teamPage(asOwner, team.id)).team).toMatchObject({ auto_assign: true, auto_assign_limit: 5 });
    for (const limit of [0, 101, 2.5, 'x']) {
      await fromTeamPage(asOwner, team.id).put(
        `/teams/${team.id}/assignment`,
        { auto_assign: true, auto_assign_limit: limit },
        'updateTeamAssignment',
      );
      expect((await teamPage(asOwner, team.id)).page.props.errors).toEqual({
        updateTeamAssignment: { auto_assign_limit: 'The limit must be a whole number between 1 and 100.' },
      });
    }
    expect((await teamPage(asOwner, team.id)).team.auto_assign_limit).toBe(5);

    const asAdmin = await signedIn(app.app, admin);
    expectRedirect(
      await fromTeamPage(asAdmin, team.id).put(`/teams/${team.id}/assignment`, { auto_assign: false }),
      `/teams/${team.id}`,
    );
    expect(await stored()).toBe(false);

    for (const value of ['yes', null, 1, undefined]) {
      await fromTeamPage(asAdmin, team.id).put(
        `/teams/${team.id}/assignment`,
        { auto_assign: value },
        'updateTeamAssignment',
      );
      expect((await teamPage(asAdmin, team.id)).page.props.errors).toEqual({
        updateTeamAssignment: { auto_assign: 'The auto assign field must be true or false.' },
      });
    }
    expect(await stored()).toBe(false);

    const asAgent = await signedIn(app.app, agent);
    expect(
      (await fromTeamPage(asAgent, team.id).put(`/teams/${team.id}/assignment`, { auto_assign: true })).status,
    ).toBe(403);
    const stranger = await signedIn(app.app, (await createOwnedTeam(app.services)).owner);
    expect((await stranger.send('put', `/teams/${team.id}/assignment`, { auto_assign: true })).status).toBe(404);
    expect(await stored()).toBe(false);
  });
});

describe('assignment by hand', () => {
  it("rings the bell of the teammate given the conversation, and nobody's when one takes it oneself", async () => {
    const { owner, agent, handOver, bell } = await cafe(false);
    const conversation = await handOver();
    const asOwner = await signedIn(app.app, owner);
    expectRedirect(
      await asOwner.send('post', `/conversations/${conversation.id}/assign`, { user_id: agent.id }),
      `/conversations/${conversation.id}`,
    );
    const given = (await bell(agent.id)).find((n) => n.type === conversationAssignedType);
    expect(given?.data.message).toBe(`${owner.name} assigned conversation #${conversation.number} to you.`);

    const asAgent = await signedIn(app.app, agent);
    const before = (await bell(owner.id)).length;
    expectRedirect(
      await asAgent.send('post', `/conversations/${conversation.id}/assign`, { user_id: agent.id }),
      `/conversations/${conversation.id}`,
    );
    expectRedirect(
      await asAgent.send('post', `/conversations/${conversation.id}/assign`, { user_id: null }),
      `/conversations/${conversation.id}`,
    );
    expect((await bell(owner.id)).length).toBe(before);
    expect((await bell(agent.id)).filter((n) => n.type === conversationAssignedType)).toHaveLength(1);
  });
});
