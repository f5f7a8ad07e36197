/**
 * AI credits, metered (docs/decisions/018-billing.md): a usage event per reply under an idempotency
 * key, and counters per team, bot and contact moved in the same transaction. Credits are reserved
 * before the model is called and reconciled after; a key seen before counts nothing again, and a
 * reservation that would pass a quota or cap is refused, so the quota is never exceeded however
 * many replies run at once.
 */
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Config } from '../config/env';
import { creditPackRows, usageCounters, usageEvents } from '../db/schema/index';
import { teamBilling } from './period-of-team';
import { utcDay } from './periods';
import type { Plan } from './plans';

export type UsageSource = 'channel' | 'api' | 'test';

export interface ReplyUsage {
  teamId: number;
  /** Unique per billable action: `reply:<message id>`, `api:<request id>`… */
  key: string;
  credits: number;
  botId: number | null;
  contactId: number | null;
  model: string | null;
  source: UsageSource;
}

export type RefusalReason = 'quota' | 'bot_cap' | 'contact_cap';

export type Reservation =
  | { ok: true; credits: number; fresh: boolean; crossed: Threshold[]; plan: Plan; period: { start: Date; end: Date } }
  | { ok: false; reason: RefusalReason; message: string; retryAt: Date; crossed: Threshold[]; plan: Plan };

/** A warning threshold a counter crossed (once per counter and period: warned_80_at, warned_100_at). */
export interface Threshold {
  counterId: number;
  percent: 80 | 100;
  used: number;
  limit: number;
}

const metric = 'ai_credits';

/** The key was reserved before: nothing more is counted (the transaction rolls back). */
class SeenBefore extends Error {}

class Refused extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly retryAt: Date,
  ) {
    super(reason);
  }
}

/**
 * Reserves the reply's credits: from the period's quota, else from a credit pack, within the bot's
 * monthly cap and the contact's daily cap. Refused (nothing counted) when any would be passed.
 */
export async function reserveCredits(
  db: Database,
  config: Pick<Config, 'billing'>,
  usage: ReplyUsage,
  now: Date = new Date(),
): Promise<Reservation> {
  const billing = await teamBilling(db, config, usage.teamId, now);
  const { plan, period } = billing;
  try {
    return await db.transaction(async (tx) => {
      const crossed: Threshold[] = [];
      let quantity = 0;
      let packQuantity = 0;
      let packId: number | null = null;
      const team = await take(tx, usage.teamId, '', period, usage.credits, plan.limits.aiCredits);
      if (team) {
        quantity = usage.credits;
        crossed.push(...thresholds(team, usage.credits, plan.limits.aiCredits));
      } else {
        packId = await takeFromPack(tx, usage.teamId, usage.credits, now);
        if (packId === null) throw new Refused('quota', period.end);
        packQuantity = usage.credits;
      }
      if (usage.botId !== null) {
        const cap = sql`${botCapOf(usage.teamId, usage.botId)}`;
        if (!(await take(tx, usage.teamId, `bot:${usage.botId}`, period, usage.credits, cap))) {
          throw new Refused('bot_cap', period.end);
        }
      }
      if (usage.contactId !== null) {
        const day = utcDay(now);
        if (!(await take(tx, usage.teamId, `contact:${usage.contactId}`, day, 1, plan.limits.contactDailyReplies))) {
          throw new Refused('contact_cap', day.end);
        }
      }
      // Last, so that a key seen before undoes all of the above: it counted when it was first seen.
      const [event] = await tx
        .insert(usageEvents)
        .values({
          teamId: usage.teamId,
          metric,
          idempotencyKey: usage.key,
          status: 'reserved',
          quantity,
          packQuantity,
          packId,
          periodStart: period.start,
          botId: usage.botId,
          contactId: usage.contactId,
          model: usage.model,
          source: usage.source,
          occurredAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: usageEvents.id });
      if (!event) throw new SeenBefore();
      return { ok: true as const, credits: usage.credits, fresh: true, crossed, plan, period };
    });
  } catch (error) {
    if (error instanceof SeenBefore) return { ok: true, credits: 0, fresh: false, crossed: [], plan, period };
    if (!(error instanceof Refused)) throw error;
    const crossed = error.reason === 'quota' ? await quotaReached(db, usage.teamId, period, plan) : [];
    return {
      ok: false,
      reason: error.reason,
      message: refusalMessage(error.reason, plan),
      retryAt: error.retryAt,
      crossed,
      plan,
    };
  }
}

/**
 * After the reply: what it really cost (its model may differ from the one reserved for; a turn
 * that ended before any model or curated answer costs nothing). Credits given back go to the pack
 * first, then the quota; more than reserved is taken only where it fits.
 */
