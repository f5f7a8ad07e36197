import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createPublishedBot } from '../../factories/bots';
import { bots, usageCounters } from '../../../server/db/schema/index';
import { teamBilling } from '../../../server/billing/period-of-team';

/**
 * A bot's monthly AI credit cap (bots.monthly_credit_cap) through the edit form: set, cleared, bad
 * values refused with a message on the field, kept on the bot row (not in the versioned draft), and
 * shown with the credits the bot used this billing period on Bots/Index, Show and Edit.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Summary = { id: number; monthly_credit_cap: number | null; credits_this_period: number | null };

async function ownerWithBot() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const { bot } = await createPublishedBot(app.services, team.id, { name: 'Asisten Kopi' });
  const client = await signedIn(app.app, owner);
  const edit = expectPage(await client.visit(`/bots/${bot.id}/edit`), 'Bots/Edit');
  const form = { name: 'Asisten Kopi', avatar_color: 'indigo', config: edit.props.config };
  const save = (extra: Record<string, unknown>) => client.send('put', `/bots/${bot.id}`, { ...form, ...extra });
  const stored = async () => (await app.services.db.select().from(bots).where(eq(bots.id, bot.id)))[0]!;
  return { owner, team, bot, client, edit, save, stored };
}

/** Sets a counter of the team's AI credits (the team's quota: '', a bot's cap: 'bot:<id>') for a period. */
async function setUsed(teamId: number, scope: string, used: number, period?: { start: Date; end: Date }) {
  const current = period ?? (await teamBilling(app.services.db, app.services.config, teamId)).period;
  await app.services.db
    .insert(usageCounters)
    .values({ teamId, metric: 'ai_credits', scope, periodStart: current.start, periodEnd: current.end, used })
    .onConflictDoUpdate({
      target: [usageCounters.teamId, usageCounters.metric, usageCounters.scope, usageCounters.periodStart],
      set: { used },
    });
}

