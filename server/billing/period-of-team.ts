import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cachedRead, copied } from '../cache/cached-reads';
import type { Config } from '../config/env';
import { subscriptions, teams } from '../db/schema/index';
import { effectivePlan } from './limits';
import type { Interval, Plan } from './plans';
import { addMonths, calendarMonth, periodEnd } from './periods';

export interface TeamBilling {
  plan: Plan;
  /** The billing period holding `now`: the subscription's, or the calendar month without one. */
  period: { start: Date; end: Date };
  pastDueUntil: Date | null;
}

/**
 * A team's plan and current period in one query. A subscription whose period has ended but has not
 * been rolled over yet counts in the period that follows it, so the answer does not depend on
 * when the rollover job runs.
 */
export async function teamBilling(
  db: Database,
  config: Pick<Config, 'billing'>,
  teamId: number,
  now: Date = new Date(),
): Promise<TeamBilling> {
  // Every AI reply asks this first: read through the hot cache (a write to either table drops it).
  const row = await cachedRead(
    db,
    `billing-of:${teamId}`,
    { groups: ['teams', 'subscriptions'] },
    () => billingRow(db, teamId),
    copied,
  );
  const plan = effectivePlan(config, { plan: row?.plan ?? null });
  const period =
    row?.start && row.end && row.status !== 'canceled' && plan.code !== 'free'
      ? creditPeriod({ start: row.start, end: row.end }, row.interval as Interval, now)
      : calendarMonth(now);
  return { plan, period, pastDueUntil: row?.pastDueUntil ?? null };
}

async function billingRow(db: Database, teamId: number) {
  const [row] = await db
    .select({
      plan: teams.plan,
      pastDueUntil: teams.pastDueUntil,
      start: subscriptions.currentPeriodStart,
      end: subscriptions.currentPeriodEnd,
      interval: subscriptions.interval,
      status: subscriptions.status,
    })
    .from(teams)
    .leftJoin(subscriptions, eq(subscriptions.teamId, teams.id))
    .where(eq(teams.id, teamId));
  return row;
}

/**
 * The period AI credits count in: the subscription's month that holds `now` (a yearly plan's
 * credits are a month's, renewed each month of its year).
 */
export function creditPeriod(
  period: { start: Date; end: Date },
  interval: Interval,
  now: Date,
): { start: Date; end: Date } {
  const current = periodHolding(period, interval, now);
  if (interval === 'month' || now < current.start) return current;
  return periodHolding({ start: current.start, end: addMonths(current.start, 1) }, 'month', now);
}

/** The period of the subscription's rhythm that holds `now` (the stored one, or one after it). */
export function periodHolding(
  period: { start: Date; end: Date },
  interval: Interval,
  now: Date,
): { start: Date; end: Date } {
  let { start, end } = period;
  if (now < start) return calendarMonth(now);
  for (let step = 0; now >= end && step < 240; step += 1) {
    start = end;
    end = periodEnd(start, interval);
  }
  return { start, end };
}