export async function reconcileCredits(db: Database, key: string, actual: number): Promise<void> {
  // The usual case, one statement: the reply cost what was reserved.
  if (actual > 0) {
    const settled = await db
      .update(usageEvents)
      .set({ status: 'committed' })
      .where(
        and(
          eq(usageEvents.idempotencyKey, key),
          eq(usageEvents.status, 'reserved'),
          sql`${usageEvents.quantity} + ${usageEvents.packQuantity} = ${actual}`,
        ),
      )
      .returning({ id: usageEvents.id });
    if (settled.length > 0) return;
  }
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(usageEvents).where(eq(usageEvents.idempotencyKey, key)).for('update');
    if (!event || event.status !== 'reserved') return;
    const reserved = event.quantity + event.packQuantity;
    if (actual <= 0) {
      await giveBack(tx, event, event.quantity, event.packQuantity, true);
      await tx.delete(usageEvents).where(eq(usageEvents.id, event.id));
      return;
    }
    let { quantity, packQuantity } = event;
    if (actual < reserved) {
      const fromPack = Math.min(packQuantity, reserved - actual);
      const fromQuota = reserved - actual - fromPack;
      await giveBack(tx, event, fromQuota, fromPack, false);
      quantity -= fromQuota;
      packQuantity -= fromPack;
    } else if (actual > reserved) {
      const extra = actual - reserved;
      const [row] = await tx
        .update(usageCounters)
        .set({ used: sql`${usageCounters.used} + ${extra}`, updatedAt: sql`now()` })
        .where(counterKey(event.teamId, '', event.periodStart))
        .returning({ id: usageCounters.id });
      if (row) quantity += extra;
      await tx
        .update(usageCounters)
        .set({ used: sql`${usageCounters.used} + ${extra}` })
        .where(counterKey(event.teamId, `bot:${event.botId}`, event.periodStart));
    }
    await tx
      .update(usageEvents)
      .set({ status: 'committed', quantity, packQuantity })
      .where(eq(usageEvents.id, event.id));
  });
}

/** Undoes a reservation whose reply was never made (the job gave up): as if it had not been asked. */
export async function releaseCredits(db: Database, key: string): Promise<void> {
  await reconcileCredits(db, key, 0);
}

/** Credits the team used in a period (the quota's counter) and what its packs still hold. */
export async function creditsUsed(
  db: Database,
  teamId: number,
  periodStart: Date,
  now: Date = new Date(),
): Promise<{ used: number; packRemaining: number }> {
  const [counter] = await db
    .select({ used: usageCounters.used })
    .from(usageCounters)
    .where(counterKey(teamId, '', periodStart));
  const [packs] = await db
    .select({ remaining: sql<number>`coalesce(sum(${creditPackRows.remaining}), 0)::int` })
    .from(creditPackRows)
    .where(
      and(eq(creditPackRows.teamId, teamId), or(isNull(creditPackRows.expiresAt), gt(creditPackRows.expiresAt, now))),
    );
  return { used: counter?.used ?? 0, packRemaining: Number(packs?.remaining ?? 0) };
}

/** Credits each bot of the team used in a period (its `bot:<id>` counter). */
export async function botCreditsUsed(db: Database, teamId: number, periodStart: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ scope: usageCounters.scope, used: usageCounters.used })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.teamId, teamId),
        eq(usageCounters.metric, metric),
        eq(usageCounters.periodStart, periodStart),
        sql`${usageCounters.scope} like 'bot:%'`,
      ),
    );
  return new Map(rows.map((row) => [Number(row.scope.slice(4)), row.used]));
}

/**
 * Marks a threshold warned, once per counter and period: true for the caller that marked it (the
 * one that sends the warning).
 */
export async function claimWarning(db: Database, threshold: Threshold): Promise<boolean> {
  const column = threshold.percent === 80 ? usageCounters.warned80At : usageCounters.warned100At;
  const rows = await db
    .update(usageCounters)
    .set(threshold.percent === 80 ? { warned80At: new Date() } : { warned100At: new Date() })
    .where(and(eq(usageCounters.id, threshold.counterId), isNull(column)))
    .returning({ id: usageCounters.id });
  return rows.length > 0;
}

function counterKey(teamId: number, scope: string, periodStart: Date) {
  return and(
    eq(usageCounters.teamId, teamId),
    eq(usageCounters.metric, metric),
    eq(usageCounters.scope, scope),
    eq(usageCounters.periodStart, periodStart),
  );
}

/**
 * Adds `amount` to a counter unless that passes the limit, in one statement (the counter row is
 * made on first use): `limit` is a number, null for none, or the SQL of a bot's cap (read in the
 * same statement). Undefined when refused.
 */
