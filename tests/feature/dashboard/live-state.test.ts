import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createInvitation, createMember, createOwnedTeam } from '../../factories/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createKnowledgeWithChunk } from '../../factories/knowledge';
import {
  channels as channelsTable,
  contacts,
  conversations,
  creditPackRows,
  knowledgeSources,
  messages,
  teams,
  teamUser,
} from '../../../server/db/schema/index';
import { processDirtyDays } from '../../../server/reports/rollup';
import type { ChannelRow } from '../../../server/db/repositories/channel-repository';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import type { UserRow } from '../../../server/db/repositories/user-repository';
import type { DashboardProps } from '../../../server/presenters/dashboard-presenter';
import { teamPolicy } from '../../../server/domain/teams/team-policy';
import { teamBilling } from '../../../server/billing/period-of-team';
import { givePack, onPlan, setCreditsUsed } from '../../helpers/billing';
import { reserveCredits } from '../../../server/billing/metering';

/**
 * The dashboard's live state, through the real app: the open queue and its longest wait, today's
 * figures from the report rollups against yesterday's, the month's AI credits and the billing
 * period's against the plan's quota, the channels' health, the activity feed with its links, the
 * onboarding steps, and what each role sees. Nothing of another team ever shows.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function dashboardOf(user: { email: string }): Promise<DashboardProps> {
  const client = await signedIn(app.app, user);
  return expectPage(await client.visit('/dashboard'), 'Dashboard').props as unknown as DashboardProps;
}

async function settle() {
  while ((await processDirtyDays(app.services, { limit: 50 })) > 0);
}

async function update(id: number, values: Partial<typeof conversations.$inferInsert>) {
  await app.services.db.update(conversations).set(values).where(eq(conversations.id, id));
}

/** An AI reply in the conversation, written now. */
async function aiReply(channel: ChannelRow, conversationId: number) {
  await app.services.db.insert(messages).values({
    teamId: channel.teamId,
    conversationId,
    channelId: channel.id,
    direction: 'outbound',
    sender: 'bot',
    kind: 'text',
    text: 'Buka pukul 07.00.',
    status: 'sent',
    ai: {
      kind: 'answer',
      model: 'extractive',
      version: 1,
      promptTokens: 10,
      completionTokens: 5,
      estimated: false,
      latencyMs: 3,
      costUsd: null,
      citations: [],
    },
  });
}

/** A team with a published bot on a web channel; `noise` conversations in another team too. */
async function teamWithChannel(name = 'Kopi Senja') {
  const { owner, team } = await createOwnedTeam(app.services, { name, current: true });
  const { bot } = await createPublishedBot(app.services, team.id);
  const channel = await createChannel(app.services, team.id, { type: 'web', botId: bot.id, name: 'Website' });
  return { owner, team, bot, channel };
}

/** Another team, busy: queued and human conversations, a source, a member; none of it may leak. */
async function busyStranger() {
  const stranger = await teamWithChannel('Toko Lain');
  for (const state of ['queued', 'queued', 'human'] as const) {
    const { conversation } = await createConversation(app.services, stranger.channel, { text: 'Rahasia toko lain' });
    await update(conversation.id, { state, handoffAt: ago(3 * 60 * MINUTE), handoffReason: 'keyword' });
    await aiReply(stranger.channel, conversation.id);
  }
  await createKnowledgeWithChunk(app.services, stranger.team.id, { name: 'Rahasia' });
  await createMember(app.services, stranger.team, 'agent', { name: 'Orang Lain' });
  return stranger;
}

