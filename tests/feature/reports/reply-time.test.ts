import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { ago, settle } from '../../helpers/reports';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createApiToken } from '../../factories/api-tokens';
import { conversations, messages, teams } from '../../../server/db/schema/index';
import type { UserRow } from '../../../server/db/repositories/user-repository';
import { rebuildTeam } from '../../../server/reports/rollup';

/**
 * "Reply time (human)": for every reply of a person that ended a customer's wait, how long the
 * customer had waited, as the inbox counts a wait: since the handoff for the first reply after it,
 * else since the customer's first message no reply had answered. A second reply before the
 * customer writes, a note and a broadcast's copy end no wait; a hand-back ends the handoff's. The
 * team's figure (from the rollups), an agent's (from the raw rows), the CSV and the API agree.
 */
let app: TestApp;
let owner: UserRow;
let ayu: UserRow;
let budi: UserRow;
let teamId: number;

const MINUTE = 60_000;

beforeAll(async () => {
  app = await createTestApp();
  const { services } = app;
  const created = await createOwnedTeam(services, { current: true, owner: { name: 'Dewi Santoso' } });
  owner = created.owner;
  teamId = created.team.id;
  ayu = await createMember(services, created.team, 'agent', { current: true, name: 'Ayu Lestari' });
  budi = await createMember(services, created.team, 'agent', { current: true, name: 'Budi Hartono' });
  const { bot } = await createPublishedBot(services, teamId);
  const web = await createChannel(services, teamId, { type: 'web', botId: bot.id });

  /** A conversation two days ago, and what happens in it at minutes after its start. */
  const timeline = async () => {
    const start = ago(2);
    const { conversation } = await createConversation(services, web, { text: 'Pesanan saya belum sampai' });
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    await services.db.update(messages).set({ createdAt: start }).where(eq(messages.conversationId, conversation.id));
    await services.db.update(conversations).set({ createdAt: start }).where(eq(conversations.id, conversation.id));
    const write = (minutes: number, values: Partial<typeof messages.$inferInsert>) =>
      services.db.insert(messages).values({
        teamId,
        conversationId: conversation.id,
        channelId: web.id,
        direction: 'outbound',
        kind: 'text',
        text: 'Baik Kak.',
        status: 'sent',
        sender: 'agent',
        createdAt: at(minutes),
        ...values,
      });
    const state = (minutes: number, values: Partial<typeof conversations.$inferInsert>) =>
      services.db
        .update(conversations)
        .set({ ...values, updatedAt: at(minutes) })
        .where(eq(conversations.id, conversation.id));
    return {
      customer: (minutes: number) => write(minutes, { direction: 'inbound', sender: 'contact', status: 'received' }),
      person: (minutes: number, user: UserRow, values: Partial<typeof messages.$inferInsert> = {}) =>
        write(minutes, { senderUserId: user.id, ...values }),
      bot: (minutes: number) =>
        write(minutes, {
          sender: 'bot',
          ai: {
            kind: 'answer',
            model: 'extractive',
            version: 1,
            promptTokens: 0,
            completionTokens: 0,
            estimated: true,
            latencyMs: 5,
            costUsd: null,
            citations: [],
          },
        }),
      line: (minutes: number) =>
        write(minutes, { sender: 'system', kind: 'event', text: 'Ayu joined the conversation.' }),
      state,
      at,
    };
  };

  const one = await timeline();
  await one.bot(1);
  await one.state(2, { state: 'queued', handoffReason: 'user_request', handoffAt: one.at(2) });
  await one.state(3, { state: 'human', assigneeId: ayu.id });
  await one.person(4, ayu, { kind: 'note', text: 'Cek resi dulu' }); // a note is no reply
  await one.person(7, ayu); // the first reply: 5 minutes after the handoff
  await one.state(7, { firstHumanReplyAt: one.at(7) });
  await one.person(8, ayu); // again before the customer wrote: no wait
  await one.customer(10);
  await one.customer(11);
  await one.person(13, ayu); // 3 minutes after the first unanswered message
  await one.line(14); // the thread's line is nobody's reply
  await one.customer(20);
  await one.person(30, budi); // 10 minutes, by Budi
  // Handed back to the bot, which answers; then a teammate takes it up without a new handoff.
  await one.state(31, { state: 'bot', assigneeId: null, handoffAt: null, handoffReason: null });
  await one.customer(40);
  await one.bot(40.1);
  await one.customer(41);
  await one.state(42, { state: 'human', assigneeId: ayu.id });
  await one.person(45, ayu); // 4 minutes after the message the bot had not answered, not since the old handoff
  // A second handoff: the next reply counts from it.
  await one.state(50, { state: 'bot', assigneeId: null });
  await one.state(60, { state: 'queued', handoffReason: 'keyword', handoffAt: one.at(60) });
  await one.state(61, { state: 'human', assigneeId: budi.id });
  await one.person(80, budi); // 20 minutes after the second handoff

  // Handed over, taken, handed back before anyone wrote; later taken up without a new handoff.
  const two = await timeline();
  await two.bot(1);
  await two.state(2, { state: 'queued', handoffReason: 'user_request', handoffAt: two.at(2) });
  await two.state(3, { state: 'human', assigneeId: budi.id });
  await two.state(5, { state: 'bot', assigneeId: null, handoffAt: null, handoffReason: null });
  await two.customer(9);
  await two.bot(9.1);
  await two.customer(12);
  await two.state(13, { state: 'human', assigneeId: ayu.id });
  await two.person(15, ayu); // 3 minutes after the message nobody had answered, not 13 since the undone handoff

  // Targets: the first reply within 5 minutes, each next within 5.
  await services.db
    .update(teams)
    .set({ firstReplyTargetMinutes: 5, nextReplyTargetMinutes: 5 })
    .where(eq(teams.id, teamId));
  await rebuildTeam(services.db, teamId);
  await settle(services);
});
afterAll(() => app.close());

