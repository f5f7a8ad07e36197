import type { Config } from '../config/env';
import { effectivePlan } from '../billing/limits';
import type { CurrentTeamBilling } from './user-presenter';
import { iso } from './iso';
import {
  creditPacks,
  formatMoney,
  isPlanCode,
  planCodes,
  planOf,
  plans,
  type Currency,
  type Interval,
  type Plan,
} from '../billing/plans';
import { projectUsage } from '../billing/periods';
import type { InvoiceRow, SubscriptionRow } from '../billing/subscriptions';
import type { BillingOverview } from '../domain/billing/billing-overview';

/** The current team's plan and past-due state, as every page carries it (for the banner). */
export function presentTeamBilling(
  config: Pick<Config, 'billing'>,
  team: { plan: string | null; pastDueUntil: Date | null },
): CurrentTeamBilling {
  const plan = effectivePlan(config, team);
  return { plan: plan.code, plan_name: plan.name, past_due_until: team.pastDueUntil?.toISOString() ?? null };
}

type PlanCodeName = 'free' | 'starter' | 'growth' | 'business';

/** A limit as the comparison table lists it. */
export interface PlanLimitsProps {
  bots: number;
  channels: number;
  channel_types: string[];
  members: number;
  ai_credits: number;
  knowledge_chars: number;
  knowledge_sources: number;
  file_max_mb: number;
  history_days: number;
  contact_daily_replies: number;
  api_access: boolean;
  remove_branding: boolean;
}

export interface PlanProps {
  code: PlanCodeName;
  name: string;
  tagline: string;
  /** Amounts in the currency's stored unit (cents, rupiah) and as people read them ("$29", "Rp449.000"). */
  prices: Record<'month' | 'year', Record<'USD' | 'IDR', { amount: number; formatted: string }>>;
  limits: PlanLimitsProps;
  trial_days: number;
  current: boolean;
}

export interface MeterProps {
  key: 'ai_credits' | 'bots' | 'channels' | 'members' | 'knowledge_sources' | 'knowledge_chars';
  label: string;
  used: number;
  limit: number;
  /** 0–100+, rounded. */
  percent: number;
  /** Where the period's end is heading at this pace (metered limits only), else null. */
  projected: number | null;
  /** True for limits that start again each period (AI credits). */
  resets: boolean;
}

export interface SubscriptionProps {
  plan: PlanCodeName;
  plan_name: string;
  interval: 'month' | 'year';
  currency: 'USD' | 'IDR';
  provider: 'manual' | 'stripe' | 'xendit';
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete';
  current_period_start: string;
  current_period_end: string;
  trial_ends_at: string | null;
  cancel_at_period_end: boolean;
  ends_at: string | null;
  /** Canceled but the plan still holds until ends_at: Resume is offered. */
  on_grace_period: boolean;
  scheduled_plan: PlanCodeName | null;
  scheduled_plan_name: string | null;
  scheduled_interval: 'month' | 'year' | null;
  past_due_since: string | null;
  /** The provider has a customer portal (Stripe). */
  has_portal: boolean;
}

export interface InvoiceSummaryProps {
  id: number;
  number: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  purpose: 'subscription' | 'renewal' | 'proration' | 'credit_pack';
  /** "Growth plan, monthly", "1,000 AI credits". */
  description: string;
  currency: 'USD' | 'IDR';
  total: number;
  total_formatted: string;
  issued_at: string;
  due_at: string | null;
  paid_at: string | null;
  provider: 'manual' | 'stripe' | 'xendit';
  /** The provider's own page for it (Stripe, Xendit), when there is one. */
  hosted_url: string | null;
}

export interface BillingIndexProps {
  team: { id: number; name: string };
  can: { manage: boolean };
  /** The plan in force now (Free without a subscription). */
  plan: { code: PlanCodeName; name: string };
  subscription: SubscriptionProps | null;
  period: { start: string; end: string };
  meters: MeterProps[];
  credit_packs: {
    remaining: number;
    packs: Array<{ id: number; credits: number; remaining: number; expires_at: string | null }>;
  };
  plans: PlanProps[];
  packs: Array<{ code: string; credits: number; prices: Record<'USD' | 'IDR', { amount: number; formatted: string }> }>;
  /** The currency the team pays in, and who takes each currency's payments here. */
  currency: 'USD' | 'IDR';
  providers: { USD: 'stripe' | 'manual'; IDR: 'xendit' | 'manual' };
  details: {
    company_name: string | null;
    address: string | null;
    tax_id: string | null;
    email: string | null;
    currency: 'USD' | 'IDR';
  };
  invoices: InvoiceSummaryProps[];
  /** Payment provider events about the team, newest first (owners only; empty for others). */
  events: Array<{
    id: number;
    provider: string;
    type: string | null;
    result: string;
    signature_valid: boolean;
    error: string | null;
    received_at: string;
  }>;
  /** Owners may mark Kawan's own invoices paid here (development, demo). */
  manual_payments: boolean;
}

