import dayjs from 'dayjs';
import type { BadgeTone } from '@/Components/StatusBadge';
import type {
  BillingIndexProps,
  InvoiceSummaryProps,
  PlanProps,
  SubscriptionProps,
} from '../../../../../server/presenters/billing-presenter';

/**
 * How the billing screens write their figures, dates and states, and the one rule for what each
 * plan offers (upgrade now, downgrade at the period's end, a checkout from Free).
 */

export const NONE = '—';

export type Interval = 'month' | 'year';
export type Currency = 'USD' | 'IDR';
export type PlanCode = PlanProps['code'];

/** The team's private channel hears this after every billing change (server/billing/subscriptions.ts). */
export const billingEvents = { updated: 'BillingUpdated' } as const;

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `1,234`; `—` for null. */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? NONE : integer.format(value);
}

/** `November 30`: a day of the current period, where the year goes without saying. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MMMM D') : '';
}

/** `Nov 30, 2026`: a date in a table, where the long form would crowd the columns. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('ll') : '';
}

export const intervalLabels: Record<Interval, { adjective: string; per: string }> = {
  month: { adjective: 'monthly', per: 'month' },
  year: { adjective: 'yearly', per: 'year' },
};

/** `$99 / month`, `Rp1.590.000 / year`: a plan's price as the server formatted it. */
export function priceOf(plan: PlanProps, interval: Interval, currency: Currency): string {
  return `${plan.prices[interval][currency].formatted} / ${intervalLabels[interval].per}`;
}

export const providerNames: Record<SubscriptionProps['provider'], string> = {
  manual: 'Kawan (bank transfer)',
  stripe: 'Stripe',
  xendit: 'Xendit',
};

/** A meter's colour: indigo under 80 %, amber from 80 %, red from 100 %. */
export function meterTone(percent: number): 'indigo' | 'amber' | 'red' {
  if (percent >= 100) return 'red';
  if (percent >= 80) return 'amber';
  return 'indigo';
}

export const subscriptionStatuses: Record<SubscriptionProps['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  trialing: { label: 'Trial', tone: 'indigo' },
  past_due: { label: 'Past due', tone: 'red' },
  canceled: { label: 'Canceled', tone: 'gray' },
  incomplete: { label: 'Awaiting payment', tone: 'yellow' },
};

/** An open invoice whose due date has passed is overdue. */
export function invoiceStatus(
  invoice: InvoiceSummaryProps,
  now: number = Date.now(),
): { label: string; tone: BadgeTone } {
  switch (invoice.status) {
    case 'paid':
      return { label: 'Paid', tone: 'green' };
    case 'open':
      return invoice.due_at && Date.parse(invoice.due_at) < now
        ? { label: 'Overdue', tone: 'red' }
        : { label: 'Open', tone: 'yellow' };
    case 'draft':
      return { label: 'Draft', tone: 'gray' };
    case 'void':
      return { label: 'Void', tone: 'gray' };
    case 'uncollectible':
      return { label: 'Uncollectible', tone: 'red' };
  }
}

/** "View at Stripe", "Pay at Xendit": the provider's own page for an invoice, or null. */
export function providerLink(invoice: InvoiceSummaryProps): { label: string; href: string } | null {
  if (!invoice.hosted_url || invoice.provider === 'manual') return null;
  const name = providerNames[invoice.provider];
  const verb = invoice.status === 'open' && invoice.provider === 'xendit' ? 'Pay' : 'View';
  return { label: `${verb} at ${name}`, href: invoice.hosted_url };
}

/** A payment provider event's result as a badge: applied green, failures red, the rest gray. */
export function eventResultTone(result: string): BadgeTone {
  if (result === 'applied') return 'green';
  if (/fail|error|reject|invalid/i.test(result)) return 'red';
  return 'gray';
}

const planOrder: PlanCode[] = ['free', 'starter', 'growth', 'business'];
const intervalOrder: Interval[] = ['month', 'year'];

/**
 * What a plan's column offers at the chosen interval:
 * - `checkout`: the team is on Free (no subscription, or one that ended or never started): buy it.
 * - `current`: the plan and interval the team pays for now; `keep` when a change is scheduled,
 *   which choosing it again takes back.
 * - `scheduled`: the plan the team changes to at the period's end.
 * - `upgrade`: a higher plan (or the same plan yearly): takes effect now, the difference prorated.
 * - `downgrade`: a lower paid plan (or the same plan monthly): at the period's end.
 * - `cancel`: Free for a paying team, reached by canceling (the plan holds until the period's end).
 * - `none`: nothing to do here (Free for a team on Free, any plan while a cancellation is pending).
 */
export type PlanAction = 'checkout' | 'current' | 'keep' | 'scheduled' | 'upgrade' | 'downgrade' | 'cancel' | 'none';

/** The subscription that changes through billing.plan.update, or null when the team buys through checkout. */
export function liveSubscription(subscription: SubscriptionProps | null): SubscriptionProps | null {
  if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete') return null;
  return subscription;
}

export function planAction(
  plan: Pick<PlanProps, 'code'>,
  interval: Interval,
  state: Pick<BillingIndexProps, 'plan' | 'subscription'>,
): PlanAction {
  const subscription = liveSubscription(state.subscription);
  if (!subscription) {
    if (plan.code === 'free') return state.plan.code === 'free' ? 'current' : 'none';
    return 'checkout';
  }
  const isCurrent = plan.code === subscription.plan && (plan.code === 'free' || interval === subscription.interval);
  if (isCurrent) return subscription.scheduled_plan ? 'keep' : 'current';
  const ending = subscription.cancel_at_period_end || subscription.on_grace_period;
  if (plan.code === 'free') return ending ? 'scheduled' : 'cancel';
  if (ending) return 'none';
  const scheduled =
    subscription.scheduled_plan === plan.code &&
    (subscription.scheduled_interval ?? subscription.interval) === interval;
  if (scheduled) return 'scheduled';
  const rank = planOrder.indexOf(plan.code) - planOrder.indexOf(subscription.plan);
  if (rank !== 0) return rank > 0 ? 'upgrade' : 'downgrade';
  return intervalOrder.indexOf(interval) > intervalOrder.indexOf(subscription.interval) ? 'upgrade' : 'downgrade';
}

/** The first message of a form's errors, for an action whose error has no field of its own. */
export function firstError(errors: Partial<Record<string, string>>): string | undefined {
  return Object.values(errors).find((message) => typeof message === 'string' && message !== '');
}
