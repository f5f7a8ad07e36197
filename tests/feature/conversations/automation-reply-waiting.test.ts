import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { notificationRepository } from '../../../server/db/repositories/notification-repository';
import { queueForPerson } from '../../../server/domain/conversations/queue';
import { runWaitingRules } from '../../../server/domain/automations/run';

/**
 * Rules on a customer left waiting for a person's reply (trigger reply_waiting, the workers' minute
 * sweep), as help desks' reply-time targets: a conversation with a person whose customer has waited
 * the rule's minutes (since the handoff for the first reply, since their first unanswered message
 * for the next) is escalated (made urgent, noted, given from its teammate to another, whose bell
 * rings), once a wait however often the sweep runs and however often the customer writes meanwhile;
 * a note is no reply; a customer answered, a snoozed conversation and one still waiting to be taken
 * are left alone; the customer's next wait is another.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const minutes = (n: number) => n * 60_000;
const ago = (n: number) => new Date(Date.now() - minutes(n));

async function helpDesk() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const owned = await signedIn(app.app, owner);
  const budi = await createMember(app.services, team, 'agent', { current: true, name: 'Budi' });
  const ayu = await createMember(app.services, team, 'agent', { current: true, name: 'Ayu' });
  const { bot } = await createPublishedBot(app.services, team.id);
  const web = await createChannel(app.services, team.id, { type: 'web', botId: bot.id, name: 'Website' });
  const repo = conversationRepository(app.services.db, team.id);
  /** A conversation handed to a person `handedAgo` minutes ago and taken by `assignee`. */
  const withPerson = async (handedAgo: number, assignee: { id: number }) => {
    const { conversation } = await createConversation(app.services, web, { text: 'Pesanan saya belum sampai' });
    await queueForPerson(app.services, conversation, 'user_request');
    return (await repo.update(conversation.id, {
      state: 'human',
      assigneeId: assignee.id,
      handoffAt: ago(handedAgo),
    }))!;
  };
  const customerWrites = (conversation: { id: number }, at: Date, text = 'Halo? Masih ada orang?') =>
    repo.insertMessage({
      conversationId: conversation.id,
      channelId: web.id,
      direction: 'inbound',
      sender: 'contact',
      kind: 'text',
      text,
      status: 'received',
      createdAt: at,
    });
  const personWrites = (
    conversation: { id: number },
    person: { id: number },
    at: Date,
    kind: 'text' | 'note' = 'text',
  ) =>
    repo.insertMessage({
      conversationId: conversation.id,
      channelId: web.id,
      direction: 'outbound',
      sender: 'agent',
      senderUserId: person.id,
      kind,
      text: kind === 'note' ? 'Cek resi dulu' : 'Baik Kak, saya cek dulu ya.',
      status: 'sent',
      createdAt: at,
    });
  const ruleLines = async (id: number) =>
    (await repo.messages(id, { limit: 30 }))
      .filter((m) => m.sender === 'system' && m.text.startsWith('Rule'))
      .map((m) => m.text);
  return { owned, team, budi, ayu, web, repo, withPerson, customerWrites, personWrites, ruleLines };
}

