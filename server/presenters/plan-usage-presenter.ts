import type { ChannelType } from '../db/schema/channels';
import { channelTypes } from '../domain/channels/schemas';
import { firstPlanWith, type CreditQuota, type LimitState } from '../domain/billing/plan-usage';
import type { Plan } from '../billing/plans';

/** A counted limit as pages receive it: `{ used, limit, reached, plan }` (the plan's name). */
export type PlanLimitProps = LimitState;

/** The period's AI credits against the plan's quota: "7,900 of 10,000 AI credits this period (Growth)". */
export interface CreditQuotaProps {
  used: number;
  limit: number;
  /** The plan's name. */
  plan: string;
  period_start: string;
  period_end: string;
  /** Credits left in bought packs, spent once the period's own run out. */
  pack_remaining: number;
}

export function presentCreditQuota(quota: CreditQuota): CreditQuotaProps {
  return {
    used: quota.used,
    limit: quota.plan.limits.aiCredits,
    plan: quota.plan.name,
    period_start: quota.period.start.toISOString(),
    period_end: quota.period.end.toISOString(),
    pack_remaining: quota.packRemaining,
  };
}

/** What Channels/Create needs to offer only the types the plan includes. */
export interface PlanChannelTypesProps {
  /** The types the team's plan includes. */
  plan_channel_types: ChannelType[];
  /** The team's plan by name ("Free"). */
  plan_name: string;
  /** Each type's first plan by name ("Starter" for WhatsApp): "Starter and above". */
  channel_type_plans: Record<ChannelType, string>;
}

export function presentPlanChannelTypes(plan: Plan): PlanChannelTypesProps {
  return {
    plan_channel_types: [...plan.limits.channelTypes],
    plan_name: plan.name,
    channel_type_plans: Object.fromEntries(channelTypes.map((type) => [type, firstPlanWith(type).name])) as Record<
      ChannelType,
      string
    >,
  };
}
