import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createChannel } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import {
  automationRuns,
  contactFields,
  contacts,
  conversationLabels,
  conversations,
  teams,
} from '../../../server/db/schema/index';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { notificationRepository } from '../../../server/db/repositories/notification-repository';
import { conversationAssignedType } from '../../../server/domain/conversations/notifications';
import type { SessionResponse } from '../../../server/channels/web/protocol';
import { signatureHeader } from '../../../server/channels/webhook/signature';

/**
 * Automation rules acting on conversations: a website visitor's complaint is marked urgent,
 * labelled, noted and handed to a person by the team's rule instead of answered by the bot (the
 * visitor hears the bot's handoff message); a rule's first-message and contact-field conditions;
 * a handoff given by a rule to the teammate it names, ahead of automatic assignment; turned-off
 * rules and other teams' rules do nothing; what each rule did is in the thread and on the page.
 */
const site = 'https://shop.example.com';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(() => app.close());

async function shop() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const owned = await signedIn(app.app, owner);
  const { bot } = await createPublishedBot(app.services, team.id, { name: 'Asisten Toko' });
  const channel = await createChannel(app.services, team.id, {
    type: 'web',
    botId: bot.id,
    name: 'Website',
    settings: { allowedDomains: ['shop.example.com'] },
  });
  const label = async (name: string) =>
    (await app.services.db.insert(conversationLabels).values({ teamId: team.id, name }).returning())[0];
  const rule = async (body: Record<string, unknown>) => {
    const res = await owned.send('post', '/conversations/automations', body);
    expect(res.status, JSON.stringify(pageErrors(await owned.visit('/conversations/automations')))).toBe(303);
  };
  const call = (path: string, token?: string) => {
    const req = request(app.app)
      .post(`/widget/${channel.publicKey}/${path}`)
      .set({ Origin: site, Accept: 'application/json' });
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const visitor = async () => {
    const res = await call('session').send({});
    expect(res.status, res.text).toBe(200);
    const session = res.body as SessionResponse;
    const say = async (text: string) => {
      const sent = await call('messages', session.token).send({ text, clientId: randomUUID() });
      expect(sent.status, sent.text).toBe(202);
      await app.services.jobs.drain();
    };
    return { session, say };
  };
  const repo = conversationRepository(app.services.db, team.id);
  const latest = async () =>
    (
      await app.services.db
        .select()
        .from(conversations)
        .where(eq(conversations.teamId, team.id))
        .orderBy(conversations.id)
    ).at(-1)!;
  const thread = async (id: number) =>
    (await repo.messages(id, { limit: 50 })).map((m) => [m.sender, m.kind, m.text] as const);
  return { owner, owned, team, bot, channel, label, rule, call, visitor, repo, latest, thread };
}

const pageErrors = (res: { body: { props?: { errors?: unknown } } }) => res.body.props?.errors;