describe('rules on a customer left waiting for a reply', () => {
  it('escalate a conversation whose customer waited the minutes for a person, once a wait', async () => {
    const { owned, budi, ayu, web, repo, withPerson, customerWrites, personWrites, ruleLines } = await helpDesk();
    expectRedirect(
      await owned.send('post', '/conversations/automations', {
        name: 'Belum dibalas 30 menit',
        trigger: 'reply_waiting',
        conditions: [{ type: 'waited', minutes: 30 }],
        actions: [
          { type: 'set_priority', priority: 'high' },
          { type: 'add_note', text: 'Pelanggan menunggu balasan lebih dari 30 menit.' },
          { type: 'assign', user_id: ayu.id },
        ],
      }),
      '/conversations/automations',
    );

    // Taken 40 minutes after the handoff by Budi, who wrote only a note: no reply yet.
    const unanswered = await withPerson(40, budi);
    await personWrites(unanswered, budi, ago(20), 'note');
    // Budi replied, and the customer has not written since.
    const answered = await withPerson(40, budi);
    await personWrites(answered, budi, ago(35));
    // Ayu replied long ago; the customer wrote 20 and 5 minutes ago: waiting since the first.
    const followUp = await withPerson(60, ayu);
    await personWrites(followUp, ayu, ago(55));
    await customerWrites(followUp, ago(20));
    await customerWrites(followUp, ago(5), 'Kak?');
    // Snoozed until tomorrow's shift.
    const snoozed = await withPerson(90, budi);
    await repo.update(snoozed.id, { snoozedUntil: new Date(Date.now() + minutes(600)) });
    // Still waiting to be taken: the other trigger's.
    const { conversation: queued } = await createConversation(app.services, web);
    await queueForPerson(app.services, queued, 'user_request');
    await repo.update(queued.id, { handoffAt: ago(45) });

    expect(await runWaitingRules(app.services)).toBe(1);
    expect(await repo.find(unanswered.id)).toMatchObject({ state: 'human', assigneeId: ayu.id, priority: 'high' });
    expect(await ruleLines(unanswered.id)).toEqual([
      'Rule “Belum dibalas 30 menit”: set the priority to High, added a note and assigned it to Ayu.',
    ]);
    const [bell] = (await notificationRepository(app.services.db, ayu.id).page(1, 20)).rows;
    expect(bell.data).toMatchObject({
      message: expect.stringMatching(/^An automation rule assigned conversation #\d+/),
    });
    for (const untouched of [answered, followUp, snoozed]) {
      expect(await repo.find(untouched.id)).toMatchObject({ state: 'human', priority: null });
    }
    expect(await repo.find(queued.id)).toMatchObject({ state: 'queued', priority: null });

    // Eleven minutes on, the follow-up has waited 31 minutes: already Ayu's, so it is marked and noted.
    expect(await runWaitingRules(app.services, new Date(Date.now() + minutes(11)))).toBe(1);
    expect(await repo.find(followUp.id)).toMatchObject({ assigneeId: ayu.id, priority: 'high' });
    expect(await ruleLines(followUp.id)).toEqual([
      'Rule “Belum dibalas 30 menit”: set the priority to High and added a note.',
    ]);

    // The same wait, however often the sweep runs or the customer writes: nothing more.
    await repo.update(followUp.id, { priority: null });
    await customerWrites(followUp, new Date(), 'Halo??');
    expect(await runWaitingRules(app.services, new Date(Date.now() + minutes(40)))).toBe(0);
    expect((await repo.find(followUp.id))?.priority).toBeNull();

    // Answered, then a new question: a new wait, escalated once it too has lasted 30 minutes.
    await personWrites(followUp, ayu, new Date());
    await customerWrites(followUp, new Date(), 'Satu lagi, bisa ganti alamat?');
    expect(await runWaitingRules(app.services, new Date(Date.now() + minutes(20)))).toBe(0);
    expect(await runWaitingRules(app.services, new Date(Date.now() + minutes(31)))).toBe(1);
    expect(await ruleLines(followUp.id)).toHaveLength(2);

    const page = expectPage(await owned.visit('/conversations/automations'), 'Conversations/Automations');
    expect(page.props.rules).toMatchObject([{ name: 'Belum dibalas 30 menit', trigger: 'reply_waiting', runs: 3 }]);
  });

  it('send the customer a message of the rule, which is no reply: the wait goes on', async () => {
    const { owned, team, budi, web, repo, withPerson, customerWrites, personWrites, ruleLines } = await helpDesk();
    const rule = (body: Record<string, unknown>) =>
      owned.send('post', '/conversations/automations', { trigger: 'reply_waiting', ...body });
    expectRedirect(
      await rule({
        name: 'Kabari pelanggan',
        conditions: [{ type: 'waited', minutes: 10 }],
        actions: [
          {
            type: 'send_message',
            text: 'Mohon maaf menunggu, Kak {{contact.first_name | Pelanggan}}. Tim kami segera membalas percakapan #{{conversation.number}}.',
          },
        ],
      }),
      '/conversations/automations',
    );
    expectRedirect(
      await rule({
        name: 'Eskalasi 30 menit',
        conditions: [{ type: 'waited', minutes: 30 }],
        actions: [{ type: 'set_priority', priority: 'urgent' }],
      }),
      '/conversations/automations',
    );
    // Budi answered; the customer's next question has waited 15 minutes.
    const waiting = await withPerson(60, budi);
    await personWrites(waiting, budi, ago(50));
    await customerWrites(waiting, ago(15), 'Kak, jadi bisa dikirim hari ini?');
    await repo.setContactDetails(waiting.contactId, { name: 'Rina Wijaya' });

    expect(await runWaitingRules(app.services)).toBe(1);
    await app.services.jobs.drain();
    const thread = await repo.messages(waiting.id, { limit: 30 });
    const sent = thread.filter((message) => message.sender === 'bot');
    expect(sent.map((message) => [message.text, message.status])).toEqual([
      [`Mohon maaf menunggu, Kak Rina. Tim kami segera membalas percakapan #${waiting.number}.`, 'sent'],
    ]);
    expect(await ruleLines(waiting.id)).toEqual(['Rule “Kabari pelanggan”: sent the customer a message.']);

    // Twenty minutes on, the customer has waited 35 minutes for a person: the rule's message was no reply.
    expect(await runWaitingRules(app.services, new Date(Date.now() + minutes(20)))).toBe(1);
    expect((await repo.find(waiting.id))?.priority).toBe('urgent');
    expect(team.id).toBe(waiting.teamId);
    expect(web.id).toBe(waiting.channelId);
  });

  it("say so in the thread when WhatsApp's 24-hour window has closed or the channel is paused, and send nothing", async () => {
    const { owned, team, budi, repo, ruleLines } = await helpDesk();
    const whatsapp = await createChannel(app.services, team.id, { type: 'whatsapp', name: 'WhatsApp' });
    expectRedirect(
      await owned.send('post', '/conversations/automations', {
        name: 'Kabari pelanggan',
        trigger: 'reply_waiting',
        conditions: [{ type: 'waited', minutes: 60 }],
        actions: [{ type: 'send_message', text: 'Mohon maaf menunggu.' }],
      }),
      '/conversations/automations',
    );
    const { conversation } = await createConversation(app.services, whatsapp);
    await queueForPerson(app.services, conversation, 'user_request');
    await repo.update(conversation.id, {
      state: 'human',
      assigneeId: budi.id,
      handoffAt: ago(25 * 60),
      lastInboundAt: ago(25 * 60),
    });
    expect(await runWaitingRules(app.services)).toBe(1);
    expect(await ruleLines(conversation.id)).toEqual([
      "Rule “Kabari pelanggan”: could not send its message: WhatsApp's 24-hour window is closed.",
    ]);
    expect((await repo.messages(conversation.id, { limit: 30 })).some((m) => m.sender === 'bot')).toBe(false);

    // A paused channel says nothing on its own either.
    const paused = await createChannel(app.services, team.id, { type: 'telegram', name: 'Telegram', status: 'paused' });
    const { conversation: quiet } = await createConversation(app.services, paused);
    await queueForPerson(app.services, quiet, 'user_request');
    await repo.update(quiet.id, { state: 'human', assigneeId: budi.id, handoffAt: ago(90) });
    expect(await runWaitingRules(app.services)).toBe(1);
    expect(await ruleLines(quiet.id)).toEqual([
      'Rule “Kabari pelanggan”: did not send its message: the channel is paused.',
    ]);
    expect((await repo.messages(quiet.id, { limit: 30 })).some((m) => m.sender === 'bot')).toBe(false);
  });

  it('must say how long the customer waits, and write a message the rule can send', async () => {
    const { owned } = await helpDesk();
    const page = '/conversations/automations';
    expectRedirect(
      await owned.send(
        'post',
        page,
        { name: 'x', trigger: 'reply_waiting', actions: [{ type: 'set_priority', priority: 'high' }] },
        { Referer: page, 'X-Inertia-Error-Bag': 'createAutomation' },
      ),
      page,
    );
    expect(expectPage(await owned.visit(page), 'Conversations/Automations').props.errors).toEqual({
      createAutomation: {
        conditions: 'Say how long a customer waits for a reply before the rule acts: add “Waited at least”.',
      },
    });
    // A message's variables are Kawan's or the team's fields'; a customer's message is the bot's to answer.
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        {
          name: 'x',
          trigger: 'reply_waiting',
          conditions: [{ type: 'waited', minutes: 10 }],
          actions: [{ type: 'send_message', text: 'Halo {{contact.nama}}' }],
        },
        {
          'actions.0.text': expect.stringMatching(
            /^\{\{contact\.nama\}\} is not a variable\. Use \{\{contact\.name\}\}/,
          ),
        },
      ],
      [
        {
          name: 'x',
          trigger: 'customer_message',
          actions: [{ type: 'send_message', text: 'Halo' }],
        },
        { 'actions.0.type': '“Send the customer a message” cannot be done when a customer writes.' },
      ],
      [
        {
          name: 'x',
          trigger: 'reply_waiting',
          conditions: [{ type: 'waited', minutes: 10 }],
          actions: [{ type: 'send_message', text: '  ' }],
        },
        { 'actions.0.text': 'The text field is required.' },
      ],
    ];
    for (const [body, errors] of cases) {
      expectRedirect(
        await owned.send('post', page, body, { Referer: page, 'X-Inertia-Error-Bag': 'createAutomation' }),
        page,
      );
      expect(expectPage(await owned.visit(page), 'Conversations/Automations').props.errors).toEqual({
        createAutomation: errors,
      });
    }
  });
});
