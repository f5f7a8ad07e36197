import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { ago, historyConversation, settle } from '../../helpers/reports';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createChannel } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createKnowledgeWithChunk } from '../../factories/knowledge';
import { knowledgeSources } from '../../../server/db/schema/index';
import { eq } from 'drizzle-orm';
import type { UserRow } from '../../../server/db/repositories/user-repository';

/**
 * The Reports page's tables as CSV: streamed UTF-8 with a BOM (spreadsheets then read Indonesian
 * text right), RFC 4180 quoting, names that would run as formulas made inert, a file name that
 * says what and when, the page's filters and policy (agents get their own figures), and a 404
 * for a table that does not exist.
 */
let app: TestApp;
let owner: UserRow;
let agent: UserRow;
let otherBotId: number;

const formula = '=HYPERLINK("http://evil.example","klik")';

beforeAll(async () => {
  app = await createTestApp();
  const { services } = app;
  const created = await createOwnedTeam(services, { current: true });
  owner = created.owner;
  agent = await createMember(services, created.team, 'agent', { current: true });
  const { knowledge, source, chunk } = await createKnowledgeWithChunk(services, created.team.id, {
    name: 'Tanya-jawab pelanggan',
  });
  await services.db
    .update(knowledgeSources)
    .set({ title: 'Jam buka & lokasi — Jl. Kemang Raya, "dekat stasiun"' })
    .where(eq(knowledgeSources.id, source.id));
  const { bot } = await createPublishedBot(services, created.team.id, { name: formula, knowledgeIds: [knowledge.id] });
  const web = await createChannel(services, created.team.id, {
    type: 'web',
    botId: bot.id,
    name: 'Situs Kopi, cabang Kemang',
  });
  const telegram = await createChannel(services, created.team.id, {
    type: 'telegram',
    botId: bot.id,
    name: 'Pesan antar\nTelegram',
  });
  await historyConversation(services, web, {
    at: ago(2),
    resolvedBy: 'bot',
    citations: [{ sourceId: source.id, chunkId: chunk.id }],
  });
  await historyConversation(services, telegram, { at: ago(1), handoff: 'low_confidence', assigneeId: agent.id });
  await historyConversation(services, telegram, { at: ago(1), handoff: 'quota' });

  const other = await createOwnedTeam(services, { current: true });
  const { bot: otherBot } = await createPublishedBot(services, other.team.id, { name: 'Bravo Secret Bot' });
  otherBotId = otherBot.id;
  const otherChannel = await createChannel(services, other.team.id, { type: 'web', botId: otherBot.id });
  await historyConversation(services, otherChannel, { at: ago(1) });
  await settle(services);
});
afterAll(() => app.close());

/** The raw bytes of the answer, whatever its type. */
async function download(user: UserRow, path: string): Promise<{ res: Response; bytes: Buffer; text: string }> {
  const client = await signedIn(app.app, user);
  const res = await client.agent
    .get(path)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const bytes = res.body as Buffer;
  return { res, bytes, text: bytes.toString('utf8') };
}

/** Lines without the BOM, split on CRLF (a quoted line break stays inside its field). */
const linesOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);

describe('GET /reports/export/{table}', () => {
  it('streams UTF-8 CSV with a BOM, as an attachment named for the table and the days', async () => {
    const { res, bytes } = await download(owner, '/reports/export/daily?range=7d');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = ago(0).toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kawan-report-daily-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = linesOf(bytes.toString('utf8'));
    expect(lines[0]).toBe(
      'day,conversations,bot_handled,auto_resolved,auto_resolution_rate,handoffs,inbound_messages,ai_replies,human_replies',
    );
    expect(lines).toHaveLength(1 + 7);
    // The team's time zone is Jakarta's: today there may already be tomorrow in UTC.
    expect(lines.at(-1)! >= today).toBe(true);
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBe(3);
  });

  it('quotes commas, quotes and line breaks, keeps Indonesian text intact, and makes formulas inert', async () => {
    const bots = await download(owner, '/reports/export/bots');
    expect(linesOf(bots.text)[1].startsWith(`"'=HYPERLINK(""http://evil.example"",""klik"")",3,`)).toBe(true);

    const channels = linesOf((await download(owner, '/reports/export/channels')).text);
    expect(channels[0].startsWith('channel,type,conversations,')).toBe(true);
    expect(channels.slice(1).map((line) => line.split(',web,')[0].split(',telegram,')[0])).toEqual([
      '"Pesan antar\nTelegram"',
      '"Situs Kopi, cabang Kemang"',
    ]);

    const sources = linesOf((await download(owner, '/reports/export/sources')).text);
    expect(sources).toEqual([
      'source,knowledge_base,citations',
      '"Jam buka & lokasi — Jl. Kemang Raya, ""dekat stasiun""",Tanya-jawab pelanggan,1',
    ]);
  });

  it('writes the handoff reasons in words, the models, and the busiest hours as a weekday × hour grid', async () => {
    const reasons = linesOf((await download(owner, '/reports/export/handoff_reasons')).text);
    expect(reasons[0]).toBe('reason,description,conversations,share');
    expect(reasons.slice(1).sort()).toEqual(['low_confidence,Low confidence,1,0.5', 'quota,AI credits used up,1,0.5']);
    const models = linesOf((await download(owner, '/reports/export/models')).text);
    expect(models).toEqual(['model,replies,prompt_tokens,completion_tokens,cost_usd', 'gpt-4o-mini,3,1500,120,0.0003']);
    const hours = linesOf((await download(owner, '/reports/export/hours')).text);
    expect(hours).toHaveLength(8);
    expect(hours[0].split(',')).toHaveLength(25);
    expect(hours[0].startsWith('day,00:00,01:00')).toBe(true);
    expect(hours.slice(1).map((line) => line.split(',')[0])).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    const total = hours.slice(1).flatMap((line) => line.split(',').slice(1).map(Number));
    expect(total.reduce((sum, count) => sum + count, 0)).toBe(3);
  });

  it("gives an agent the figures of their own conversations, and another team's bot nothing", async () => {
    const mine = linesOf((await download(agent, '/reports/export/daily')).text);
    expect(mine.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBe(1);
    const reasons = linesOf((await download(agent, '/reports/export/handoff_reasons')).text);
    expect(reasons.slice(1)).toEqual(['low_confidence,Low confidence,1,1']);

    const foreign = await download(owner, `/reports/export/bots?bot=${otherBotId}`);
    expect(foreign.res.status).toBe(200);
    expect(linesOf(foreign.text)).toHaveLength(1);
    expect(foreign.text).not.toContain('Bravo Secret');
  });

  it('is a 404 for a table that does not exist, and asks a guest to sign in', async () => {
    for (const table of ['secrets', 'users', 'daily.csv', '..%2Fdaily']) {
      const { res } = await download(owner, `/reports/export/${table}`);
      expect(res.status, table).toBe(404);
    }
    const guest = await browser(app.app);
    const res = await guest.agent.get('/reports/export/daily');
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/\/login$/);
  });
});
