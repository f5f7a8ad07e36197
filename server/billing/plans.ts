/**
 * Kawan's plans: the one place prices, limits and credit weights live (docs/decisions/018-billing.md).
 * Pure data and pure functions; no database, no framework.
 */
import type { ChannelType } from '../db/schema/channels';

export const planCodes = ['free', 'starter', 'growth', 'business'] as const;
export type PlanCode = (typeof planCodes)[number];

export const intervals = ['month', 'year'] as const;
export type Interval = (typeof intervals)[number];

export const currencies = ['USD', 'IDR'] as const;
export type Currency = (typeof currencies)[number];

/** Digits after the decimal point of each currency's amounts as stored (IDR is whole rupiah). */
export const currencyExponent: Record<Currency, number> = { USD: 2, IDR: 0 };

export interface PlanLimits {
  bots: number;
  channels: number;
  channelTypes: ChannelType[];
  /** Members besides the owner count; the owner is one. Pending invitations count as members. */
  members: number;
  /** AI credits a period (one reply = its model's weight). */
  aiCredits: number;
  knowledgeChars: number;
  knowledgeSources: number;
  fileMaxMb: number;
  /** Days conversations are kept after their last message. */
  historyDays: number;
  /** AI replies one contact may get a day (UTC days), against abuse. */
  contactDailyReplies: number;
  apiAccess: boolean;
  removeBranding: boolean;
}

export interface Plan {
  code: PlanCode;
  name: string;
  /** One line under the name on the comparison table. */
  tagline: string;
  /** Price per interval in each currency, in the currency's stored unit (cents, rupiah). */
  prices: Record<Interval, Record<Currency, number>>;
  limits: PlanLimits;
  trialDays: number;
}

export const plans: Record<PlanCode, Plan> = {
  free: {
    code: 'free',
    name: 'Free',
    tagline: 'Try Kawan with one bot on your website.',
    prices: { month: { USD: 0, IDR: 0 }, year: { USD: 0, IDR: 0 } },
    limits: {
      bots: 1,
      channels: 1,
      channelTypes: ['web'],
      members: 1,
      aiCredits: 100,
      knowledgeChars: 400_000,
      knowledgeSources: 10,
      fileMaxMb: 5,
      historyDays: 30,
      contactDailyReplies: 30,
      apiAccess: false,
      removeBranding: false,
    },
    trialDays: 0,
  },
  starter: {
    code: 'starter',
    name: 'Starter',
    tagline: 'A small team answering on web, WhatsApp and Telegram.',
    prices: { month: { USD: 2_900, IDR: 449_000 }, year: { USD: 27_800, IDR: 4_310_000 } },
    limits: {
      bots: 2,
      channels: 3,
      channelTypes: ['web', 'whatsapp', 'telegram'],
      members: 2,
      aiCredits: 2_000,
      knowledgeChars: 2_000_000,
      knowledgeSources: 100,
      fileMaxMb: 10,
      historyDays: 90,
      contactDailyReplies: 60,
      apiAccess: false,
      removeBranding: false,
    },
    trialDays: 14,
  },
  growth: {
    code: 'growth',
    name: 'Growth',
    tagline: 'Several bots, every channel, the API and webhooks.',
    prices: { month: { USD: 9_900, IDR: 1_590_000 }, year: { USD: 95_000, IDR: 15_260_000 } },
    limits: {
      bots: 5,
      channels: 10,
      channelTypes: ['web', 'whatsapp', 'telegram', 'webhook'],
      members: 5,
      aiCredits: 10_000,
      knowledgeChars: 10_000_000,
      knowledgeSources: 500,
      fileMaxMb: 25,
      historyDays: 365,
      contactDailyReplies: 100,
      apiAccess: true,
      removeBranding: true,
    },
    trialDays: 14,
  },
  business: {
    code: 'business',
    name: 'Business',
    tagline: 'Many teams of agents and bots at volume.',
    prices: { month: { USD: 39_900, IDR: 5_990_000 }, year: { USD: 383_000, IDR: 57_500_000 } },
    limits: {
      bots: 20,
      channels: 50,
      channelTypes: ['web', 'whatsapp', 'telegram', 'webhook'],
      members: 15,
      aiCredits: 50_000,
      knowledgeChars: 50_000_000,
      knowledgeSources: 2_000,
      fileMaxMb: 50,
      historyDays: 730,
      contactDailyReplies: 200,
      apiAccess: true,
      removeBranding: true,
    },
    trialDays: 14,
  },
};

export const paidPlanCodes = planCodes.filter((code) => code !== 'free') as Exclude<PlanCode, 'free'>[];

export function isPlanCode(value: unknown): value is PlanCode {
  return typeof value === 'string' && (planCodes as readonly string[]).includes(value);
}

export function planOf(code: string | null | undefined, fallback: PlanCode = 'free'): Plan {
  return isPlanCode(code) ? plans[code] : plans[fallback];
}

/** Where a plan stands among the others: an upgrade goes up this order. */
export function planRank(code: PlanCode): number {
  return planCodes.indexOf(code);
}

/** Credit packs on top of the period's credits, for any paid or free plan; used after the plan's own. */
export const creditPacks = [
  { code: 'pack_1000', credits: 1_000, prices: { USD: 1_500, IDR: 249_000 } },
  { code: 'pack_5000', credits: 5_000, prices: { USD: 6_000, IDR: 990_000 } },
] as const satisfies ReadonlyArray<{ code: string; credits: number; prices: Record<Currency, number> }>;
export type CreditPackCode = (typeof creditPacks)[number]['code'];

/** How long a bought pack's credits last. */
export const creditPackMonths = 12;

export function creditPackOf(code: string): (typeof creditPacks)[number] | undefined {
  return creditPacks.find((pack) => pack.code === code);
}

/**
 * Credits per AI reply by model tier, Chatbase's way: the first tier whose pattern matches the
 * model's name wins; any other model (and curated answers, the extractive provider, a team's own
 * model server) costs one.
 */
export const modelTiers: ReadonlyArray<{ tier: string; credits: number; pattern: RegExp }> = [
  { tier: 'economy', credits: 1, pattern: /(mini|nano|haiku|flash|lite|small|[^0-9][0-9]b\b|:[0-9]b)/i },
  { tier: 'premium', credits: 5, pattern: /(^|[/:-])(o1|o3|gpt-4\.5|gpt-5|claude-[0-9.-]*opus|opus)/i },
  {
    tier: 'standard',
    credits: 2,
    pattern: /(gpt-4|claude|sonnet|gemini-[0-9.]+-pro|llama-?3[.0-9]*-?70b|70b|mistral-large|qwen.*72b)/i,
  },
];

export function creditsForModel(model: string | null | undefined): number {
  if (!model) return 1;
  return modelTiers.find((tier) => tier.pattern.test(model))?.credits ?? 1;
}

/** The amount a price stands for, as people read it: "$29", "$278", "Rp449.000". */
export function formatMoney(amount: number, currency: Currency): string {
  const exponent = currencyExponent[currency];
  return new Intl.NumberFormat(currency === 'IDR' ? 'id-ID' : 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: amount % 10 ** exponent === 0 ? 0 : exponent,
    maximumFractionDigits: exponent,
  }).format(amount / 10 ** exponent);
}