describe('reply time (human)', () => {
  it('times each reply that ended a wait, as the team and by person, on the page, in the CSVs and the API', async () => {
    const session = await signedIn(app.app, owner);
    const page = expectPage(await session.visit('/reports'), 'Reports/Index');
    const metrics = (page.props.summary as { metrics: Record<string, unknown> }).metrics;
    // 3, 3, 4, 5, 10 and 20 minutes: six waits ended (of seven replies); the median and the 90th
    // percentile as the histograms give them, within their buckets (3–5 and 15–20 minutes).
    expect(metrics.human_replies).toBe(7);
    expect(metrics.human_reply_time).toEqual({ median: 240, p90: 1020, count: 6 });

    const byBot = await session.agent.get('/reports/export/bots');
    expect(byBot.status).toBe(200);
    const [header, row] = byBot.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header.split(',');
    const cell = (name: string) => Number(row.split(',')[columns.indexOf(name)]);
    expect([cell('human_reply_time_median_s'), cell('human_reply_time_p90_s')]).toEqual([240, 1020]);

    const { plainText } = await createApiToken(app.services, owner, { teamId, abilities: ['read'] });
    const api = await request(app.app)
      .get('/api/reports/summary')
      .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' });
    expect(api.status).toBe(200);
    expect(api.body.metrics.human_reply_time).toEqual({ median: 240, p90: 1020, count: 6 });
  });

  it("counts the replies within the team's target for them, and counts again when the targets change", async () => {
    const session = await signedIn(app.app, owner);
    const metrics = async () =>
      (
        expectPage(await session.visit('/reports'), 'Reports/Index').props.summary as {
          metrics: Record<string, unknown>;
        }
      ).metrics;
    // First replies: 5 min (on target), 20 min (late), 3 min (on target); next: 3, 4 (on target), 10 (late).
    expect(await metrics()).toMatchObject({ reply_target_rate: 0.6667, reply_target_checked: 6 });

    // Only a first-reply target of 30 minutes: the three first replies, all within it.
    const changed = await session.send(
      'put',
      `/teams/${teamId}/reply-targets`,
      { first_reply_minutes: 30, next_reply_minutes: '' },
      { Referer: `/teams/${teamId}` },
    );
    expect(changed.status).toBe(303);
    await app.services.jobs.drain();
    expect(await metrics()).toMatchObject({ reply_target_rate: 1, reply_target_checked: 3 });
  });

  it("gives an agent the figure of the conversations they have, computed as the team's", async () => {
    // Budi has the first conversation: its five waits, whoever answered them (3, 4, 5, 10, 20 minutes).
    const page = expectPage(await (await signedIn(app.app, budi)).visit('/reports'), 'Reports/Index');
    const metrics = (page.props.summary as { metrics: Record<string, unknown> }).metrics;
    expect(metrics.human_reply_time).toEqual({ median: 270, p90: 1050, count: 5 });
  });
});
