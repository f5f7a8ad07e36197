import type { Services } from '../../services';
import type { ChannelType } from '../../db/schema/channels';
import { limitState, teamPlan, usedOf, type CountedLimit } from '../../billing/limits';
import { botCreditsUsed, creditsUsed } from '../../billing/metering';
import { teamBilling } from '../../billing/period-of-team';
import { planCodes, plans, type Plan } from '../../billing/plans';

/**
 * What the product's screens show of the team's plan before anyone hits a limit: where the team
 * stands against a counted limit (beside a "New …" button), the period's AI credits against the
 * plan's quota (the dashboard, reports) and what each bot used of its own cap. Reads only; the
 * limits themselves are enforced where things are created (server/billing/limits.ts).
 */

/** `{ used, limit, reached, plan }`: the plan's figure for one counted thing, and the team's count. */
export type LimitState = ReturnType<typeof limitState>;

type Reader = Pick<Services, 'db' | 'config'>;

/** Where the team stands against its plan's limit for `limit` now (members: invitations included). */
export async function limitOf(services: Reader, teamId: number, limit: CountedLimit): Promise<LimitState> {
  const [plan, used] = await Promise.all([
    teamPlan(services.db, services.config, teamId),
    usedOf(services.db, teamId, limit),
  ]);
  return limitState(plan, limit, used);
}

/** The team's AI credits this billing period against its plan's quota, and what its credit packs still hold. */
export interface CreditQuota {
  plan: Plan;
  period: { start: Date; end: Date };
  used: number;
  packRemaining: number;
}

export async function creditQuotaOf(services: Reader, teamId: number, now: Date = new Date()): Promise<CreditQuota> {
  const { plan, period } = await teamBilling(services.db, services.config, teamId, now);
  const { used, packRemaining } = await creditsUsed(services.db, teamId, period.start, now);
  return { plan, period, used, packRemaining };
}

/** The credits each bot of the team used this billing period, by bot id (a bot that used none is absent). */
export async function botCreditsThisPeriod(
  services: Reader,
  teamId: number,
  now: Date = new Date(),
): Promise<Map<number, number>> {
  const { period } = await teamBilling(services.db, services.config, teamId, now);
  return botCreditsUsed(services.db, teamId, period.start);
}

/** The first plan, in upgrade order, whose channel types include `type` ("Starter" for WhatsApp). */
export function firstPlanWith(type: ChannelType): Plan {
  const code = planCodes.find((each) => plans[each].limits.channelTypes.includes(type)) ?? 'business';
  return plans[code];
}
