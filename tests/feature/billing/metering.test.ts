import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/app';
import { creditsOf, givePack, onPlan, setCreditsUsed } from '../../helpers/billing';
import { createOwnedTeam } from '../../factories/teams';
import { createPublishedBot } from '../../factories/bots';
import { reconcileCredits, releaseCredits, reserveCredits, type ReplyUsage } from '../../../server/billing/metering';
import { bots, subscriptions, usageCounters, usageEvents } from '../../../server/db/schema/index';
import { calendarMonth } from '../../../server/billing/periods';

/**
 * AI credits are reserved once per key, within the quota, the bot's cap and the contact's daily
 * cap, however many replies run at once; reconciled to what the reply cost; given back when no
 * reply was made.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function freeTeam() {
  const { team } = await createOwnedTeam(app.services);
  await onPlan(app, team.id, 'free');
  const { bot } = await createPublishedBot(app.services, team.id);
  const usage = (key: string, extra: Partial<ReplyUsage> = {}): ReplyUsage => ({
    teamId: team.id,
    key: `${team.id}:${key}`,
    credits: 1,
    botId: bot.id,
    contactId: null,
    model: null,
    source: 'channel',
    ...extra,
  });
  return { team, bot, usage };
}

describe('reserving AI credits', () => {
  it('consumes exactly the quota when 50 replies race for its last 20 credits', async () => {
    const { team, usage } = await freeTeam();
    await setCreditsUsed(app, team.id, 80);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        reserveCredits(app.services.db, app.services.config, usage(`race-${index}`)),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(20);
    const refused = results.filter((result) => !result.ok);
    expect(refused).toHaveLength(30);
    expect(refused[0]).toMatchObject({ reason: 'quota', message: expect.stringContaining('100 AI credits') });
    expect((await creditsOf(app, team.id)).used).toBe(100);
    const events = await app.services.db.select().from(usageEvents).where(eq(usageEvents.teamId, team.id));
    expect(events).toHaveLength(20);
  });

  it('counts a key once, however often it is reserved (a retried job, a redelivered webhook)', async () => {
    const { team, usage } = await freeTeam();
    const first = await reserveCredits(app.services.db, app.services.config, usage('same'));
    const again = await reserveCredits(app.services.db, app.services.config, usage('same'));
    expect(first).toMatchObject({ ok: true, fresh: true, credits: 1 });
    expect(again).toMatchObject({ ok: true, fresh: false, credits: 0 });
    await reconcileCredits(app.services.db, usage('same').key, 1);
    await reconcileCredits(app.services.db, usage('same').key, 1);
    expect((await creditsOf(app, team.id)).used).toBe(1);
  });

  it('lets a key reserved before the quota ran out through again, counting nothing (a retried job)', async () => {
    const { team, usage } = await freeTeam();
    await setCreditsUsed(app, team.id, 99);
    expect(await reserveCredits(app.services.db, app.services.config, usage('retried'))).toMatchObject({
      ok: true,
      fresh: true,
    });
    expect(await reserveCredits(app.services.db, app.services.config, usage('other'))).toMatchObject({
      ok: false,
      reason: 'quota',
    });
    expect(await reserveCredits(app.services.db, app.services.config, usage('retried'))).toMatchObject({
      ok: true,
      fresh: false,
    });
    expect((await creditsOf(app, team.id)).used).toBe(100);
  });

  it('reconciles to what the reply cost and gives everything back when no reply was made', async () => {
    const { team, bot, usage } = await freeTeam();
    // Reserved for a standard model (2), answered by a curated Q&A (1).
    await reserveCredits(app.services.db, app.services.config, usage('cheaper', { credits: 2, contactId: 7 }));
    await reconcileCredits(app.services.db, usage('cheaper').key, 1);
    expect((await creditsOf(app, team.id)).used).toBe(1);
    const [event] = await app.services.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.idempotencyKey, usage('cheaper').key));
    expect(event).toMatchObject({ status: 'committed', quantity: 1 });

    // The model server failed for good: nothing counted, the event gone, the caps' counters too.
    await reserveCredits(app.services.db, app.services.config, usage('failed', { contactId: 7 }));
    await releaseCredits(app.services.db, usage('failed').key);
    expect((await creditsOf(app, team.id)).used).toBe(1);
    const counters = await app.services.db.select().from(usageCounters).where(eq(usageCounters.teamId, team.id));
    expect(Object.fromEntries(counters.map((row) => [row.scope, row.used]))).toEqual({
      '': 1,
      [`bot:${bot.id}`]: 1,
      'contact:7': 1,
    });
    expect(
      await app.services.db
        .select()
        .from(usageEvents)
        .where(eq(usageEvents.idempotencyKey, usage('failed').key)),
    ).toEqual([]);
  });

  it('takes credits from a pack once the quota is used, and gives them back to it', async () => {
    const { team, usage } = await freeTeam();
    await setCreditsUsed(app, team.id, 100);
    await givePack(app, team.id, 3);
    expect(await reserveCredits(app.services.db, app.services.config, usage('pack-1', { credits: 2 }))).toMatchObject({
      ok: true,
    });
    expect((await creditsOf(app, team.id)).packs).toEqual([1]);
    expect(await reserveCredits(app.services.db, app.services.config, usage('pack-2', { credits: 2 }))).toMatchObject({
      ok: false,
      reason: 'quota',
    });
    await releaseCredits(app.services.db, usage('pack-1').key);
    expect(await creditsOf(app, team.id)).toEqual({ used: 100, packs: [3] });
  });

  it("refuses past the bot's monthly cap and the contact's daily cap", async () => {
    const { team, bot, usage } = await freeTeam();
    await app.services.db.update(bots).set({ monthlyCreditCap: 2 }).where(eq(bots.id, bot.id));
    expect((await reserveCredits(app.services.db, app.services.config, usage('cap-1'))).ok).toBe(true);
    expect((await reserveCredits(app.services.db, app.services.config, usage('cap-2'))).ok).toBe(true);
    expect(await reserveCredits(app.services.db, app.services.config, usage('cap-3'))).toMatchObject({
      ok: false,
      reason: 'bot_cap',
    });
    expect((await creditsOf(app, team.id)).used).toBe(2);

    await app.services.db.update(bots).set({ monthlyCreditCap: null }).where(eq(bots.id, bot.id));
    const contact = (index: number) => usage(`contact-${index}`, { contactId: 99 });
    for (let index = 0; index < 30; index++)
      expect((await reserveCredits(app.services.db, app.services.config, contact(index))).ok).toBe(true);
    const refused = await reserveCredits(app.services.db, app.services.config, contact(30));
    expect(refused).toMatchObject({
      ok: false,
      reason: 'contact_cap',
      message: expect.stringContaining('30 AI replies today'),
    });
    if (!refused.ok) expect(refused.retryAt.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    // Another contact is not held back.
    expect(
      (await reserveCredits(app.services.db, app.services.config, usage('other-contact', { contactId: 100 }))).ok,
    ).toBe(true);
  });

  it('counts in the period that follows an ended subscription period not yet rolled over', async () => {
    const { team, usage } = await freeTeam();
    await onPlan(app, team.id, 'starter');
    const now = new Date();
    const start = new Date(now.getTime() - 40 * 86_400_000);
    await app.services.db.insert(subscriptions).values({
      teamId: team.id,
      plan: 'starter',
      provider: 'manual',
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 30 * 86_400_000),
    });
    const reserved = await reserveCredits(app.services.db, app.services.config, usage('late'), now);
    expect(reserved.ok && reserved.period.start.getTime()).toBe(start.getTime() + 30 * 86_400_000);
    const [counter] = await app.services.db
      .select()
      .from(usageCounters)
      .where(and(eq(usageCounters.teamId, team.id), eq(usageCounters.scope, '')));
    expect(counter.periodStart.getTime()).not.toBe(calendarMonth(now).start.getTime());
  });
});
