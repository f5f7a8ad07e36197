import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, browser, type TestApp } from '../../helpers/app';
import { ago, historyConversation, settle } from '../../helpers/reports';
import { createOwnedTeam, createMember } from '../../factories/teams';
import { createChannel } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createKnowledgeWithChunk } from '../../factories/knowledge';
import type { ReportsIndexProps } from '../../../server/http/controllers/reports/report-controller';
import type { UserRow } from '../../../server/db/repositories/user-repository';
import { metricDefinitions } from '../../../server/reports/definitions';
import { reportsUpdatedEvent } from '../../../server/reports/rollup';
import { onPlan, setCreditsUsed } from '../../helpers/billing';

/**
 * The Reports page: owners, admins, editors and viewers see the team's figures for the window and
 * the one before it; agents see those of the conversations assigned to them; filters that name
 * another team's bot or channel show nothing of theirs; filters that do not parse fall back and
 * say so; nothing of another team ever reaches the props.
 */
let app: TestApp;
let owner: UserRow;
let viewer: UserRow;
let agent: UserRow;
let ids: { bot: number; web: number; whatsapp: number; otherBot: number; otherChannel: number; knowledge: number };

beforeAll(async () => {
  app = await createTestApp();
  const { services } = app;
  const created = await createOwnedTeam(services, { name: 'Warung Kopi Senja', current: true });
  owner = created.owner;
  const team = created.team;
  viewer = await createMember(services, team, 'viewer', { current: true });
  agent = await createMember(services, team, 'agent', { current: true });
  const admin = await createMember(services, team, 'admin', { current: true });
  const { knowledge, source, chunk } = await createKnowledgeWithChunk(services, team.id, { name: 'FAQ Kopi' });
  const unused = await createKnowledgeWithChunk(services, team.id, { name: 'Menu Lama' });
  const { bot } = await createPublishedBot(services, team.id, { name: 'Asisten Kopi', knowledgeIds: [knowledge.id] });
  const web = await createChannel(services, team.id, { type: 'web', botId: bot.id, name: 'Situs Kopi' });
  const whatsapp = await createChannel(services, team.id, { type: 'whatsapp', botId: bot.id, name: 'WA Kemang' });

  await historyConversation(services, web, {
    at: ago(2),
    resolvedBy: 'bot',
    csat: 5,
    feedback: 1,
    citations: [{ sourceId: source.id, chunkId: chunk.id, title: 'Jam buka' }],
  });
  await historyConversation(services, web, {
    at: ago(1),
    handoff: 'user_request',
    assigneeId: agent.id,
    resolvedBy: 'human',
  });
  await historyConversation(services, whatsapp, { at: ago(3), handoff: 'offline', assigneeId: admin.id });
  // The window before the last 30 days.
  await historyConversation(services, whatsapp, { at: ago(40), resolvedBy: 'auto_idle' });

  // Another team, with names that must never show.
  const other = await createOwnedTeam(services, { name: 'Bravo Secret Team', current: true });
  const { bot: otherBot } = await createPublishedBot(services, other.team.id, { name: 'Bravo Secret Bot' });
  const otherChannel = await createChannel(services, other.team.id, {
    type: 'web',
    botId: otherBot.id,
    name: 'Bravo Secret Channel',
  });
  await createKnowledgeWithChunk(services, other.team.id, { name: 'Bravo Secret Knowledge' });
  for (const days of [1, 2, 5])
    await historyConversation(services, otherChannel, { at: ago(days), handoff: 'keyword' });

  // The billing period's credits: the team's counter on its plan, not the window's replies.
  await onPlan(app, team.id, 'growth');
  await setCreditsUsed(app, team.id, 7_900);

  await settle(services);
  ids = {
    bot: bot.id,
    web: web.id,
    whatsapp: whatsapp.id,
    otherBot: otherBot.id,
    otherChannel: otherChannel.id,
    knowledge: unused.knowledge.id,
  };
});
afterAll(() => app.close());

