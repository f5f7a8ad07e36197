/**
 * AI credits, metered (docs/decisions/018-billing.md): a usage event per reply under an idempotency
 * key, and counters per team, bot and contact moved in the same transaction. Credits are reserved
 * before the model is called and reconciled after; a key seen before counts nothing again, and a
 * reservation that would pass a quota or cap is refused, so the quota is never exceeded however
 * many replies run at once.
 */
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Config } from '../config/env';
import { creditPackRows, usageCounters, usageEvents } from '../db/schema/index';
import { teamBilling } from './period-of-team';
import { cachedFrozen } from '../cache/cached-reads';
import { utcDay } from './periods';
import { statement, value } from '../db/statements';
import type { Plan } from './plans';

/** Who asked the model: a channel's customer, an API caller, the test chat, an agent's drafted reply. */
export type UsageSource = 'channel' | 'api' | 'test' | 'copilot';

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
  const reserving = await creditReservation(db, config, usage, now);
  const [row] = await reserveStatement(db, { ...reserving.values, key: usage.key });
  return reserving.settle(row);
}

/** What reserve_ai_credits answers (migration 0010). */
export interface ReservationRow {
  result: string;
  counter_id: number | null;
  used: number | null;
  warned80: boolean | null;
  warned100: boolean | null;
}

/**
 * The call of reserve_ai_credits (one statement: every counter and the event, or nothing) in a
 * statement built once (server/db/statements.ts), with its arguments as that statement's values
 * (`creditReservation().values`) and its idempotency key an expression of it (a reply's, from
 * the row the statement inserts). Select `reservationColumns` from it, aliased `reserved`.
 */
export function reserveAiCredits(key: SQL): SQL {
  return sql`reserve_ai_credits(
    ${value('reserveTeam')}::int, ${key}, ${value('reserveCredits')}::int, ${value('reserveBot')}::int,
    ${value('reserveContact')}::int, ${value('reserveModel')}::varchar, ${value('reserveSource')}::varchar,
    ${value('reservePeriodStart')}::timestamptz, ${value('reservePeriodEnd')}::timestamptz,
    ${value('reserveQuota')}::int, ${value('reserveDayStart')}::timestamptz, ${value('reserveDayEnd')}::timestamptz,
    ${value('reserveContactCap')}::int, ${value('reserveNow')}::timestamptz)`;
}

/** What `reserveAiCredits` answers, as the row `settle` reads. */
export const reservationColumns = {
  result: sql<string>`reserved.result`,
  counter_id: sql<number | null>`reserved.counter_id`,
  used: sql<number | null>`reserved.used`,
  warned80: sql<boolean | null>`reserved.warned80`,
  warned100: sql<boolean | null>`reserved.warned100`,
};

const reserveStatement = statement((db) =>
  db
    .select(reservationColumns)
    .from(sql`${reserveAiCredits(sql`${value('key')}::varchar`)} as reserved`)
    .prepare(''),
);

/**
 * A reservation for `usage`, to make with `reserveAiCredits` in a statement (`values` are its
 * arguments) and read with `settle`.
 */
export async function creditReservation(
  db: Database,
  config: Pick<Config, 'billing'>,
  usage: Omit<ReplyUsage, 'key'>,
  now: Date = new Date(),
): Promise<{ values: Record<string, unknown>; settle(row: ReservationRow): Promise<Reservation> }> {
  const { plan, period } = await teamBilling(db, config, usage.teamId, now);
  const day = utcDay(now);
  return {
    values: {
      reserveTeam: usage.teamId,
      reserveCredits: usage.credits,
      reserveBot: usage.botId,
      reserveContact: usage.contactId,
      reserveModel: usage.model,
      reserveSource: usage.source,
      reservePeriodStart: period.start.toISOString(),
      reservePeriodEnd: period.end.toISOString(),
      reserveQuota: plan.limits.aiCredits,
      reserveDayStart: day.start.toISOString(),
      reserveDayEnd: day.end.toISOString(),
      reserveContactCap: plan.limits.contactDailyReplies,
      reserveNow: now.toISOString(),
    },
    settle: async (row) => {
      switch (row.result) {
        case 'seen':
          return { ok: true, credits: 0, fresh: false, crossed: [], plan, period };
        case 'quota_ok':
        case 'pack_ok': {
          const crossed =
            row.result === 'quota_ok' && row.counter_id !== null && row.used !== null
              ? thresholds(
                  {
                    id: row.counter_id,
                    used: row.used,
                    warned80: Boolean(row.warned80),
                    warned100: Boolean(row.warned100),
                  },
                  usage.credits,
                  plan.limits.aiCredits,
                )
              : [];
          return { ok: true, credits: usage.credits, fresh: true, crossed, plan, period };
        }
        default: {
          const reason = row.result as RefusalReason;
          const crossed = reason === 'quota' ? await quotaReached(db, usage.teamId, period, plan) : [];
          return {
            ok: false,
            reason,
            message: refusalMessage(reason, plan),
            retryAt: reason === 'contact_cap' ? day.end : period.end,
            crossed,
            plan,
          };
        }
      }
    },
  };
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
  // Every dashboard visit shows these: through the hot cache (usage_counters and credit_packs are
  // written by reserve_ai_credits, which the write observer knows). The packs are kept with their
  // expiry and summed here against `now`, so that a pack running out needs no write to show.
  const { used, packs } = await cachedFrozen(
    db,
    `credits-used:${teamId}:${periodStart.toISOString()}`,
    { groups: ['usage_counters', 'credit_packs'] },
    async () => {
      const [counter] = await db
        .select({ used: usageCounters.used })
        .from(usageCounters)
        .where(counterKey(teamId, '', periodStart));
      const packs = await db
        .select({ remaining: creditPackRows.remaining, expiresAt: creditPackRows.expiresAt })
        .from(creditPackRows)
        .where(and(eq(creditPackRows.teamId, teamId), gt(creditPackRows.remaining, 0)));
      return { used: counter?.used ?? 0, packs };
    },
  );
  const packRemaining = packs
    .filter((pack) => pack.expiresAt === null || pack.expiresAt > now)
    .reduce((sum, pack) => sum + pack.remaining, 0);
  return { used, packRemaining };
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