async function take(
  tx: Database,
  teamId: number,
  scope: string,
  period: { start: Date; end: Date },
  amount: number,
  limit: number | null | SQL,
): Promise<{ id: number; used: number; warned80: boolean; warned100: boolean } | undefined> {
  const cap = limit === null ? null : typeof limit === 'number' ? sql`${limit}::int` : limit;
  const fits = (used: SQL) => (cap === null ? sql`true` : sql`(${cap}) is null or ${used} + ${amount} <= (${cap})`);
  const rows = await tx.execute<{ id: number; used: number; warned80: boolean; warned100: boolean }>(sql`
    insert into usage_counters (team_id, metric, scope, period_start, period_end, used)
    select ${teamId}::int, ${metric}, ${scope}, ${period.start.toISOString()}::timestamptz, ${period.end.toISOString()}::timestamptz, ${amount}::int
    where ${fits(sql`0`)}
    on conflict (team_id, metric, scope, period_start) do update
      set used = usage_counters.used + ${amount}::int, updated_at = now()
      where ${fits(sql`usage_counters.used`)}
    returning id, used, warned_80_at is not null as "warned80", warned_100_at is not null as "warned100"`);
  return rowsOf<{ id: number; used: number; warned80: boolean; warned100: boolean }>(rows)[0];
}

/** The bot's monthly cap, read inside the counter's statement (null: none). */
const botCapOf = (teamId: number, botId: number) =>
  sql`select monthly_credit_cap from bots where id = ${botId} and team_id = ${teamId}`;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

function thresholds(
  counter: { id: number; used: number; warned80: boolean; warned100: boolean },
  added: number,
  limit: number,
): Threshold[] {
  const before = counter.used - added;
  const crossed: Threshold[] = [];
  for (const percent of [80, 100] as const) {
    const mark = Math.ceil((limit * percent) / 100);
    const warned = percent === 80 ? counter.warned80 : counter.warned100;
    if (!warned && before < mark && counter.used >= mark)
      crossed.push({ counterId: counter.id, percent, used: counter.used, limit });
  }
  return crossed;
}

/** Refused for the quota: the 100 % warning is due (the last credits may have gone in a pack or a bigger reply). */
async function quotaReached(db: Database, teamId: number, period: { start: Date }, plan: Plan): Promise<Threshold[]> {
  const [row] = await db
    .select({
      id: usageCounters.id,
      used: usageCounters.used,
      warned80At: usageCounters.warned80At,
      warned100At: usageCounters.warned100At,
    })
    .from(usageCounters)
    .where(counterKey(teamId, '', period.start));
  if (!row) return [];
  const crossed: Threshold[] = [];
  const limit = plan.limits.aiCredits;
  if (!row.warned80At) crossed.push({ counterId: row.id, percent: 80, used: row.used, limit });
  if (!row.warned100At) crossed.push({ counterId: row.id, percent: 100, used: row.used, limit });
  return crossed;
}

async function takeFromPack(tx: Database, teamId: number, credits: number, now: Date): Promise<number | null> {
  const rows = await tx.execute<{ id: number }>(sql`
    update credit_packs set remaining = remaining - ${credits}
    where id = (
      select id from credit_packs
      where team_id = ${teamId} and remaining >= ${credits} and (expires_at is null or expires_at > ${now.toISOString()})
      order by expires_at asc nulls last, id asc
      limit 1
      for update skip locked
    )
    returning id`);
  return rowsOf<{ id: number }>(rows)[0]?.id ?? null;
}

async function giveBack(
  tx: Database,
  event: typeof usageEvents.$inferSelect,
  fromQuota: number,
  fromPack: number,
  whole: boolean,
): Promise<void> {
  const total = fromQuota + fromPack;
  if (fromQuota > 0) {
    await tx
      .update(usageCounters)
      .set({ used: sql`greatest(${usageCounters.used} - ${fromQuota}, 0)` })
      .where(counterKey(event.teamId, '', event.periodStart));
  }
  if (fromPack > 0 && event.packId !== null) {
    await tx
      .update(creditPackRows)
      .set({ remaining: sql`${creditPackRows.remaining} + ${fromPack}` })
      .where(eq(creditPackRows.id, event.packId));
  }
  if (event.botId !== null && total > 0) {
    await tx
      .update(usageCounters)
      .set({ used: sql`greatest(${usageCounters.used} - ${total}, 0)` })
      .where(counterKey(event.teamId, `bot:${event.botId}`, event.periodStart));
  }
  if (whole && event.contactId !== null) {
    await tx
      .update(usageCounters)
      .set({ used: sql`greatest(${usageCounters.used} - 1, 0)` })
      .where(counterKey(event.teamId, `contact:${event.contactId}`, utcDay(event.occurredAt).start));
  }
}

function refusalMessage(reason: RefusalReason, plan: Plan): string {
  switch (reason) {
    case 'quota':
      return `The team has used its ${plan.limits.aiCredits.toLocaleString('en-US')} AI credits for this period (${plan.name} plan) and has no credit pack left.`;
    case 'bot_cap':
      return 'The bot has reached its monthly AI credit cap.';
    case 'contact_cap':
      return `This contact has had ${plan.limits.contactDailyReplies} AI replies today, the daily most per contact.`;
  }
}
