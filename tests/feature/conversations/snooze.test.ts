import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository, conversationWriter } from '../../../server/db/repositories/conversation-repository';
import { notificationRepository } from '../../../server/db/repositories/notification-repository';
import { queueForPerson } from '../../../server/domain/conversations/queue';
import { conversationQueuedType } from '../../../server/domain/conversations/notifications';
import { conversationUnsnoozedType, wakeSnoozedConversations } from '../../../server/domain/conversations/snooze';
import { resolveIdleConversations } from '../../../server/domain/conversations/idle';
import { createApiToken } from '../../factories/api-tokens';

/**
 * Snoozing (conversations.snooze, conversations.unsnooze): whoever answers conversations puts one
 * with a person, or waiting for one, out of the working tabs until a time; it comes back by itself
 * then (the workers' sweep: a line, the top of the inbox, the bell), or at once when the customer
 * writes; resolving or handing back ends it; idle resolution leaves it alone; viewers read;
 * another team's conversation is a 404.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { CONVERSATION_IDLE_RESOLVE_HOURS: '24' } });
});
afterAll(() => app.close());

const hour = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

async function waiting() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const agent = await createMember(app.services, team, 'agent', { current: true });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const { bot } = await createPublishedBot(app.services, team.id);
  const channel = await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
  const { conversation } = await createConversation(app.services, channel, { text: 'Refund saya belum masuk' });
  await queueForPerson(app.services, conversation, 'user_request');
  const repo = conversationRepository(app.services.db, team.id);
  const lines = async () =>
    (await repo.messages(conversation.id, { limit: 20 })).filter((m) => m.sender === 'system').map((m) => m.text);
  return { owner, agent, viewer, team, channel, conversation, repo, lines };
}

const url = (id: number, action = '') => `/conversations/${id}${action}`;

/** The errors the conversation's page shows after a refused change. */
async function errorsAt(session: Awaited<ReturnType<typeof signedIn>>, id: number) {
  return expectPage(await session.visit(url(id)), 'Conversations/Show').props.errors;
}

const latestNotifications = async (userId: number) =>
  (await notificationRepository(app.services.db, userId).page(1, 20)).rows;

async function inbox(session: Awaited<ReturnType<typeof signedIn>>, state: string) {
  const page = expectPage(await session.visit(`/conversations?state=${state}`), 'Conversations/Index');
  return {
    ids: (page.props.conversations as { data: { id: number }[] }).data.map((c) => c.id),
    counts: page.props.counts as Record<string, number>,
  };
}