async function reports(user: UserRow, query = '') {
  const client = await signedIn(app.app, user);
  const page = expectPage(await client.visit(`/reports${query}`), 'Reports/Index');
  const props = page.props as unknown as ReportsIndexProps;
  expect(JSON.stringify(props)).not.toContain('Bravo Secret');
  return props;
}

describe('the Reports page', () => {
  it("shows an owner the team's figures for the last 30 days against the 30 before, with definitions", async () => {
    const props = await reports(owner);
    expect(props).toMatchObject({
      scope: 'team',
      timezone: 'Asia/Jakarta',
      window: { range: '30d', days: 30 },
      filters: { range: '30d', bot: null, channel: null },
      invalid: [],
      definitions: metricDefinitions,
    });
    expect(props.window.to).toBe(props.window.today);
    const { metrics, previous } = props.summary;
    expect(metrics).toMatchObject({
      conversations: 3,
      bot_handled: 3,
      handoffs: 2,
      auto_resolution_rate: 0.3333,
      handoff_rate: 0.6667,
      csat_average: 5,
      thumbs_up: 1,
      ai_replies: 3,
      human_replies: 2,
    });
    expect(previous).toMatchObject({ conversations: 1, auto_resolution_rate: 1 });
    expect(props.summary.series).toHaveLength(30);
    expect(props.summary.handoff_reasons).toEqual(
      expect.arrayContaining([
        { reason: 'user_request', count: 1 },
        { reason: 'offline', count: 1 },
      ]),
    );
    expect(props.summary.heatmap).toHaveLength(7);
    expect(props.summary.heatmap.flat().reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(props.summary.by_bot).toEqual([
      expect.objectContaining({ id: ids.bot, name: 'Asisten Kopi', conversations: 3 }),
    ]);
    expect(props.summary.by_channel.map((row) => [row.name, row.conversations])).toEqual([
      ['Situs Kopi', 2],
      ['WA Kemang', 1],
    ]);
    expect(props.summary.by_model).toEqual([expect.objectContaining({ model: 'gpt-4o-mini', replies: 3 })]);
    expect(props.bots).toEqual([{ id: ids.bot, name: 'Asisten Kopi' }]);
    expect(props.channels.map((channel) => channel.name).sort()).toEqual(['Situs Kopi', 'WA Kemang']);
    expect(props.sources).toEqual([expect.objectContaining({ title: 'Jam buka', knowledge: 'FAQ Kopi', count: 1 })]);
    expect(props.never_cited).toEqual([
      expect.objectContaining({ title: 'Jam buka', knowledge_id: ids.knowledge, knowledge: 'Menu Lama' }),
    ]);
    expect(props.chunks).toEqual([
      expect.objectContaining({ source: 'Jam buka', knowledge: 'FAQ Kopi', count: 1, excerpt: expect.any(String) }),
    ]);
    // The window's credits stay the window's (its replies); the period's quota comes beside them.
    expect(metrics.credits).toBe(3);
    expect(props.credits_quota).toEqual({
      used: 7_900,
      limit: 10_000,
      plan: 'Growth',
      period_start: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/),
      period_end: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/),
      pack_remaining: 0,
    });
  });

  it('shows a viewer the same figures', async () => {
    const props = await reports(viewer);
    expect(props.scope).toBe('team');
    expect(props.summary.metrics.conversations).toBe(3);
    expect(props.credits_quota).toMatchObject({ used: 7_900, limit: 10_000, plan: 'Growth' });
  });

  it('shows an agent the figures of the conversations assigned to them only', async () => {
    const props = await reports(agent);
    expect(props.scope).toBe('mine');
    // The team's quota is not an agent's figure.
    expect(props.credits_quota).toBeNull();
    expect(props.summary.metrics).toMatchObject({
      conversations: 1,
      handoffs: 1,
      human_replies: 1,
      csat_average: null,
    });
    expect(props.summary.previous.conversations).toBe(0);
    expect(props.summary.handoff_reasons).toEqual([{ reason: 'user_request', count: 1 }]);
    expect(props.summary.by_channel.map((row) => row.name)).toEqual(['Situs Kopi']);
  });

  it('narrows to a bot or a channel of the team', async () => {
    const whatsapp = await reports(owner, `?channel=${ids.whatsapp}`);
    expect(whatsapp.filters).toMatchObject({ channel: ids.whatsapp, bot: null });
    expect(whatsapp.summary.metrics.conversations).toBe(1);
    expect(whatsapp.summary.previous.conversations).toBe(1);
    const bot = await reports(owner, `?bot=${ids.bot}&range=7d`);
    expect(bot.window.days).toBe(7);
    expect(bot.summary.metrics.conversations).toBe(3);
  });

  it("shows nothing of another team's bot or channel named in the filters", async () => {
    for (const query of [`?bot=${ids.otherBot}`, `?channel=${ids.otherChannel}`]) {
      const props = await reports(owner, query);
      expect(props.summary.metrics.conversations).toBe(0);
      expect(props.summary.by_bot).toEqual([]);
      expect(props.summary.by_channel).toEqual([]);
      expect(props.summary.handoff_reasons).toEqual([]);
    }
    const agentView = await reports(agent, `?channel=${ids.otherChannel}`);
    expect(agentView.summary.metrics.conversations).toBe(0);
  });

  it('falls back from filters that do not parse and says which', async () => {
    const wrong = await reports(owner, '?range=yesterday&bot=abc&channel=-3');
    expect(wrong.invalid.sort()).toEqual(['bot', 'channel', 'range']);
    expect(wrong.filters).toMatchObject({ range: '30d', bot: null, channel: null });
    expect(wrong.summary.metrics.conversations).toBe(3);

    const badDay = await reports(owner, '?range=custom&from=2026-02-30&to=2026-03-02');
    expect(badDay.invalid).toEqual(['from']);
    expect(badDay.window.range).toBe('30d');

    const tooLong = await reports(owner, '?range=custom&from=2020-01-01&to=2026-01-01');
    expect(tooLong.invalid).toEqual(['to']);
    expect(tooLong.window.range).toBe('30d');

    const nested = await reports(owner, '?range[x]=1&bot[a]=2');
    expect(nested.invalid.sort()).toEqual(['bot', 'range']);
  });

  it('takes custom days and compares them with as many days before', async () => {
    const from = ago(3).toISOString().slice(0, 10);
    const to = ago(0).toISOString().slice(0, 10);
    const props = await reports(owner, `?range=custom&from=${from}&to=${to}`);
    expect(props.invalid).toEqual([]);
    expect(props.window).toMatchObject({ range: 'custom', from, to, days: 4 });
    expect(props.filters).toMatchObject({ range: 'custom', from, to });
    expect(props.window.previous.to < from).toBe(true);
  });

  it('sends a guest to the login page', async () => {
    const guest = await browser(app.app);
    const res = await guest.visit('/reports');
    expect([302, 303, 409]).toContain(res.status);
  });
});

describe("today's figures", () => {
  it('are rolled up and announced on the team channel as ReportsUpdated', async () => {
    const { team } = await createOwnedTeam(app.services, { current: true });
    const { bot } = await createPublishedBot(app.services, team.id);
    const web = await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
    const before = app.broadcasts.length;
    await historyConversation(app.services, web, { at: new Date(Date.now() - 60_000), botReplyAfterSeconds: 1 });
    await settle(app.services);
    const announced = app.broadcasts
      .slice(before)
      .filter(
        (message) => message.event === reportsUpdatedEvent && message.channels.includes(`private-teams.${team.id}`),
      );
    expect(announced.length).toBeGreaterThan(0);
  });
});
