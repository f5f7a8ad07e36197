import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { automationRules, automationRuns, conversationLabels } from '../../../server/db/schema/index';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { notificationRepository } from '../../../server/db/repositories/notification-repository';
import { queueForPerson } from '../../../server/domain/conversations/queue';
import { runWaitingRules } from '../../../server/domain/automations/run';

/**
 * Rules on a conversation left waiting for a person (trigger conversation_waiting, the workers'
 * minute sweep): once it has waited the rule's minutes it is escalated (labelled, made urgent,
 * noted, given to a teammate, whose bell rings), once per handoff however often the sweep runs;
 * one waiting less, snoozed, or taken meanwhile is left alone; a rule whose other conditions do
 * not hold is checked once; a new handoff starts the clock again. The rule must say how long.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const minutes = (n: number) => n * 60_000;

async function helpDesk() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const owned = await signedIn(app.app, owner);
  const ayu = await createMember(app.services, team, 'agent', { current: true, name: 'Ayu' });
  const { bot } = await createPublishedBot(app.services, team.id);
  const web = await createChannel(app.services, team.id, { type: 'web', botId: bot.id, name: 'Website' });
  const whatsapp = await createChannel(app.services, team.id, { type: 'whatsapp', botId: bot.id, name: 'WhatsApp' });
  const [lama] = await app.services.db
    .insert(conversationLabels)
    .values({ teamId: team.id, name: 'Menunggu lama', color: 'amber' })
    .returning();
  const repo = conversationRepository(app.services.db, team.id);
  /** A conversation handed to a person `ago` ms before `now`. */
  const waiting = async (channel = web, ago = minutes(20)) => {
    const { conversation } = await createConversation(app.services, channel, { text: 'Halo, tolong dibantu' });
    await queueForPerson(app.services, conversation, 'user_request');
    return (await repo.update(conversation.id, { handoffAt: new Date(Date.now() - ago) }))!;
  };
  const lines = async (id: number) =>
    (await repo.messages(id, { limit: 30 })).filter((m) => m.sender === 'system').map((m) => [m.kind, m.text]);
  return { owner, owned, team, ayu, web, whatsapp, lama, repo, waiting, lines };
}