describe('the open queue', () => {
  it('counts the conversations waiting for a person and with one, those owing a reply, and the longest current wait', async () => {
    await busyStranger();
    const { owner, channel } = await teamWithChannel();
    const waiting = await createConversation(app.services, channel);
    await update(waiting.conversation.id, { state: 'queued', handoffAt: ago(10 * MINUTE), handoffReason: 'keyword' });
    const recent = await createConversation(app.services, channel);
    await update(recent.conversation.id, { state: 'queued', handoffAt: ago(2 * MINUTE), handoffReason: 'keyword' });
    // Taken an hour ago and answered: nobody owes this customer a reply.
    const taken = await createConversation(app.services, channel);
    await update(taken.conversation.id, { state: 'human', handoffAt: ago(60 * MINUTE), handoffReason: 'keyword' });
    await conversationRepository(app.services.db, taken.conversation.teamId).insertMessage({
      conversationId: taken.conversation.id,
      channelId: channel.id,
      direction: 'outbound',
      sender: 'agent',
      senderUserId: owner.id,
      kind: 'text',
      text: 'Halo, saya bantu ya.',
      status: 'sent',
      createdAt: ago(55 * MINUTE),
    });
    await createConversation(app.services, channel); // still with the bot

    const { queue } = await dashboardOf(owner);
    expect(queue).toMatchObject({ queued: 2, human: 1, awaiting_reply: 0 });
    expect(queue!.longest_wait_seconds).toBeGreaterThanOrEqual(600);
    expect(queue!.longest_wait_seconds).toBeLessThan(630);
    expect(Date.parse(queue!.longest_waiting_since!)).toBeCloseTo(ago(10 * MINUTE).getTime(), -4);

    // Taken by a person who has not written yet: those customers still wait, since their handoff.
    await update(waiting.conversation.id, { state: 'human' });
    await update(recent.conversation.id, { state: 'human' });
    const taking = (await dashboardOf(owner)).queue!;
    expect(taking).toMatchObject({ queued: 0, human: 3, awaiting_reply: 2 });
    expect(Date.parse(taking.longest_waiting_since!)).toBeCloseTo(ago(10 * MINUTE).getTime(), -4);

    // Resolved, nobody waits.
    await update(waiting.conversation.id, { state: 'resolved' });
    await update(recent.conversation.id, { state: 'resolved' });
    expect((await dashboardOf(owner)).queue).toEqual({
      queued: 0,
      human: 1,
      awaiting_reply: 0,
      longest_waiting_since: null,
      longest_wait_seconds: null,
    });
  });
});

