import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { queueForPerson } from '../../../server/domain/conversations/queue';
import { runWaitingRules } from '../../../server/domain/automations/run';
import { teams } from '../../../server/db/schema/index';

/**
 * Rules on a missed reply target (trigger reply_target_missed, the workers' minute sweep): a
 * customer handed to a person whose wait has passed the team's target for the reply they wait for
 * (the first reply's from the handoff, waiting to be taken or with a person who has not written;
 * the next reply's from their first message no reply answered) is escalated, once a wait; a wait
 * within its target, a reply without a target, a snoozed conversation and a team without targets
 * are left alone; the rule needs no "Waited at least" and takes none.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const minutes = (n: number) => n * 60_000;
const ago = (n: number) => new Date(Date.now() - minutes(n));

async function helpDesk(targets: { first: number | null; next: number | null }) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  await app.services.db
    .update(teams)
    .set({ firstReplyTargetMinutes: targets.first, nextReplyTargetMinutes: targets.next })
    .where(eq(teams.id, team.id));
  const owned = await signedIn(app.app, owner);
  const budi = await createMember(app.services, team, 'agent', { current: true, name: 'Budi' });
  const { bot } = await createPublishedBot(app.services, team.id);
  const web = await createChannel(app.services, team.id, { type: 'web', botId: bot.id, name: 'Website' });
  const repo = conversationRepository(app.services.db, team.id);
  /** Handed to a person `handedAgo` minutes ago; with Budi when `taken`. */
  const handed = async (handedAgo: number, taken = false) => {
    const { conversation } = await createConversation(app.services, web, { text: 'Pesanan saya belum sampai' });
    await queueForPerson(app.services, conversation, 'user_request');
    return (await repo.update(conversation.id, {
      handoffAt: ago(handedAgo),
      ...(taken ? { state: 'human' as const, assigneeId: budi.id } : {}),
    }))!;
  };
  const write = (conversation: { id: number }, at: Date, from: 'contact' | 'agent') =>
    repo.insertMessage({
      conversationId: conversation.id,
      channelId: web.id,
      direction: from === 'contact' ? 'inbound' : 'outbound',
      sender: from,
      senderUserId: from === 'agent' ? budi.id : null,
      kind: 'text',
      text: from === 'contact' ? 'Halo? Masih ada orang?' : 'Baik Kak, saya cek dulu ya.',
      status: from === 'contact' ? 'received' : 'sent',
      createdAt: at,
    });
  const priorityOf = async (conversation: { id: number }) => (await repo.find(conversation.id))?.priority ?? null;
  const rule = () =>
    owned.send('post', '/conversations/automations', {
      name: 'Lewat target balasan',
      trigger: 'reply_target_missed',
      conditions: [],
      actions: [
        { type: 'set_priority', priority: 'urgent' },
        { type: 'add_note', text: 'Lewat target balasan: balas sekarang.' },
      ],
    });
  return { owned, repo, handed, write, priorityOf, rule };
}

describe('rules on a missed reply target', () => {
  it("escalate each wait past the team's target for its reply, first or next, once a wait", async () => {
    const { owned, repo, handed, write, priorityOf, rule } = await helpDesk({ first: 15, next: 30 });
    expectRedirect(await rule(), '/conversations/automations');

    const queuedLate = await handed(20); // waiting to be taken 20 minutes: past the first reply's 15
    const queuedEarly = await handed(10);
    const takenSilent = await handed(18, true); // taken, nobody has written: still the first reply's wait
    const nextLate = await handed(90, true); // answered, then the customer wrote 35 minutes ago
    await write(nextLate, ago(80), 'agent');
    await write(nextLate, ago(35), 'contact');
    await write(nextLate, ago(10), 'contact');
    const nextEarly = await handed(90, true); // answered; the customer wrote 20 minutes ago
    await write(nextEarly, ago(80), 'agent');
    await write(nextEarly, ago(20), 'contact');
    const answered = await handed(90, true);
    await write(answered, ago(80), 'agent');
    const snoozed = await handed(60);
    await repo.update(snoozed.id, { snoozedUntil: new Date(Date.now() + minutes(600)) });

    expect(await runWaitingRules(app.services)).toBe(3);
    for (const late of [queuedLate, takenSilent, nextLate]) expect(await priorityOf(late)).toBe('urgent');
    for (const fine of [queuedEarly, nextEarly, answered, snoozed]) expect(await priorityOf(fine)).toBeNull();
    const lines = (await repo.messages(nextLate.id, { limit: 30 })).filter((m) => m.sender === 'system');
    expect(lines.map((m) => m.text)).toContain(
      'Rule “Lewat target balasan”: set the priority to Urgent and added a note.',
    );

    // The same waits, however often the sweep runs: nothing more. Eleven minutes on, the next
    // reply's wait of 31 minutes and the first reply's of 21 have passed theirs too.
    expect(await runWaitingRules(app.services)).toBe(0);
    expect(await runWaitingRules(app.services, new Date(Date.now() + minutes(11)))).toBe(2);
    expect([await priorityOf(queuedEarly), await priorityOf(nextEarly)]).toEqual(['urgent', 'urgent']);

    // Answered, then a new message: a new wait, escalated once past the next reply's target.
    await repo.update(nextLate.id, { priority: null });
    await write(nextLate, new Date(), 'agent');
    await write(nextLate, new Date(), 'contact');
    expect(await runWaitingRules(app.services, new Date(Date.now() + minutes(29)))).toBe(0);
    expect(await runWaitingRules(app.services, new Date(Date.now() + minutes(31)))).toBe(1);
    expect(await priorityOf(nextLate)).toBe('urgent');

    const page = expectPage(await owned.visit('/conversations/automations'), 'Conversations/Automations');
    expect(page.props.rules).toMatchObject([{ name: 'Lewat target balasan', trigger: 'reply_target_missed', runs: 6 }]);
  });

  it('leave a reply without a target alone, and do nothing for a team without targets', async () => {
    const onlyFirst = await helpDesk({ first: 10, next: null });
    expectRedirect(await onlyFirst.rule(), '/conversations/automations');
    const first = await onlyFirst.handed(30);
    const next = await onlyFirst.handed(120, true);
    await onlyFirst.write(next, ago(110), 'agent');
    await onlyFirst.write(next, ago(100), 'contact');
    expect(await runWaitingRules(app.services)).toBe(1);
    expect([await onlyFirst.priorityOf(first), await onlyFirst.priorityOf(next)]).toEqual(['urgent', null]);

    const none = await helpDesk({ first: null, next: null });
    expectRedirect(await none.rule(), '/conversations/automations');
    const waiting = await none.handed(600);
    expect(await runWaitingRules(app.services)).toBe(0);
    expect(await none.priorityOf(waiting)).toBeNull();
  });

  it('take no "Waited at least": the target is the wait', async () => {
    const { owned } = await helpDesk({ first: 15, next: 30 });
    await owned.send(
      'post',
      '/conversations/automations',
      {
        name: 'Dua kali',
        trigger: 'reply_target_missed',
        conditions: [{ type: 'waited', minutes: 10 }],
        actions: [{ type: 'set_priority', priority: 'high' }],
      },
      { Referer: '/conversations/automations' },
    );
    const page = expectPage(await owned.visit('/conversations/automations'), 'Conversations/Automations');
    expect(page.props.errors).toEqual({
      createAutomation: { 'conditions.0.type': '“Waited at least” cannot be checked when a reply target is missed.' },
    });
    expect(page.props.rules).toEqual([]);
  });
});