export interface BillingInvoiceProps {
  invoice: InvoiceSummaryProps & {
    lines: Array<{ description: string; quantity: number; amount: number; amount_formatted: string }>;
    subtotal_formatted: string;
    tax_formatted: string;
    amount_paid_formatted: string;
    period_start: string | null;
    period_end: string | null;
    billed_to: { company_name: string | null; address: string | null; tax_id: string | null; email: string | null };
  };
  team: { id: number; name: string };
  seller: { name: string; url: string };
  can: { pay: boolean; manage: boolean };
  /** How to pay an open manual invoice (a bank transfer), or null. */
  payment_instructions: string | null;
}

// ---------------------------------------------------------------- Billing/Index and Billing/Invoice

const meterLabels: Record<MeterProps['key'], string> = {
  ai_credits: 'AI credits',
  bots: 'Bots',
  channels: 'Channels',
  members: 'Members',
  knowledge_sources: 'Knowledge sources',
  knowledge_chars: 'Knowledge characters',
};

function money(amount: number, currency: Currency) {
  return { amount, formatted: formatMoney(amount, currency) };
}

export function presentPlan(plan: Plan, current: boolean): PlanProps {
  const prices = (interval: Interval) => ({
    USD: money(plan.prices[interval].USD, 'USD'),
    IDR: money(plan.prices[interval].IDR, 'IDR'),
  });
  const { limits } = plan;
  return {
    code: plan.code,
    name: plan.name,
    tagline: plan.tagline,
    prices: { month: prices('month'), year: prices('year') },
    limits: {
      bots: limits.bots,
      channels: limits.channels,
      channel_types: limits.channelTypes,
      members: limits.members,
      ai_credits: limits.aiCredits,
      knowledge_chars: limits.knowledgeChars,
      knowledge_sources: limits.knowledgeSources,
      file_max_mb: limits.fileMaxMb,
      history_days: limits.historyDays,
      contact_daily_replies: limits.contactDailyReplies,
      api_access: limits.apiAccess,
      remove_branding: limits.removeBranding,
    },
    trial_days: plan.trialDays,
    current,
  };
}

function meter(key: MeterProps['key'], used: number, limit: number, projected: number | null): MeterProps {
  return {
    key,
    label: meterLabels[key],
    used,
    limit,
    percent: limit > 0 ? Math.round((used / limit) * 100) : 100,
    projected,
    resets: key === 'ai_credits',
  };
}

export function invoiceDescription(invoice: InvoiceRow): string {
  if (invoice.purpose === 'credit_pack') return invoice.lines[0]?.description ?? 'AI credits';
  const plan = invoice.plan ? planOf(invoice.plan).name : 'Plan';
  const every = invoice.interval === 'year' ? 'yearly' : 'monthly';
  if (invoice.purpose === 'proration') return `Change to ${plan} (${every}), prorated`;
  if (invoice.purpose === 'renewal') return `${plan} plan, ${every} renewal`;
  return `${plan} plan, ${every}`;
}

export function presentInvoiceSummary(invoice: InvoiceRow): InvoiceSummaryProps {
  const currency = invoice.currency as Currency;
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    purpose: invoice.purpose,
    description: invoiceDescription(invoice),
    currency,
    total: invoice.total,
    total_formatted: formatMoney(invoice.total, currency),
    issued_at: invoice.issuedAt.toISOString(),
    due_at: iso(invoice.dueAt),
    paid_at: iso(invoice.paidAt),
    provider: invoice.provider,
    hosted_url: invoice.hostedUrl,
  };
}