describe('snoozing a conversation', () => {
  it('takes it out of the working tabs until its time, then the sweep brings it back to the top with the bell', async () => {
    const { agent, team, conversation, repo, lines } = await waiting();
    const session = await signedIn(app.app, agent);
    const taken = await session.send('post', url(conversation.id, '/assign'), { user_id: agent.id });
    expectRedirect(taken, url(conversation.id));

    const until = inHours(3);
    const before = app.broadcasts.length;
    expectRedirect(await session.send('post', url(conversation.id, '/snooze'), { until }), url(conversation.id));
    const row = await repo.find(conversation.id);
    expect(row?.snoozedUntil?.toISOString()).toBe(until);
    expect(row?.state).toBe('human');
    expect(await lines()).toContain(`Snoozed by ${agent.name}.`);
    const changed = app.broadcasts
      .slice(before)
      .find((b) => b.event === 'App\\Events\\ConversationChanged' && b.channels[0] === `private-teams.${team.id}`);
    expect(changed?.data).toMatchObject({
      action: 'snoozed',
      conversation: { id: conversation.id, snoozed_until: until },
    });

    // Out of Open, Human and Mine, counted under Snoozed, listed there and under All.
    const open = await inbox(session, 'open');
    expect(open.ids).not.toContain(conversation.id);
    expect(open.counts).toMatchObject({ human: 0, mine: 0, queued: 0, snoozed: 1 });
    expect((await inbox(session, 'human')).ids).not.toContain(conversation.id);
    expect((await inbox(session, 'snoozed')).ids).toEqual([conversation.id]);
    expect((await inbox(session, '')).ids).toContain(conversation.id);
    const shown = expectPage(await session.visit(url(conversation.id)), 'Conversations/Show');
    expect(shown.props.conversation).toMatchObject({ snoozed_until: until, state: 'human' });

    // Snoozed again, the time moves; the idle sweep leaves it alone however long it stays quiet.
    const later = inHours(30);
    expectRedirect(await session.send('post', url(conversation.id, '/snooze'), { until: later }), url(conversation.id));
    await repo.update(conversation.id, { lastMessageAt: new Date(Date.now() - 48 * hour) });
    expect(await resolveIdleConversations(app.services)).toBe(0);
    expect((await repo.find(conversation.id))?.state).toBe('human');

    // Nothing is due yet; at its time it is back: its snooze cleared, at the top, a line, the bell.
    expect(await wakeSnoozedConversations(app.services)).toBe(0);
    const wakeAt = new Date(Date.now() + 31 * hour);
    expect(await wakeSnoozedConversations(app.services, wakeAt)).toBe(1);
    const woken = await repo.find(conversation.id);
    expect(woken).toMatchObject({ snoozedUntil: null, state: 'human', lastMessageAt: wakeAt });
    expect((await lines()).at(-1)).toBe('Back from snooze.');
    const [bell] = await latestNotifications(agent.id);
    expect(bell).toMatchObject({ type: conversationUnsnoozedType });
    expect(bell.data).toMatchObject({
      message: `Conversation #${conversation.number} is back from snooze.`,
      url: app.services.route('conversations.show', { conversation: conversation.id }),
      conversation_id: conversation.id,
    });
    expect((await inbox(session, 'open')).counts).toMatchObject({ human: 1, mine: 1, snoozed: 0 });
    // Its idle clock starts again from the wake, and a second sweep finds nothing.
    expect(await resolveIdleConversations(app.services, new Date(wakeAt.getTime() + hour))).toBe(0);
    expect(await wakeSnoozedConversations(app.services, wakeAt)).toBe(0);
  });

  it('ends when the customer writes, and a waiting one rings every agent again when it comes back', async () => {
    const { owner, agent, viewer, conversation, repo } = await waiting();
    const session = await signedIn(app.app, agent);
    expectRedirect(
      await session.send('post', url(conversation.id, '/snooze'), { until: inHours(1) }),
      url(conversation.id),
    );
    expect((await repo.find(conversation.id))?.state).toBe('queued');
    // Its "waiting" notifications are read while it sleeps.
    const unread = async (userId: number) =>
      (await latestNotifications(userId)).filter((n) => n.type === conversationQueuedType && n.readAt === null).length;
    expect(await unread(owner.id)).toBe(0);

    // The customer writes (the pipeline's own statement): back at once.
    await conversationWriter(app.services.db).countInbound(conversation.id, new Date(), 'Halo? Masih ditunggu');
    expect((await repo.find(conversation.id))?.snoozedUntil).toBeNull();
    expect((await inbox(session, 'queued')).ids).toContain(conversation.id);

    expectRedirect(
      await session.send('post', url(conversation.id, '/snooze'), { until: inHours(1) }),
      url(conversation.id),
    );
    expect(await wakeSnoozedConversations(app.services, new Date(Date.now() + 2 * hour))).toBe(1);
    expect(await unread(owner.id)).toBe(1);
    expect(await unread(agent.id)).toBe(1);
    expect(await unread(viewer.id)).toBe(0);
    // Taking it reads them, as with any conversation waiting for a person.
    expectRedirect(
      await session.send('post', url(conversation.id, '/assign'), { user_id: agent.id }),
      url(conversation.id),
    );
    expect(await unread(owner.id)).toBe(0);
  });

  it('ends when the agent says so, or when the conversation is resolved or handed back to the bot', async () => {
    const { agent, conversation, repo, lines } = await waiting();
    const session = await signedIn(app.app, agent);
    const snoozeIt = async () =>
      expectRedirect(
        await session.send('post', url(conversation.id, '/snooze'), { until: inHours(5) }),
        url(conversation.id),
      );

    await snoozeIt();
    expectRedirect(await session.send('post', url(conversation.id, '/unsnooze')), url(conversation.id));
    expect((await repo.find(conversation.id))?.snoozedUntil).toBeNull();
    expect((await lines()).at(-1)).toBe(`Snooze ended by ${agent.name}.`);
    const again = await session.send('post', url(conversation.id, '/unsnooze'), {}, { Referer: url(conversation.id) });
    expect(again.status).toBe(303);
    expect(await errorsAt(session, conversation.id)).toEqual({ until: 'The conversation is not snoozed.' });

    await snoozeIt();
    expectRedirect(await session.send('post', url(conversation.id, '/handback')), url(conversation.id));
    expect(await repo.find(conversation.id)).toMatchObject({ state: 'bot', snoozedUntil: null });

    // A bot's conversation is not snoozed: nobody is handling it.
    const botOwned = await session.send(
      'post',
      url(conversation.id, '/snooze'),
      { until: inHours(5) },
      { Referer: url(conversation.id) },
    );
    expect(botOwned.status).toBe(303);
    expect((await errorsAt(session, conversation.id)).until).toBe(
      'Only a conversation with a person, or waiting for one, can be snoozed: take it over first.',
    );

    expectRedirect(
      await session.send('post', url(conversation.id, '/assign'), { user_id: agent.id }),
      url(conversation.id),
    );
    await snoozeIt();
    expectRedirect(await session.send('post', url(conversation.id, '/resolve')), url(conversation.id));
    expect(await repo.find(conversation.id)).toMatchObject({ state: 'resolved', snoozedUntil: null });
    await session.send(
      'post',
      url(conversation.id, '/snooze'),
      { until: inHours(5) },
      { Referer: url(conversation.id) },
    );
    expect((await errorsAt(session, conversation.id)).until).toBe('A resolved conversation cannot be snoozed.');
  });

  it('refuses a time that is not one, past, too soon or too far, and changes nothing', async () => {
    const { agent, conversation, repo } = await waiting();
    const session = await signedIn(app.app, agent);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Choose when the conversation comes back.'],
      [{ until: '' }, 'Choose when the conversation comes back.'],
      [{ until: 12 }, 'Choose when the conversation comes back.'],
      [{ until: 'tomorrow' }, 'The snooze time is not a valid date and time.'],
      [{ until: '2026-13-45T09:00:00Z' }, 'The snooze time is not a valid date and time.'],
      [{ until: '2026-12-07T09:00' }, 'The snooze time is not a valid date and time.'],
      [{ until: new Date(Date.now() - hour).toISOString() }, 'Choose a time at least a minute from now.'],
      [{ until: new Date(Date.now() + 10_000).toISOString() }, 'Choose a time at least a minute from now.'],
      [{ until: inHours(24 * 91) }, 'A conversation can be snoozed for up to 90 days.'],
      [{ until: 'x'.repeat(5000) }, 'The snooze time is not a valid date and time.'],
    ];
    for (const [body, message] of cases) {
      const res = await session.send('post', url(conversation.id, '/snooze'), body, { Referer: url(conversation.id) });
      expect(res.status, JSON.stringify(body)).toBe(303);
      expect(await errorsAt(session, conversation.id), JSON.stringify(body)).toEqual({ until: message });
    }
    expect((await repo.find(conversation.id))?.snoozedUntil).toBeNull();
    // An offset other than UTC is the same instant.
    const local = new Date(Date.now() + 2 * hour);
    local.setUTCSeconds(0, 0);
    const withOffset = new Date(local.getTime() + 7 * hour).toISOString().slice(0, 16) + ':00+07:00';
    expectRedirect(
      await session.send('post', url(conversation.id, '/snooze'), { until: withOffset }),
      url(conversation.id),
    );
    expect((await repo.find(conversation.id))?.snoozedUntil?.getTime()).toBe(local.getTime());
  });

  it("is for whoever answers conversations: viewers get a 403, another team's conversation is a 404", async () => {
    const { viewer, conversation, repo } = await waiting();
    const watching = await signedIn(app.app, viewer);
    expect((await watching.send('post', url(conversation.id, '/snooze'), { until: inHours(2) })).status).toBe(403);
    expect((await watching.send('post', url(conversation.id, '/unsnooze'))).status).toBe(403);
    const other = await createOwnedTeam(app.services, { current: true });
    const stranger = await signedIn(app.app, other.owner);
    expect((await stranger.send('post', url(conversation.id, '/snooze'), { until: inHours(2) })).status).toBe(404);
    expect((await stranger.send('post', url(conversation.id, '/unsnooze'))).status).toBe(404);
    expect((await repo.find(conversation.id))?.snoozedUntil).toBeNull();
  });

  it('is in the API export: snoozed_until, and the snoozed state filter', async () => {
    const { owner, team, agent, conversation } = await waiting();
    const session = await signedIn(app.app, agent);
    const until = inHours(4);
    expectRedirect(await session.send('post', url(conversation.id, '/snooze'), { until }), url(conversation.id));
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read'] });
    const list = async (state: string) =>
      (
        await request(app.app)
          .get(`/api/conversations?state=${state}`)
          .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' })
      ).body as { data: { id: number; snoozed_until: string | null }[] };
    expect((await list('snoozed')).data).toEqual([
      expect.objectContaining({ id: conversation.id, snoozed_until: until }),
    ]);
    expect((await list('open')).data).toEqual([]);
  });
});
