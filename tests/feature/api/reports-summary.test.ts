import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ago, historyConversation, settle } from '../../helpers/reports';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { createChannel } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { apiReportSummarySchema } from '../../../server/presenters/api-schemas';
import type { TokenAbility } from '../../../server/domain/teams/roles';
import type { UserRow } from '../../../server/db/repositories/user-repository';
import type { TeamRow } from '../../../server/db/repositories/team-repository';

/**
 * `GET /api/reports/summary`: the Reports page's figures as JSON for a token with the read
 * ability, with the same filters strictly parsed (422 naming each wrong one), agents' tokens
 * limited to their own conversations, and nothing of another team.
 */
let app: TestApp;
let team: TeamRow;
let owner: UserRow;
let agent: UserRow;
let ids: { bot: number; whatsapp: number; otherBot: number; otherChannel: number };

beforeAll(async () => {
  app = await createTestApp();
  const { services } = app;
  const created = await createOwnedTeam(services, { current: true });
  team = created.team;
  owner = created.owner;
  agent = await createMember(services, team, 'agent', { current: true });
  const { bot } = await createPublishedBot(services, team.id, { name: 'Asisten Kopi' });
  const web = await createChannel(services, team.id, { type: 'web', botId: bot.id, name: 'Situs' });
  const whatsapp = await createChannel(services, team.id, { type: 'whatsapp', botId: bot.id, name: 'WA' });
  await historyConversation(services, web, { at: ago(2), resolvedBy: 'bot', csat: 4 });
  await historyConversation(services, whatsapp, {
    at: ago(1),
    handoff: 'repeated_fallback',
    assigneeId: agent.id,
    resolvedBy: 'human',
    status: 'read',
  });
  await historyConversation(services, web, { at: ago(35), resolvedBy: 'auto_idle' });

  const other = await createOwnedTeam(services, { current: true });
  const { bot: otherBot } = await createPublishedBot(services, other.team.id, { name: 'Bravo Secret Bot' });
  const otherChannel = await createChannel(services, other.team.id, {
    type: 'web',
    botId: otherBot.id,
    name: 'Bravo Secret Channel',
  });
  await historyConversation(services, otherChannel, { at: ago(1), handoff: 'keyword' });
  await settle(services);
  ids = { bot: bot.id, whatsapp: whatsapp.id, otherBot: otherBot.id, otherChannel: otherChannel.id };
});
afterAll(() => app.close());

async function client(user: UserRow, abilities: TokenAbility[] = ['read']) {
  const { plainText } = await createApiToken(app.services, user, { teamId: team.id, abilities });
  return (query = '') =>
    supertest(app.app)
      .get(`/api/reports/summary${query}`)
      .set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' });
}

describe('GET /api/reports/summary', () => {
  it("answers the team's report in the documented shape", async () => {
    const get = await client(owner);
    const res = await get();
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'window',
        'scope',
        'timezone',
        'metrics',
        'previous',
        'handoff_reasons',
        'by_bot',
        'by_channel',
        'by_model',
        'series',
      ].sort(),
    );
    apiReportSummarySchema.parse(res.body);
    expect(res.body).toMatchObject({
      scope: 'team',
      timezone: 'Asia/Jakarta',
      window: { range: '30d', days: 30 },
      metrics: {
        conversations: 2,
        bot_handled: 2,
        auto_resolution_rate: 0.5,
        handoff_rate: 0.5,
        csat_average: 4,
        whatsapp: { sent: 1, delivered: 0, read: 1, failed: 0 },
      },
      previous: { conversations: 1 },
      handoff_reasons: [{ reason: 'repeated_fallback', count: 1 }],
      by_bot: [{ id: ids.bot, name: 'Asisten Kopi', conversations: 2 }],
      by_model: [{ model: 'gpt-4o-mini', replies: 2 }],
    });
    expect(res.body.series).toHaveLength(30);
    expect(res.body.by_channel.map((row: { name: string; type: string }) => [row.name, row.type]).sort()).toEqual([
      ['Situs', 'web'],
      ['WA', 'whatsapp'],
    ]);
    expect(res.text).not.toContain('Bravo Secret');
    // The page's extras stay on the page.
    expect(res.body).not.toHaveProperty('heatmap');
    expect(res.body.metrics).not.toHaveProperty('cited');
  });

  it('takes the same filters as the page', async () => {
    const get = await client(owner);
    const week = await get('?range=7d');
    expect(week.body.window).toMatchObject({ range: '7d', days: 7 });
    expect(week.body.series).toHaveLength(7);
    const whatsapp = await get(`?channel=${ids.whatsapp}&bot=${ids.bot}`);
    expect(whatsapp.body.metrics.conversations).toBe(1);
    const from = ago(40).toISOString().slice(0, 10);
    const to = ago(0).toISOString().slice(0, 10);
    const custom = await get(`?range=custom&from=${from}&to=${to}`);
    expect(custom.status).toBe(200);
    expect(custom.body.window).toMatchObject({ range: 'custom', from, to, days: 41 });
    expect(custom.body.metrics.conversations).toBe(3);
  });

  it('refuses malformed filters with a 422 naming each', async () => {
    const get = await client(owner);
    const cases: [string, string[]][] = [
      ['?range=yesterday', ['range']],
      ['?range=custom', ['from', 'to']],
      ['?range=custom&from=2026-02-30&to=2026-03-10', ['from']],
      // 30 February is no day, and not 2 March either: the to date is not compared with it.
      ['?range=custom&from=2026-02-30&to=2026-03-01', ['from']],
      ['?bot[]=2', ['bot']],
      ['?range=custom&from=2026-03-02&to=2026-03-01', ['to']],
      ['?range=custom&from=2020-01-01&to=2026-01-01', ['to']],
      ['?bot=abc&channel=0', ['bot', 'channel']],
      ['?bot[a]=1', ['bot']],
      ['?channel=99999999999', ['channel']],
    ];
    for (const [query, fields] of cases) {
      const res = await get(query);
      expect(res.status, query).toBe(422);
      expect(res.body.message, query).toEqual(expect.any(String));
      expect(Object.keys(res.body.errors).sort(), query).toEqual(fields);
      for (const field of fields) expect(res.body.errors[field], query).toEqual([expect.any(String)]);
    }
  });

  it('is a 403 for a token without the read ability, and a 401 without a token', async () => {
    const get = await client(owner, ['create', 'update', 'delete']);
    const refused = await get();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('read');
    const anonymous = await supertest(app.app).get('/api/reports/summary').set('Accept', 'application/json');
    expect(anonymous.status).toBe(401);
  });

  it("gives an agent's token the figures of the agent's own conversations", async () => {
    const get = await client(agent);
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      scope: 'mine',
      metrics: { conversations: 1, handoffs: 1 },
      previous: { conversations: 0 },
      handoff_reasons: [{ reason: 'repeated_fallback', count: 1 }],
    });
  });

  it("shows nothing of another team's bot or channel", async () => {
    const get = await client(owner);
    for (const query of [`?bot=${ids.otherBot}`, `?channel=${ids.otherChannel}`]) {
      const res = await get(query);
      expect(res.status).toBe(200);
      expect(res.body.metrics.conversations).toBe(0);
      expect(res.body.by_bot).toEqual([]);
      expect(res.body.by_channel).toEqual([]);
      expect(res.text).not.toContain('Bravo Secret');
    }
  });
});
