/**
 * The plan's limits, enforced where things are created: a bot, a channel, a knowledge source, an
 * invitation beyond the limit is refused with a 422 naming it. The count and the insert run in
 * one transaction under a per-team advisory lock, so two requests at once cannot both take the
 * last place.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { cachedRead } from '../cache/cached-reads';
import type { Config } from '../config/env';
import { bots, channels, knowledgeSources, teamInvitations, teams, teamUser } from '../db/schema/index';
import type { ChannelType } from '../db/schema/channels';
import { ValidationError } from '../support/errors';
import { planOf, type Plan } from './plans';

export type CountedLimit = 'bots' | 'channels' | 'knowledgeSources' | 'members';

const nouns: Record<CountedLimit, [string, string]> = {
  bots: ['bot', 'bots'],
  channels: ['channel', 'channels'],
  knowledgeSources: ['knowledge source', 'knowledge sources'],
  members: ['member', 'members'],
};

const channelTypeNames: Record<ChannelType, string> = {
  web: 'web chat',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  webhook: 'webhook',
};

/** A 422 naming the plan's limit; the message ends by pointing at the upgrade. */
export class PlanLimitError extends ValidationError {
  constructor(field: string, message: string, bag?: string) {
    super({ [field]: `${message} Upgrade your plan on the Billing page to add more.` }, bag);
  }
}

/** The plan whose limits hold for a team now. */
export function effectivePlan(config: Pick<Config, 'billing'>, team: { plan: string | null }): Plan {
  return planOf(team.plan, config.billing.defaultPlan);
}

/**
 * The team's plan; through the hot cache outside transactions (every API request asks it), fresh
 * inside one (a limit check under the team's lock).
 */
export async function teamPlan(db: Database, config: Pick<Config, 'billing'>, teamId: number): Promise<Plan> {
  const plan = await cachedRead(db, `team-plan:${teamId}`, { groups: ['teams'] }, async () => {
    const [row] = await db.select({ plan: teams.plan }).from(teams).where(eq(teams.id, teamId));
    return row?.plan ?? null;
  });
  return effectivePlan(config, { plan });
}

/** The tables each counted thing is counted in: a write to one drops the cached count. */
const countedIn: Record<CountedLimit, string[]> = {
  bots: ['bots'],
  channels: ['channels'],
  knowledgeSources: ['knowledge_sources'],
  members: ['team_user', 'team_invitations'],
};

/**
 * How many of a counted thing the team has now (members: the owner, members and pending
 * invitations); through the hot cache outside transactions (the team page and the screens that
 * show '1 of 1 bots' ask on every visit), fresh inside one (a limit check under the team's lock).
 */
export async function usedOf(db: Database, teamId: number, limit: CountedLimit): Promise<number> {
  return cachedRead(db, `used:${limit}:${teamId}`, { groups: countedIn[limit] }, () => countNow(db, teamId, limit));
}

async function countNow(db: Database, teamId: number, limit: CountedLimit): Promise<number> {
  switch (limit) {
    case 'bots':
      return countWhere(db, bots, eq(bots.teamId, teamId));
    case 'channels':
      return countWhere(db, channels, eq(channels.teamId, teamId));
    case 'knowledgeSources':
      return countWhere(db, knowledgeSources, eq(knowledgeSources.teamId, teamId));
    case 'members':
      return (
        1 +
        (await countWhere(db, teamUser, eq(teamUser.teamId, teamId))) +
        (await countWhere(db, teamInvitations, eq(teamInvitations.teamId, teamId)))
      );
  }
}

async function countWhere(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return Number(row?.value ?? 0);
}

/** The plan's figure as a sentence: "Your Free plan includes 1 bot." */
export function limitSentence(plan: Plan, limit: CountedLimit): string {
  const value = plan.limits[limit];
  const [one, many] = nouns[limit];
  return `Your ${plan.name} plan includes ${value.toLocaleString('en-US')} ${value === 1 ? one : many}.`;
}

/**
 * Runs `create` in a transaction once the team is below its plan's limit for `limit`, under a
 * per-team lock held until the transaction ends; else a 422 on `field`.
 */
export async function withinLimit<T>(
  db: Database,
  config: Pick<Config, 'billing'>,
  teamId: number,
  limit: CountedLimit,
  target: { field: string; bag?: string },
  create: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockTeamLimits(tx, teamId);
    await assertBelow(tx, config, teamId, limit, target);
    return create(tx);
  });
}

/** The check of `withinLimit` alone, for callers already in a transaction (which should hold the lock). */
export async function assertBelow(
  db: Database,
  config: Pick<Config, 'billing'>,
  teamId: number,
  limit: CountedLimit,
  target: { field: string; bag?: string },
): Promise<void> {
  const plan = await teamPlan(db, config, teamId);
  const used = await usedOf(db, teamId, limit);
  if (used >= plan.limits[limit]) {
    throw new PlanLimitError(target.field, limitSentence(plan, limit), target.bag);
  }
}

/** Serialises limit checks of one team (a transaction-scoped advisory lock). */
export async function lockTeamLimits(tx: Database, teamId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${limitLockSpace}, ${teamId})`);
}

/** The first key of the two-key advisory locks Kawan takes for plan limits. */
const limitLockSpace = 7_120_001;

/** A channel type the plan does not include: a 422 on `type`. */
export function assertChannelType(plan: Plan, type: ChannelType): void {
  if (!plan.limits.channelTypes.includes(type)) {
    const allowed = plan.limits.channelTypes.map((each) => channelTypeNames[each]).join(', ');
    throw new PlanLimitError(
      'type',
      `Your ${plan.name} plan does not include ${channelTypeNames[type]} channels (it includes ${allowed}).`,
    );
  }
}

/** Characters of knowledge the team holds now (every source's extracted text). */
export async function knowledgeCharsOf(db: Database, teamId: number, exceptSourceId?: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${knowledgeSources.chars}), 0)::bigint` })
    .from(knowledgeSources)
    .where(
      exceptSourceId === undefined
        ? eq(knowledgeSources.teamId, teamId)
        : and(eq(knowledgeSources.teamId, teamId), sql`${knowledgeSources.id} <> ${exceptSourceId}`),
    );
  return Number(row?.value ?? 0);
}

/** The numbers a page shows beside a "New …" button: used and allowed, and whether one more fits. */
export function limitState(
  plan: Plan,
  limit: CountedLimit,
  used: number,
): { used: number; limit: number; reached: boolean; plan: string } {
  const value = plan.limits[limit];
  return { used, limit: value, reached: used >= value, plan: plan.name };
}