describe('a bot’s monthly AI credit cap', () => {
  it('starts with no cap, is set from the edit form and cleared again, on the bot row and not in the draft', async () => {
    const { bot, client, edit, save, stored } = await ownerWithBot();
    expect(edit.props.bot).toMatchObject({ id: bot.id, monthly_credit_cap: null, credits_this_period: 0 });
    const versionsBefore = (edit.props.versions as unknown[]).length;

    const saved = await save({ monthly_credit_cap: 500 });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`/bots/${bot.id}/edit`);
    expect((await stored()).monthlyCreditCap).toBe(500);
    const after = expectPage(await client.visit(`/bots/${bot.id}/edit`), 'Bots/Edit');
    expect(after.props.errors).toEqual({});
    expect(after.props.bot).toMatchObject({ monthly_credit_cap: 500 });
    // An operational setting: nothing of it in the draft configuration or a new version.
    expect(after.props.config).not.toHaveProperty('monthly_credit_cap');
    expect(after.props.config).not.toHaveProperty('monthlyCreditCap');
    expect(JSON.stringify((await stored()).draft)).not.toMatch(/credit/i);
    expect((after.props.versions as unknown[]).length).toBe(versionsBefore);

    // The text a form field holds is read as the number it says.
    await save({ monthly_credit_cap: ' 10000000 ' });
    expect((await stored()).monthlyCreditCap).toBe(10_000_000);

    // Left out of the request: unchanged.
    await save({});
    expect((await stored()).monthlyCreditCap).toBe(10_000_000);

    // Emptied (as the form sends it) or null: no cap.
    await save({ monthly_credit_cap: '' });
    expect((await stored()).monthlyCreditCap).toBeNull();
    await save({ monthly_credit_cap: 250 });
    await save({ monthly_credit_cap: null });
    expect((await stored()).monthlyCreditCap).toBeNull();
    expect(expectPage(await client.visit(`/bots/${bot.id}`), 'Bots/Show').props.bot).toMatchObject({
      monthly_credit_cap: null,
    });
  });

  it('refuses what is not a whole number from 1 to 10,000,000 with a message on the field, keeping the cap', async () => {
    const { bot, client, save, stored } = await ownerWithBot();
    await save({ monthly_credit_cap: 300 });
    const cases: Array<[unknown, string]> = [
      [0, 'The monthly AI credit cap must be at least 1; leave it empty for no cap.'],
      ['-5', 'The monthly AI credit cap must be at least 1; leave it empty for no cap.'],
      [10_000_001, 'The monthly AI credit cap must not be greater than 10,000,000.'],
      ['99999999999', 'The monthly AI credit cap must not be greater than 10,000,000.'],
      [12.5, 'The monthly AI credit cap must be a whole number of credits, or empty for no cap.'],
      ['1e3', 'The monthly AI credit cap must be a whole number of credits, or empty for no cap.'],
      ['lots', 'The monthly AI credit cap must be a whole number of credits, or empty for no cap.'],
      [true, 'The monthly AI credit cap must be a whole number of credits, or empty for no cap.'],
      [[5], 'The monthly AI credit cap must be a whole number of credits, or empty for no cap.'],
    ];
    for (const [value, message] of cases) {
      const res = await save({ monthly_credit_cap: value });
      expect(res.status, String(value)).toBe(303);
      const page = expectPage(await client.visit(`/bots/${bot.id}/edit`), 'Bots/Edit');
      expect(page.props.errors, JSON.stringify(value)).toEqual({ monthly_credit_cap: message });
      expect((await stored()).monthlyCreditCap, String(value)).toBe(300);
    }
    // A JSON request gets the 422 with the message on the field.
    const json = await client.agent
      .put(`/bots/${bot.id}`)
      .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' })
      .send({ name: 'Asisten Kopi', avatar_color: 'indigo', monthly_credit_cap: 0 });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({
      monthly_credit_cap: ['The monthly AI credit cap must be at least 1; leave it empty for no cap.'],
    });
  });

  it('is not changed by a role that may only read the bot', async () => {
    const { team, bot, save, stored } = await ownerWithBot();
    await save({ monthly_credit_cap: 300 });
    const viewer = await createMember(app.services, team, 'viewer', { current: true });
    const client = await signedIn(app.app, viewer);
    const edit = expectPage(await client.visit(`/bots/${bot.id}/edit`), 'Bots/Edit');
    expect(edit.props.bot).toMatchObject({ monthly_credit_cap: 300 });
    const res = await client.send('put', `/bots/${bot.id}`, {
      name: 'Asisten Kopi',
      avatar_color: 'indigo',
      config: edit.props.config,
      monthly_credit_cap: 1,
    });
    expect(res.status).toBe(403);
    expect((await stored()).monthlyCreditCap).toBe(300);
  });

  it('is shown with the credits the bot used this billing period on Index, Show and Edit', async () => {
    const { team, bot, client, save } = await ownerWithBot();
    const { bot: other } = await createPublishedBot(app.services, team.id, { name: 'Toko Sepatu' });
    await save({ monthly_credit_cap: 500 });
    await setUsed(team.id, `bot:${bot.id}`, 120);
    await setUsed(team.id, '', 180);
    // The period before does not count, nor does another team's bot.
    const { period } = await teamBilling(app.services.db, app.services.config, team.id);
    const before = { start: new Date(period.start.getTime() - 31 * 86_400_000), end: period.start };
    await setUsed(team.id, `bot:${bot.id}`, 999, before);
    const { team: elsewhere } = await createOwnedTeam(app.services);
    const { bot: theirs } = await createPublishedBot(app.services, elsewhere.id);
    await setUsed(elsewhere.id, `bot:${theirs.id}`, 77);

    const show = expectPage(await client.visit(`/bots/${bot.id}`), 'Bots/Show');
    expect(show.props.bot).toMatchObject({ monthly_credit_cap: 500, credits_this_period: 120 });
    const edit = expectPage(await client.visit(`/bots/${bot.id}/edit`), 'Bots/Edit');
    expect(edit.props.bot).toMatchObject({ monthly_credit_cap: 500, credits_this_period: 120 });
    const index = expectPage(await client.visit('/bots'), 'Bots/Index');
    const listed = (index.props.bots as { data: Summary[] }).data;
    expect(listed.find((each) => each.id === bot.id)).toMatchObject({
      monthly_credit_cap: 500,
      credits_this_period: 120,
    });
    expect(listed.find((each) => each.id === other.id)).toMatchObject({
      monthly_credit_cap: null,
      credits_this_period: 0,
    });
    expect(listed.some((each) => each.id === theirs.id)).toBe(false);
  });
});