function presentSubscription(subscription: SubscriptionRow, now: Date): SubscriptionProps {
  const scheduled =
    subscription.scheduledPlan && isPlanCode(subscription.scheduledPlan) ? subscription.scheduledPlan : null;
  return {
    plan: planOf(subscription.plan).code,
    plan_name: planOf(subscription.plan).name,
    interval: subscription.interval as Interval,
    currency: subscription.currency as Currency,
    provider: subscription.provider,
    status: subscription.status,
    current_period_start: subscription.currentPeriodStart.toISOString(),
    current_period_end: subscription.currentPeriodEnd.toISOString(),
    trial_ends_at: iso(subscription.trialEndsAt),
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    ends_at: iso(subscription.endsAt),
    on_grace_period: subscription.cancelAtPeriodEnd && subscription.endsAt !== null && subscription.endsAt > now,
    scheduled_plan: scheduled,
    scheduled_plan_name: scheduled ? planOf(scheduled).name : null,
    scheduled_interval: (subscription.scheduledInterval as Interval | null) ?? null,
    past_due_since: iso(subscription.pastDueSince),
    has_portal: subscription.provider === 'stripe' && subscription.providerCustomerId !== null,
  };
}

export function presentBillingIndex(
  overview: BillingOverview,
  team: { id: number; name: string },
  options: { manualPayments: boolean },
  now: Date = new Date(),
): BillingIndexProps {
  const { billing, usage, subscription } = overview;
  const limits = billing.plan.limits;
  const live =
    subscription && subscription.status !== 'canceled' && (!subscription.endsAt || subscription.endsAt > now);
  return {
    team,
    can: { manage: overview.canManage },
    plan: { code: billing.plan.code, name: billing.plan.name },
    subscription: live ? presentSubscription(subscription, now) : null,
    period: { start: billing.period.start.toISOString(), end: billing.period.end.toISOString() },
    meters: [
      meter('ai_credits', usage.aiCredits, limits.aiCredits, projectUsage(usage.aiCredits, billing.period, now)),
      meter('bots', usage.bots, limits.bots, null),
      meter('channels', usage.channels, limits.channels, null),
      meter('members', usage.members, limits.members, null),
      meter('knowledge_sources', usage.knowledgeSources, limits.knowledgeSources, null),
      meter('knowledge_chars', usage.knowledgeChars, limits.knowledgeChars, null),
    ],
    credit_packs: {
      remaining: overview.packs.reduce((sum, pack) => sum + pack.remaining, 0),
      packs: overview.packs.map((pack) => ({
        id: pack.id,
        credits: pack.credits,
        remaining: pack.remaining,
        expires_at: iso(pack.expiresAt),
      })),
    },
    plans: planCodes.map((code) => presentPlan(plans[code], code === billing.plan.code)),
    packs: creditPacks.map((pack) => ({
      code: pack.code,
      credits: pack.credits,
      prices: { USD: money(pack.prices.USD, 'USD'), IDR: money(pack.prices.IDR, 'IDR') },
    })),
    currency: overview.currency,
    providers: overview.providers,
    details: {
      company_name: overview.details?.companyName ?? null,
      address: overview.details?.address ?? null,
      tax_id: overview.details?.taxId ?? null,
      email: overview.details?.email ?? null,
      currency: overview.currency,
    },
    invoices: overview.invoices.map(presentInvoiceSummary),
    events: overview.events.map((event) => ({
      id: event.id,
      provider: event.provider,
      type: event.type,
      result: event.result,
      signature_valid: event.signatureValid,
      error: event.error,
      received_at: event.receivedAt.toISOString(),
    })),
    manual_payments: options.manualPayments,
  };
}

export function presentInvoice(
  invoice: InvoiceRow,
  team: { id: number; name: string },
  options: { canManage: boolean; manualPayments: boolean; appName: string; appUrl: string },
): BillingInvoiceProps {
  const currency = invoice.currency as Currency;
  const open = invoice.status === 'open';
  return {
    invoice: {
      ...presentInvoiceSummary(invoice),
      lines: invoice.lines.map((line) => ({ ...line, amount_formatted: formatMoney(line.amount, currency) })),
      subtotal_formatted: formatMoney(invoice.subtotal, currency),
      tax_formatted: formatMoney(invoice.tax, currency),
      amount_paid_formatted: formatMoney(invoice.amountPaid, currency),
      period_start: iso(invoice.periodStart),
      period_end: iso(invoice.periodEnd),
      billed_to: {
        company_name: invoice.billedTo.companyName,
        address: invoice.billedTo.address,
        tax_id: invoice.billedTo.taxId,
        email: invoice.billedTo.email,
      },
    },
    team,
    seller: { name: options.appName, url: options.appUrl },
    can: {
      pay: open && options.canManage && options.manualPayments && invoice.provider === 'manual',
      manage: options.canManage,
    },
    payment_instructions:
      open && invoice.provider === 'manual'
        ? `Transfer ${formatMoney(invoice.total, currency)} with the reference ${invoice.number}. The plan or credits take effect as soon as the payment is confirmed.`
        : null,
  };
}
