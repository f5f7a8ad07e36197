import type { CreditQuotaProps, PlanLimitProps } from '../../../server/presenters/plan-usage-presenter';

/**
 * How pages tell the team where it stands against its plan before it hits a limit: a counted
 * limit beside a "New …" button ("1 of 1 bots on the Free plan"), what to say once it is reached,
 * and the period's AI credits against the plan's quota. Pure: the components draw these.
 */
export type { CreditQuotaProps, PlanLimitProps };

/** A thing a plan counts, as a sentence names it: `{ one: 'bot', many: 'bots' }`. */
export interface LimitNoun {
  one: string;
  many: string;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `10,000`. */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** "1 of 1 bots on the Free plan", "3 of 5 members on the Growth plan, invitations included". */
export function limitLine(limit: PlanLimitProps, noun: LimitNoun, note?: string): string {
  const line = `${formatCount(limit.used)} of ${formatCount(limit.limit)} ${noun.many} on the ${limit.plan} plan`;
  return note ? `${line}, ${note}` : line;
}

/**
 * Why the "New …" button is gone: "Your team has all 5 bots its Growth plan includes.", "Your team
 * has the one bot its Free plan includes.", or, after a downgrade, "Your team has 3 bots, more
 * than the 1 its Free plan includes."
 */
export function limitReachedSentence(limit: PlanLimitProps, noun: LimitNoun): string {
  const plan = `its ${limit.plan} plan includes`;
  if (limit.used > limit.limit) {
    return `Your team has ${formatCount(limit.used)} ${limit.used === 1 ? noun.one : noun.many}, more than the ${formatCount(limit.limit)} ${plan}.`;
  }
  if (limit.limit === 1) return `Your team has the one ${noun.one} ${plan}.`;
  return `Your team has all ${formatCount(limit.limit)} ${noun.many} ${plan}.`;
}

/** "7,900 of 10,000 AI credits this period (Growth)". */
export function quotaLine(quota: CreditQuotaProps): string {
  return `${formatCount(quota.used)} of ${formatCount(quota.limit)} AI credits this period (${quota.plan})`;
}

/** The share of the period's credits used, 0–100 (a plan without credits counts as used up). */
export function quotaPercent(quota: CreditQuotaProps): number {
  if (quota.limit <= 0) return 100;
  return Math.min(100, Math.max(0, (quota.used / quota.limit) * 100));
}

export type QuotaTone = 'indigo' | 'amber' | 'red';

/**
 * The bar's colour, as on the Billing page's meters: indigo, amber from 80 % (when the owner and
 * admins are warned by mail), red once used up.
 */
export function quotaTone(quota: CreditQuotaProps): QuotaTone {
  const percent = quotaPercent(quota);
  if (percent >= 100) return 'red';
  return percent >= 80 ? 'amber' : 'indigo';
}

/** The note under the bar in the bar's colour (grey while indigo). */
export const quotaNoteClasses: Record<QuotaTone, string> = {
  indigo: 'text-gray-500',
  amber: 'text-amber-700',
  red: 'font-medium text-red-700',
};

/**
 * A sentence under the bar when the quota needs attention: what is left from 80 %, and what
 * happens once it is used up (credit packs first, then AI replies stop and people take over);
 * null below 80 %.
 */
export function quotaNote(quota: CreditQuotaProps): string | null {
  if (quota.used >= quota.limit) {
    return quota.pack_remaining > 0
      ? `The period's credits are used up: replies now use credit packs (${formatCount(quota.pack_remaining)} credits left).`
      : "The period's credits are used up: until it ends, the bots send their fallback message and a person takes over.";
  }
  if (quotaPercent(quota) >= 80) return `${formatCount(quota.limit - quota.used)} credits left this period.`;
  return null;
}