describe('automation rules at work', () => {
  it("hand a customer's complaint to a person, marked and noted, instead of the bot answering it", async () => {
    const { owned, channel, label, rule, visitor, latest, thread, call } = await shop();
    const keluhan = await label('Keluhan');
    await rule({
      name: 'Keluhan',
      trigger: 'customer_message',
      conditions: [
        { type: 'message_contains', words: ['komplain', 'refund'] },
        { type: 'channel', channel_ids: [channel.id] },
      ],
      actions: [
        { type: 'set_priority', priority: 'urgent' },
        { type: 'add_labels', label_ids: [keluhan.id] },
        { type: 'add_note', text: 'Minta foto pesanan dan nomor order.' },
        { type: 'hand_off' },
      ],
    });
    const { session, say } = await visitor();
    // A question that names none of the words: the bot answers, nothing is marked.
    await say('Jam berapa buka?');
    const asked = await latest();
    expect(asked).toMatchObject({ state: 'bot', priority: null, labelIds: [] });

    // At a word's start, whatever its case: "Komplainnya".
    const heard = app.broadcasts.length;
    await say('Saya mau Komplainnya soal pesanan kemarin, kopinya tumpah');
    const handed = await latest();
    expect(handed.id).toBe(asked.id);
    expect(handed).toMatchObject({
      state: 'queued',
      handoffReason: 'rule',
      priority: 'urgent',
      labelIds: [keluhan.id],
    });
    const lines = await thread(handed.id);
    const from = lines.findIndex(([, , text]) => text.startsWith('Saya mau Komplainnya'));
    expect(lines.slice(from + 1)).toEqual([
      [
        'system',
        'event',
        'Rule “Keluhan”: set the priority to Urgent, added the label Keluhan, added a note and handed the conversation to a person.',
      ],
      ['system', 'note', 'Minta foto pesanan dan nomor order.'],
      ['bot', 'text', 'Baik, saya sambungkan ke tim kami. Mohon tunggu sebentar.'],
      ['system', 'event', 'Waiting for a person: an automation rule asked for one.'],
    ]);
    // An open conversation hears them live in the thread's order: the message, then what the rule did.
    const live = app.broadcasts
      .slice(heard)
      .filter(
        (b) => b.event === 'App\\Events\\MessageCreated' && b.channels.includes(`private-conversations.${handed.id}`),
      )
      .map((b) => (b.data.message as { text: string }).text);
    expect(live.slice(0, 3)).toEqual([
      'Saya mau Komplainnya soal pesanan kemarin, kopinya tumpah',
      lines[from + 1][2],
      'Minta foto pesanan dan nomor order.',
    ]);
    // The visitor's history (a reload) has the bot's handoff message, never the rule's line or its note.
    const reload = await call('session').send({ visitorId: session.visitorId });
    expect(reload.status, reload.text).toBe(200);
    const seen = JSON.stringify((reload.body as SessionResponse).messages);
    expect(seen).toContain('Baik, saya sambungkan ke tim kami.');
    expect(seen).not.toContain('Minta foto pesanan');
    expect(seen).not.toContain('Rule “Keluhan”');

    // The inbox shows why; the page counts the run and lists it with its conversation.
    const show = expectPage(await owned.visit(`/conversations/${handed.id}`), 'Conversations/Show');
    expect(show.props.conversation).toMatchObject({ handoff_reason: 'rule', priority: 'urgent' });
    const automations = expectPage(await owned.visit('/conversations/automations'), 'Conversations/Automations');
    expect(automations.props.rules).toMatchObject([{ name: 'Keluhan', runs: 1, last_run_at: expect.any(String) }]);
    expect(automations.props.recent_runs).toMatchObject([
      {
        rule_name: 'Keluhan',
        conversation: { id: handed.id, number: handed.number },
        summary:
          'Set the priority to Urgent, added the label Keluhan, added a note and handed the conversation to a person.',
      },
    ]);

    // While it waits for a person the bot says nothing; the rule still notes, but has nothing more to mark.
    await say('refund dong');
    const after = await thread(handed.id);
    expect(after.slice(-2)).toEqual([
      ['system', 'event', 'Rule “Keluhan”: added a note.'],
      ['system', 'note', 'Minta foto pesanan dan nomor order.'],
    ]);
    expect(await latest()).toMatchObject({ state: 'queued', priority: 'urgent', labelIds: [keluhan.id] });
  });

  it('hand the conversation to a person when the matching message is followed by another before the bot answers', async () => {
    const { rule, call, visitor, latest, thread } = await shop();
    await rule({
      name: 'Keluhan',
      trigger: 'customer_message',
      conditions: [{ type: 'message_contains', words: ['komplain'] }],
      actions: [{ type: 'hand_off' }],
    });
    const { session } = await visitor();
    // Two messages in a row, the second naming none of the words: the bot answers them together,
    // and the rule's "handed the conversation to a person" stays true.
    for (const text of ['Mau komplain pesanan saya', 'Nomor ordernya 1234 ya kak']) {
      const sent = await call('messages', session.token).send({ text, clientId: randomUUID() });
      expect(sent.status, sent.text).toBe(202);
    }
    await app.services.jobs.drain();
    const handed = await latest();
    expect(handed).toMatchObject({ state: 'queued', handoffReason: 'rule' });
    const lines = await thread(handed.id);
    expect(lines.filter(([sender]) => sender !== 'contact')).toEqual([
      ['system', 'event', 'Rule “Keluhan”: handed the conversation to a person.'],
      ['bot', 'text', 'Baik, saya sambungkan ke tim kami. Mohon tunggu sebentar.'],
      ['system', 'event', 'Waiting for a person: an automation rule asked for one.'],
    ]);
  });

  it("mark a new conversation and a member by their contact's fields; a turned-off rule and another team's do nothing", async () => {
    const { team, label, rule, visitor, latest, repo, thread } = await shop();
    const baru = await label('Baru');
    const vip = await label('VIP');
    await app.services.db.insert(contactFields).values([
      { teamId: team.id, key: 'member_tier', label: 'Member tier', type: 'list', options: ['Silver', 'Gold'] },
      { teamId: team.id, key: 'poin', label: 'Poin', type: 'number' },
    ]);
    await rule({
      name: 'Percakapan baru',
      trigger: 'customer_message',
      conditions: [{ type: 'first_message' }],
      actions: [{ type: 'add_labels', label_ids: [baru.id] }],
    });
    await rule({
      name: 'Gold',
      trigger: 'customer_message',
      conditions: [
        { type: 'contact_field', key: 'member_tier', operator: 'is', value: 'GOLD' },
        { type: 'contact_field', key: 'poin', operator: 'at_least', value: '1.000' },
      ],
      actions: [
        { type: 'add_labels', label_ids: [vip.id] },
        { type: 'set_priority', priority: 'high' },
      ],
    });
    await rule({
      name: 'Off',
      trigger: 'customer_message',
      enabled: false,
      actions: [{ type: 'set_priority', priority: 'low' }],
    });
    // Another team's rule that would match everything.
    const other = await shop();
    await other.rule({
      name: 'Theirs',
      trigger: 'customer_message',
      actions: [{ type: 'set_priority', priority: 'low' }],
    });

    const { say } = await visitor();
    await say('Halo kak');
    const conversation = await latest();
    expect(conversation).toMatchObject({ labelIds: [baru.id], priority: null });
    // Now the shop knows her: Gold with 1.250 points; a later message (not the first) gets VIP only.
    await app.services.db
      .update(contacts)
      .set({ attributes: { member_tier: 'Gold', poin: 1250 } })
      .where(eq(contacts.id, conversation.contactId));
    await say('Poin saya bisa dipakai?');
    expect(await latest()).toMatchObject({ id: conversation.id, labelIds: [baru.id, vip.id], priority: 'high' });
    expect((await thread(conversation.id)).filter(([sender]) => sender === 'system').map(([, , text]) => text)).toEqual(
      [
        'Rule “Percakapan baru”: added the label Baru.',
        'Rule “Gold”: added the label VIP and set the priority to High.',
      ],
    );
    // Points below the bound: not a match.
    await app.services.db
      .update(contacts)
      .set({ attributes: { member_tier: 'Gold', poin: 999 } })
      .where(eq(contacts.id, conversation.contactId));
    await repo.update(conversation.id, { priority: null });
    await say('Masih bisa?');
    expect((await latest()).priority).toBeNull();
    const runs = await app.services.db.select().from(automationRuns).where(eq(automationRuns.teamId, team.id));
    expect(runs.map((run) => run.ruleName).sort()).toEqual(['Gold', 'Percakapan baru']);
  });

  it('give a waiting conversation to the teammate a rule names, ahead of automatic assignment, and ring their bell', async () => {
    const { team, owner, rule, call, visitor, latest, thread } = await shop();
    const budi = await createMember(app.services, team, 'agent', { current: true, name: 'Budi' });
    const ayu = await createMember(app.services, team, 'agent', { current: true, name: 'Ayu' });
    await app.services.db.update(teams).set({ autoAssign: true }).where(eq(teams.id, team.id));
    app.presence.set(`presence-teams.${team.id}`, [String(ayu.id), String(owner.id)]);
    await rule({
      name: 'Permintaan ke Budi',
      trigger: 'conversation_queued',
      conditions: [{ type: 'handoff_reason', reasons: ['user_request', 'offline'] }],
      actions: [
        { type: 'assign', user_id: budi.id },
        { type: 'set_priority', priority: 'medium' },
      ],
    });
    const { session, say } = await visitor();
    await say('Halo');
    expect((await call('handoff', session.token).send({})).status).toBe(202);
    await app.services.jobs.drain();
    const conversation = await latest();
    // Budi is offline, yet the rule names him; Ayu, online, is passed by.
    expect(conversation).toMatchObject({
      state: 'human',
      assigneeId: budi.id,
      priority: 'medium',
      handoffReason: 'user_request',
    });
    const system = (await thread(conversation.id)).filter(([sender]) => sender === 'system').map(([, , text]) => text);
    expect(system).toEqual([
      'Waiting for a person: the customer asked for one.',
      'Rule “Permintaan ke Budi”: assigned it to Budi and set the priority to Medium.',
    ]);
    const [bell] = (await notificationRepository(app.services.db, budi.id).page(1, 20)).rows;
    expect(bell).toMatchObject({ type: conversationAssignedType });
    expect((await notificationRepository(app.services.db, ayu.id).page(1, 20)).rows).toEqual([]);
  });

  it("read the fields the team's system sends with a message, and run a people-only channel's handoff rules once", async () => {
    const { team, owned, label, latest, thread } = await shop();
    const budi = await createMember(app.services, team, 'agent', { current: true, name: 'Budi' });
    const vip = await label('VIP');
    await app.services.db
      .insert(contactFields)
      .values({ teamId: team.id, key: 'member_tier', label: 'Member tier', type: 'list', options: ['Silver', 'Gold'] });
    // The shop's own app, answered by people only (no bot).
    const secret = 'whsec_rules_test';
    const api = await createChannel(app.services, team.id, {
      type: 'webhook',
      name: 'App',
      secrets: { signingSecret: secret },
    });
    const expectCreated = async (res: { status: number; body: { props?: { errors?: unknown } } }) =>
      expect(res.status, JSON.stringify((await owned.visit('/conversations/automations')).body.props?.errors)).toBe(
        303,
      );
    await expectCreated(
      await owned.send('post', '/conversations/automations', {
        name: 'Gold',
        trigger: 'customer_message',
        conditions: [{ type: 'contact_field', key: 'member_tier', operator: 'is', value: 'Gold' }],
        actions: [{ type: 'add_labels', label_ids: [vip.id] }],
      }),
    );
    await expectCreated(
      await owned.send('post', '/conversations/automations', {
        name: 'App ke Budi',
        trigger: 'conversation_queued',
        conditions: [{ type: 'channel', channel_ids: [api.id] }],
        actions: [{ type: 'assign', user_id: budi.id }],
      }),
    );
    const body = JSON.stringify({
      message: {
        id: 'm-1',
        text: 'Pesanan saya kapan dikirim?',
        user: { id: 'cust-7', name: 'Rina', attributes: { member_tier: 'gold' } },
      },
    });
    const deliver = () =>
      request(app.app)
        .post(`/webhooks/custom/${api.publicKey}`)
        .set({
          'Content-Type': 'application/json',
          'X-Kawan-Signature': signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
        })
        .send(body);
    expect((await deliver()).status).toBe(200);
    await app.services.jobs.drain();
    // Delivered again by the team's system: nothing runs twice.
    expect((await deliver()).status).toBe(200);
    await app.services.jobs.drain();

    const conversation = await latest();
    expect(conversation).toMatchObject({ channelId: api.id, state: 'human', assigneeId: budi.id, labelIds: [vip.id] });
    expect((await thread(conversation.id)).filter(([sender]) => sender === 'system').map(([, , text]) => text)).toEqual(
      ['Rule “Gold”: added the label VIP.', 'Rule “App ke Budi”: assigned it to Budi.'],
    );
    const [bell] = (await notificationRepository(app.services.db, budi.id).page(1, 20)).rows;
    expect(bell.data).toMatchObject({
      message: `An automation rule assigned conversation #${conversation.number} with Rina to you.`,
    });
    expect(await app.services.db.select().from(automationRuns).where(eq(automationRuns.teamId, team.id))).toHaveLength(
      2,
    );
  });
});