describe("today's figures", () => {
  it('come from the rollups of the team, compared with yesterday, and the credits of the month', async () => {
    await busyStranger();
    const { owner, team, channel } = await teamWithChannel();
    // Yesterday (team time: Jakarta, no daylight saving): one conversation the bot resolved.
    const old = await createConversation(app.services, channel);
    await update(old.conversation.id, { createdAt: ago(24 * 60 * MINUTE) });
    await update(old.conversation.id, { state: 'resolved', resolvedBy: 'bot', resolvedAt: ago(24 * 60 * MINUTE - 1) });
    // Today: four conversations; the bot resolves two alone, one is handed over; three AI replies.
    const today = await Promise.all([1, 2, 3, 4].map(() => createConversation(app.services, channel)));
    for (const { conversation } of today.slice(0, 2)) {
      await aiReply(channel, conversation.id);
      await update(conversation.id, { state: 'resolved', resolvedBy: 'bot', resolvedAt: new Date() });
    }
    await aiReply(channel, today[2].conversation.id);
    await update(today[2].conversation.id, { state: 'queued', handoffReason: 'user_request', handoffAt: new Date() });
    await settle();

    const props = await dashboardOf(owner);
    expect(props.today).toMatchObject({
      scope: 'team',
      timezone: 'Asia/Jakarta',
      current: { conversations: 4, handoffs: 1, ai_replies: 3, auto_resolution_rate: 0.5 },
      previous: { conversations: 1, handoffs: 0, ai_replies: 0, auto_resolution_rate: 1 },
    });
    expect(props.today!.day).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()));
    // The month's credits from the rollups, and the billing period's against the plan (Business here).
    const { period } = await teamBilling(app.services.db, app.services.config, team.id);
    expect(props.credits).toEqual({
      used: 3,
      from: `${props.today!.day.slice(0, 8)}01`,
      to: props.today!.day,
      quota: {
        used: 0,
        limit: 50_000,
        plan: 'Business',
        period_start: period.start.toISOString(),
        period_end: period.end.toISOString(),
        pack_remaining: 0,
      },
    });
    // What the team's counter says, on the plan it is on, with what its credit packs hold.
    await onPlan(app, team.id, 'growth');
    await setCreditsUsed(app, team.id, 7_900);
    await givePack(app, team.id, 1_000);
    expect((await dashboardOf(owner)).credits!.quota).toMatchObject({
      used: 7_900,
      limit: 10_000,
      plan: 'Growth',
      pack_remaining: 1_000,
    });

    // Days count in the team's time zone: Pacific/Kiritimati is 7 hours ahead of Jakarta.
    await app.services.db.update(teams).set({ timezone: 'Pacific/Kiritimati' }).where(eq(teams.id, team.id));
    const moved = await dashboardOf(owner);
    expect(moved.today!.timezone).toBe('Pacific/Kiritimati');
    expect(moved.today!.day).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date()),
    );
  });

  it("follow the credits a reply reserves and a pack's expiry, visit after visit (the hot cache)", async () => {
    const { owner, team } = await teamWithChannel();
    expect((await dashboardOf(owner)).credits!.quota).toMatchObject({ used: 0, pack_remaining: 0 });
    // reserve_ai_credits writes the counter inside a function called by a select.
    const reserved = await reserveCredits(app.services.db, app.services.config, {
      teamId: team.id,
      key: `${team.id}:dashboard-cache`,
      credits: 3,
      botId: null,
      contactId: null,
      model: null,
      source: 'api',
    });
    expect(reserved.ok).toBe(true);
    expect((await dashboardOf(owner)).credits!.quota).toMatchObject({ used: 3 });
    // A pack counts until it expires, with no write in between.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const [pack] = await app.services.db
        .insert(creditPackRows)
        .values({ teamId: team.id, credits: 500, remaining: 500, source: 'grant', expiresAt: ago(-60 * MINUTE) })
        .returning();
      expect((await dashboardOf(owner)).credits!.quota).toMatchObject({ pack_remaining: 500 });
      vi.setSystemTime(pack.expiresAt!.getTime() + 1);
      expect((await dashboardOf(owner)).credits!.quota).toMatchObject({ pack_remaining: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('are an agent’s own conversations, as on Reports, with no team credits', async () => {
    const { team, channel } = await teamWithChannel();
    const agent = await createMember(app.services, team, 'agent', { current: true });
    const mine = await createConversation(app.services, channel);
    await update(mine.conversation.id, { state: 'human', assigneeId: agent.id, handoffAt: new Date() });
    await createConversation(app.services, channel);
    await createConversation(app.services, channel);
    await settle();

    const props = await dashboardOf(agent);
    expect(props.today).toMatchObject({ scope: 'mine', current: { conversations: 1 } });
    expect(props.credits).toBeNull();
    expect(props.queue).toMatchObject({ queued: 0, human: 1 });
  });
});

describe('the channels', () => {
  it('list every channel of the team with its type, status and health, and no other team’s', async () => {
    await busyStranger();
    const { owner, team, channel } = await teamWithChannel();
    await app.services.db
      .update(channelsTable)
      .set({ lastInboundAt: new Date() })
      .where(eq(channelsTable.id, channel.id));
    await createChannel(app.services, team.id, { type: 'telegram', name: 'Telegram', status: 'paused' });
    const broken = await createChannel(app.services, team.id, { type: 'whatsapp', name: 'WhatsApp Jakarta' });
    await app.services.db
      .update(channelsTable)
      .set({ credentialCheck: { ok: false, detail: 'WhatsApp: token expired', at: new Date().toISOString() } })
      .where(eq(channelsTable.id, broken.id));
    const quiet = await createChannel(app.services, team.id, { type: 'webhook', name: 'API' });

    const { channels } = await dashboardOf(owner);
    expect(channels).toEqual([
      {
        id: quiet.id,
        type: 'webhook',
        name: 'API',
        status: 'active',
        health: 'waiting',
        health_detail: expect.any(String),
      },
      {
        id: expect.any(Number),
        type: 'telegram',
        name: 'Telegram',
        status: 'paused',
        health: 'paused',
        health_detail: expect.any(String),
      },
      {
        id: channel.id,
        type: 'web',
        name: 'Website',
        status: 'active',
        health: 'healthy',
        health_detail: expect.any(String),
      },
      {
        id: broken.id,
        type: 'whatsapp',
        name: 'WhatsApp Jakarta',
        status: 'active',
        health: 'error',
        health_detail: 'WhatsApp: token expired',
      },
    ]);
  });
});

describe('the activity feed', () => {
  it('lists handoffs, resolutions, ingests and members joined, newest first, each linking to its screen', async () => {
    await busyStranger();
    const { owner, team, channel } = await teamWithChannel();
    const rina = await createConversation(app.services, channel);
    await app.services.db.update(contacts).set({ name: 'Rina' }).where(eq(contacts.id, rina.contact.id));
    await update(rina.conversation.id, { state: 'queued', handoffReason: 'user_request', handoffAt: ago(50 * MINUTE) });
    await update(rina.conversation.id, { state: 'human', assigneeId: owner.id, updatedAt: ago(45 * MINUTE) });
    await update(rina.conversation.id, { state: 'resolved', resolvedBy: 'human', resolvedAt: ago(40 * MINUTE) });
    const quiet = await createConversation(app.services, channel);
    await update(quiet.conversation.id, { state: 'resolved', resolvedBy: 'auto_idle', resolvedAt: ago(30 * MINUTE) });
    const { knowledge, source } = await createKnowledgeWithChunk(app.services, team.id, { name: 'FAQ' });
    await app.services.db
      .update(knowledgeSources)
      .set({ lastIngestedAt: ago(20 * MINUTE) })
      .where(eq(knowledgeSources.id, source.id));
    // Sources ready one after another in the same knowledge base are one item.
    const [menu] = await app.services.db
      .insert(knowledgeSources)
      .values({
        knowledgeId: knowledge.id,
        teamId: team.id,
        type: 'text',
        title: 'Menu',
        status: 'ready',
        lastIngestedAt: ago(19 * MINUTE),
      })
      .returning();
    const [failed] = await app.services.db
      .insert(knowledgeSources)
      .values({
        knowledgeId: knowledge.id,
        teamId: team.id,
        type: 'url',
        title: 'Menu page',
        url: 'https://example.com/menu',
        status: 'error',
        error: 'The page answered 404.',
        updatedAt: ago(10 * MINUTE),
      })
      .returning();
    await app.services.db.insert(knowledgeSources).values({
      knowledgeId: knowledge.id,
      teamId: team.id,
      type: 'text',
      title: 'Still reading',
      status: 'embedding',
    });
    const budi = await createMember(app.services, team, 'agent', { name: 'Budi Santoso' });
    await app.services.db
      .update(teamUser)
      .set({ createdAt: ago(5 * MINUTE) })
      .where(eq(teamUser.userId, budi.id));

    const { feed } = await dashboardOf(owner);
    const number = (id: number) => `/conversations/${id}`;
    expect(feed!.map(({ kind, url }) => [kind, url])).toEqual([
      ['member_joined', `/teams/${team.id}`],
      ['ingest_failed', `/knowledges/${knowledge.id}/edit`],
      ['ingest_ready', `/knowledges/${knowledge.id}/edit`],
      ['resolved', number(quiet.conversation.id)],
      ['resolved', number(rina.conversation.id)],
      ['handoff', number(rina.conversation.id)],
    ]);
    expect(feed![0]).toMatchObject({ member: { name: 'Budi Santoso', role_name: 'Agent' } });
    expect(feed![1]).toMatchObject({
      source: { id: failed.id, title: 'Menu page' },
      knowledge: { id: knowledge.id, name: 'FAQ' },
      error: 'The page answered 404.',
    });
    expect(feed![2]).toMatchObject({ source: { id: menu.id, title: 'Menu' }, count: 2, error: null });
    expect(feed![1]).toMatchObject({ count: 1 });
    expect(source.status).toBe('ready');
    expect(feed![3]).toMatchObject({ resolved_by: 'auto_idle', agent: null });
    expect(feed![4]).toMatchObject({
      resolved_by: 'human',
      agent: owner.name,
      conversation: { id: rina.conversation.id, number: rina.conversation.number, contact: { name: 'Rina' } },
    });
    expect(feed![5]).toMatchObject({ reason: 'user_request', conversation: { contact: { name: 'Rina' } } });
    expect(feed!.map((item) => item.at)).toEqual([...feed!.map((item) => item.at)].sort().reverse());
  });

  it('shows a conversation newly queued at once, in the queue and at the top of the feed', async () => {
    const { owner, channel } = await teamWithChannel();
    const before = await dashboardOf(owner);
    expect(before.queue!.queued).toBe(0);
    const { conversation } = await createConversation(app.services, channel);
    await update(conversation.id, { state: 'queued', handoffReason: 'keyword', handoffAt: new Date() });
    const after = await dashboardOf(owner);
    expect(after.queue!.queued).toBe(1);
    expect(after.feed![0]).toMatchObject({ kind: 'handoff', conversation: { id: conversation.id }, reason: 'keyword' });
  });

  it('keeps at most 15 events', async () => {
    const { owner, channel } = await teamWithChannel();
    for (let index = 0; index < 10; index += 1) {
      const { conversation } = await createConversation(app.services, channel);
      await update(conversation.id, { state: 'queued', handoffReason: 'keyword', handoffAt: ago(index * MINUTE + 1) });
      await update(conversation.id, { state: 'resolved', resolvedBy: 'bot', resolvedAt: ago(index * MINUTE) });
    }
    expect((await dashboardOf(owner)).feed).toHaveLength(15);
  });
});

describe('tenancy', () => {
  it('shows nothing of another team anywhere in the props', async () => {
    const stranger = await busyStranger();
    const { owner } = await teamWithChannel('Sepi');
    const props = await dashboardOf(owner);
    const json = JSON.stringify(props);
    for (const secret of ['Toko Lain', 'Rahasia', 'Orang Lain', `"id":${stranger.channel.id},`]) {
      expect(json, secret).not.toContain(secret);
    }
    expect(props.queue).toMatchObject({ queued: 0, human: 0 });
    expect(props.feed).toEqual([]);
    expect(props.channels).toHaveLength(1);
  });
});

describe('onboarding', () => {
  it('ticks the four steps as an empty team does them, and is complete once all are', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Baru', current: true });
    const steps = async () => {
      const { onboarding } = await dashboardOf(owner);
      return {
        done: Object.fromEntries(onboarding!.steps.map((step) => [step.key, step.done])),
        complete: onboarding!.complete,
      };
    };
    expect(await steps()).toEqual({
      done: { knowledge: false, bot: false, channel: false, team: false },
      complete: false,
    });

    const [pending] = await app.services.db
      .insert(knowledgeSources)
      .values({
        knowledgeId: (await createKnowledgeWithChunk(app.services, team.id)).knowledge.id,
        teamId: team.id,
        type: 'text',
        title: 'x',
      })
      .returning();
    expect(pending.status).toBe('queued');
    const { bot } = await createPublishedBot(app.services, team.id);
    expect((await steps()).done).toEqual({ knowledge: true, bot: true, channel: false, team: false });

    await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
    await createInvitation(app.services, team, 'sari@example.com', 'agent');
    expect(await steps()).toEqual({ done: { knowledge: true, bot: true, channel: true, team: true }, complete: true });
  });

  it('counts a member as much as an invitation, and not a knowledge base whose sources are not ready', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const { knowledge, source } = await createKnowledgeWithChunk(app.services, team.id);
    await app.services.db.update(knowledgeSources).set({ status: 'error' }).where(eq(knowledgeSources.id, source.id));
    await createMember(app.services, team, 'viewer');
    const { onboarding } = await dashboardOf(owner);
    expect(onboarding!.steps).toEqual([
      { key: 'knowledge', done: false },
      { key: 'bot', done: false },
      { key: 'channel', done: false },
      { key: 'team', done: true },
    ]);
    expect(knowledge.teamId).toBe(team.id);
  });
});

