import { eq } from 'drizzle-orm';
import type { TestApp } from './app';
import { creditPackRows, usageCounters } from '../../server/db/schema/index';
import { grantPlan } from '../../server/billing/subscriptions';
import { teamBilling } from '../../server/billing/period-of-team';
import type { PlanCode } from '../../server/billing/plans';

/** Puts the team on a plan outright (no subscription), as support would. */
export async function onPlan(app: Pick<TestApp, 'services'>, teamId: number, plan: PlanCode): Promise<void> {
  await grantPlan(app.services.db, teamId, plan);
}

/** Sets the credits the team used this period (its quota's counter). */
export async function setCreditsUsed(app: Pick<TestApp, 'services'>, teamId: number, used: number): Promise<void> {
  const { period } = await teamBilling(app.services.db, app.services.config, teamId);
  await app.services.db
    .insert(usageCounters)
    .values({ teamId, metric: 'ai_credits', scope: '', periodStart: period.start, periodEnd: period.end, used })
    .onConflictDoUpdate({
      target: [usageCounters.teamId, usageCounters.metric, usageCounters.scope, usageCounters.periodStart],
      set: { used },
    });
}

/** The credits the team used this period, and what its packs hold. */
export async function creditsOf(
  app: Pick<TestApp, 'services'>,
  teamId: number,
): Promise<{ used: number; packs: number[] }> {
  const { period } = await teamBilling(app.services.db, app.services.config, teamId);
  const counters = await app.services.db.select().from(usageCounters).where(eq(usageCounters.teamId, teamId));
  const packs = await app.services.db.select().from(creditPackRows).where(eq(creditPackRows.teamId, teamId));
  return {
    used: counters.find((row) => row.scope === '' && row.periodStart.getTime() === period.start.getTime())?.used ?? 0,
    packs: packs.map((pack) => pack.remaining),
  };
}

export async function givePack(app: Pick<TestApp, 'services'>, teamId: number, credits: number): Promise<void> {
  await app.services.db.insert(creditPackRows).values({ teamId, credits, remaining: credits, source: 'grant' });
}