describe('rules on a conversation left waiting', () => {
  it('escalate it once it has waited the minutes, once per handoff, and ring the teammate given it', async () => {
    const { owned, team, ayu, web, lama, repo, waiting, lines } = await helpDesk();
    expectRedirect(
      await owned.send('post', '/conversations/automations', {
        name: 'Menunggu 15 menit',
        trigger: 'conversation_waiting',
        conditions: [
          { type: 'waited', minutes: '15' },
          { type: 'channel', channel_ids: [web.id] },
        ],
        actions: [
          { type: 'set_priority', priority: 'urgent' },
          { type: 'add_labels', label_ids: [lama.id] },
          { type: 'add_note', text: 'Sudah menunggu lebih dari 15 menit.' },
          { type: 'assign', user_id: ayu.id },
        ],
      }),
      '/conversations/automations',
    );
    const [rule] = await app.services.db.select().from(automationRules).where(eq(automationRules.teamId, team.id));
    expect(rule.conditions[0]).toEqual({ type: 'waited', minutes: 15 });

    const long = await waiting(web, minutes(20));
    const short = await waiting(web, minutes(5));
    const snoozed = await waiting(web, minutes(30));
    await repo.update(snoozed.id, { snoozedUntil: new Date(Date.now() + minutes(60)) });

    expect(await runWaitingRules(app.services)).toBe(1);
    expect(await repo.find(long.id)).toMatchObject({
      state: 'human',
      assigneeId: ayu.id,
      priority: 'urgent',
      labelIds: [lama.id],
    });
    expect(await lines(long.id)).toEqual([
      ['event', 'Waiting for a person: the customer asked for one.'],
      [
        'event',
        'Rule “Menunggu 15 menit”: set the priority to Urgent, added the label Menunggu lama, added a note and assigned it to Ayu.',
      ],
      ['note', 'Sudah menunggu lebih dari 15 menit.'],
    ]);
    const [bell] = (await notificationRepository(app.services.db, ayu.id).page(1, 20)).rows;
    expect(bell.data).toMatchObject({
      message: expect.stringMatching(/^An automation rule assigned conversation #\d+/),
    });
    // The inbox heard it given to Ayu.
    expect(
      app.broadcasts.some(
        (b) =>
          b.event === 'App\\Events\\ConversationChanged' &&
          (b.data as { action: string; conversation: { id: number } }).action === 'assigned' &&
          (b.data as { conversation: { id: number } }).conversation.id === long.id,
      ),
    ).toBe(true);
    for (const untouched of [short, snoozed]) {
      expect(await repo.find(untouched.id)).toMatchObject({ state: 'queued', priority: null, labelIds: [] });
    }

    // Again and again: nothing more, even for a conversation put back in the queue by hand.
    await repo.update(long.id, { state: 'queued', assigneeId: null, priority: null });
    expect(await runWaitingRules(app.services)).toBe(0);
    expect(await runWaitingRules(app.services, new Date(Date.now() + minutes(15)))).toBe(1); // `short`, now 20 minutes
    expect(await repo.find(long.id)).toMatchObject({ priority: null });

    // A new handoff (a minute from now) starts the clock again: 16 minutes after it, it acts again.
    await repo.update(long.id, { handoffAt: new Date(Date.now() + minutes(1)) });
    expect(await runWaitingRules(app.services, new Date(Date.now() + minutes(17)))).toBe(1);
    expect((await repo.find(long.id))?.priority).toBe('urgent');

    // The page counts what it did.
    const page = expectPage(await owned.visit('/conversations/automations'), 'Conversations/Automations');
    expect(page.props.rules).toMatchObject([{ name: 'Menunggu 15 menit', runs: 3 }]);
    expect((page.props.recent_runs as unknown[]).length).toBe(3);
  });

  it('check a conversation whose other conditions do not hold once, and leave it be', async () => {
    const { owned, team, whatsapp, waiting, repo } = await helpDesk();
    expectRedirect(
      await owned.send('post', '/conversations/automations', {
        name: 'WhatsApp saja',
        trigger: 'conversation_waiting',
        conditions: [
          { type: 'waited', minutes: 10 },
          { type: 'channel', channel_ids: [whatsapp.id] },
        ],
        actions: [{ type: 'set_priority', priority: 'high' }],
      }),
      '/conversations/automations',
    );
    const web = await waiting(undefined, minutes(30));
    expect(await runWaitingRules(app.services)).toBe(0);
    expect(await runWaitingRules(app.services)).toBe(0);
    const checked = await app.services.db.select().from(automationRuns).where(eq(automationRuns.teamId, team.id));
    // One silent check, not counted as acting and not in the page's activity.
    expect(checked.map((run) => [run.conversationId, run.summary])).toEqual([[web.id, '']]);
    const page = expectPage(await owned.visit('/conversations/automations'), 'Conversations/Automations');
    expect(page.props.rules).toMatchObject([{ runs: 0, last_run_at: null }]);
    expect(page.props.recent_runs).toEqual([]);
    expect((await repo.find(web.id))?.priority).toBeNull();
  });

  it('must say how long, once, and only for this trigger', async () => {
    const { owned } = await helpDesk();
    const page = '/conversations/automations';
    const headers = { Referer: page, 'X-Inertia-Error-Bag': 'createAutomation' };
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { name: 'x', trigger: 'conversation_waiting', actions: [{ type: 'set_priority', priority: 'high' }] },
        { conditions: 'Say how long a conversation waits before the rule acts: add “Waited at least”.' },
      ],
      [
        {
          name: 'x',
          trigger: 'conversation_waiting',
          conditions: [{ type: 'waited', minutes: 0 }],
          actions: [{ type: 'set_priority', priority: 'high' }],
        },
        { 'conditions.0.minutes': 'Wait between 1 minute and 7 days (10080 minutes).' },
      ],
      [
        {
          name: 'x',
          trigger: 'conversation_waiting',
          conditions: [
            { type: 'waited', minutes: 5 },
            { type: 'waited', minutes: 10 },
          ],
          actions: [{ type: 'set_priority', priority: 'high' }],
        },
        { conditions: '“Waited at least” and the first-message condition can each be added once.' },
      ],
      [
        {
          name: 'x',
          trigger: 'conversation_queued',
          conditions: [{ type: 'waited', minutes: 5 }],
          actions: [{ type: 'set_priority', priority: 'high' }],
        },
        { 'conditions.0.type': '“Waited at least” cannot be checked when a conversation is handed to a person.' },
      ],
      [
        {
          name: 'x',
          trigger: 'conversation_waiting',
          conditions: [{ type: 'waited', minutes: 5 }],
          actions: [{ type: 'hand_off' }],
        },
        { 'actions.0.type': '“Hand to a person” cannot be done when a conversation has waited for a person.' },
      ],
    ];
    for (const [body, errors] of cases) {
      expectRedirect(await owned.send('post', page, body, headers), page);
      expect(expectPage(await owned.visit(page), 'Conversations/Automations').props.errors).toEqual({
        createAutomation: errors,
      });
    }
  });
});