describe('roles', () => {
  it('give each part of the live state only to a role whose policy allows it', async () => {
    const { owner, team, channel } = await teamWithChannel();
    const { conversation } = await createConversation(app.services, channel);
    await update(conversation.id, { state: 'queued', handoffReason: 'keyword', handoffAt: new Date() });
    await createKnowledgeWithChunk(app.services, team.id);
    await settle();
    const members: Record<string, UserRow> = { owner };
    for (const role of ['admin', 'editor', 'agent', 'viewer'] as const) {
      members[role] = await createMember(app.services, team, role, { current: true });
    }
    for (const [role, user] of Object.entries(members)) {
      const props = await dashboardOf(user);
      // Every role of the table sees conversations, reports, channels, knowledge and members.
      expect(props.queue, role).toMatchObject({ queued: 1 });
      expect(props.channels, role).toHaveLength(1);
      expect(props.today?.scope, role).toBe(role === 'agent' ? 'mine' : 'team');
      expect(props.credits === null, role).toBe(role === 'agent');
      expect(new Set(props.feed!.map((item) => item.kind)), role).toEqual(
        new Set(['handoff', 'ingest_ready', 'member_joined']),
      );
      expect(props.onboarding, role).toMatchObject({ complete: true });
    }
  });

  it('leaves out each part whose ability the policy denies (a role that may see less)', async () => {
    const { owner, team, channel } = await teamWithChannel();
    const { conversation } = await createConversation(app.services, channel);
    await update(conversation.id, { state: 'queued', handoffReason: 'keyword', handoffAt: new Date() });
    await createKnowledgeWithChunk(app.services, team.id);
    await createMember(app.services, team, 'viewer');
    await settle();
    const abilities = teamPolicy.abilities;
    const spy = vi.spyOn(teamPolicy, 'abilities').mockImplementation((membership) => ({
      ...abilities(membership),
      viewConversations: false,
      viewReports: false,
      viewChannels: false,
      viewKnowledges: false,
    }));
    try {
      const props = await dashboardOf(owner);
      expect(props).toMatchObject({ queue: null, today: null, credits: null, channels: null });
      expect(props.feed!.map((item) => item.kind)).toEqual(['member_joined']);
      expect(JSON.stringify(props)).not.toContain('Jam buka');
    } finally {
      spy.mockRestore();
    }
  });

  it('leaves a user without a current team what they saw before: the welcome and nothing live', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    await app.services.db.delete(teams).where(eq(teams.userId, owner.id));
    expect(team.userId).toBe(owner.id);
    const props = await dashboardOf(owner);
    expect(props).toMatchObject({
      team: null,
      onboarding: null,
      queue: null,
      today: null,
      credits: null,
      channels: null,
      feed: null,
    });
    expect(Object.values(props.can).every((value) => value === false)).toBe(true);
  });
});
