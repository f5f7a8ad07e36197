import type { ReactNode } from 'react';
import CreditQuotaMeter from '@/Components/CreditQuotaMeter';
import type { CreditQuotaProps } from '@/lib/plan-limits';
import MetricCard, { type Better } from './MetricCard';
import { formatCompact, formatDecimal, formatDuration, formatNumber, formatPercent, formatUsd } from './format';
import type { DefinitionKey, Definitions, ReportMetrics } from './types';

type Kind = 'number' | 'percent' | 'duration' | 'usd' | 'average';

interface Card {
  label: string;
  definition: DefinitionKey;
  kind: Kind;
  better: Better;
  value: (metrics: ReportMetrics) => number | null;
  detail?: (metrics: ReportMetrics) => ReactNode;
}

const writers: Record<Kind, (value: number | null) => string> = {
  number: formatNumber,
  percent: formatPercent,
  duration: formatDuration,
  usd: formatUsd,
  average: (value) => (value === null ? formatDecimal(null) : `${formatDecimal(value)} / 5`),
};

const p90 = (value: number | null) => (value === null ? undefined : `p90 ${formatDuration(value)}`);

/** The figures, grouped as a team reads them: how much, how well, how fast, how liked, how costly. */
const sections: { title: string; cards: Card[]; whatsapp?: boolean }[] = [
  {
    title: 'Volume',
    cards: [
      {
        label: 'Conversations',
        definition: 'conversations',
        kind: 'number',
        better: 'neutral',
        value: (m) => m.conversations,
      },
      {
        label: 'New contacts',
        definition: 'new_contacts',
        kind: 'number',
        better: 'neutral',
        value: (m) => m.new_contacts,
      },
      {
        label: 'Inbound messages',
        definition: 'inbound_messages',
        kind: 'number',
        better: 'neutral',
        value: (m) => m.inbound_messages,
      },
      { label: 'AI replies', definition: 'ai_replies', kind: 'number', better: 'neutral', value: (m) => m.ai_replies },
      {
        label: 'Human replies',
        definition: 'human_replies',
        kind: 'number',
        better: 'neutral',
        value: (m) => m.human_replies,
      },
    ],
  },
  {
    title: 'Outcomes',
    cards: [
      {
        label: 'Auto-resolution rate',
        definition: 'auto_resolution_rate',
        kind: 'percent',
        better: 'up',
        value: (m) => m.auto_resolution_rate,
        detail: (m) => `of ${formatNumber(m.bot_handled)} bot-handled`,
      },
      {
        label: 'Handoff rate',
        definition: 'handoff_rate',
        kind: 'percent',
        better: 'down',
        value: (m) => m.handoff_rate,
        detail: (m) => `${formatNumber(m.handoffs)} handed over`,
      },
      {
        label: 'Durable resolution rate',
        definition: 'durable_resolution_rate',
        kind: 'percent',
        better: 'up',
        value: (m) => m.durable_resolution_rate,
      },
      {
        label: 'Reopen rate',
        definition: 'reopen_rate',
        kind: 'percent',
        better: 'down',
        value: (m) => m.reopen_rate,
        detail: (m) => `of ${formatNumber(m.resolved)} resolved`,
      },
      {
        label: 'Unanswered rate',
        definition: 'unanswered_rate',
        kind: 'percent',
        better: 'down',
        value: (m) => m.unanswered_rate,
      },
    ],
  },
  {
    title: 'Speed',
    cards: [
      {
        label: 'First response (bot)',
        definition: 'first_bot_response',
        kind: 'duration',
        better: 'down',
        value: (m) => m.first_bot_response.median,
        detail: (m) => p90(m.first_bot_response.p90),
      },
      {
        label: 'First response (human)',
        definition: 'first_human_response',
        kind: 'duration',
        better: 'down',
        value: (m) => m.first_human_response.median,
        detail: (m) => p90(m.first_human_response.p90),
      },
      {
        label: 'Reply time (human)',
        definition: 'human_reply_time',
        kind: 'duration',
        better: 'down',
        value: (m) => m.human_reply_time.median,
        detail: (m) => p90(m.human_reply_time.p90),
      },
      {
        label: 'Replies on target',
        definition: 'reply_target_rate',
        kind: 'percent',
        better: 'up',
        value: (m) => m.reply_target_rate,
        detail: (m) =>
          m.reply_target_checked > 0
            ? `of ${formatNumber(m.reply_target_checked)} with a target`
            : 'No reply targets set',
      },
      {
        label: 'Resolution time',
        definition: 'resolution_time',
        kind: 'duration',
        better: 'down',
        value: (m) => m.resolution_time.median,
        detail: (m) => p90(m.resolution_time.p90),
      },
    ],
  },
  {
    title: 'Satisfaction',
    cards: [
      {
        label: 'CSAT average',
        definition: 'csat_average',
        kind: 'average',
        better: 'up',
        value: (m) => m.csat_average,
        detail: (m) => `${formatNumber(m.csat_responses)} ${m.csat_responses === 1 ? 'rating' : 'ratings'}`,
      },
      {
        label: 'Rated 4–5',
        definition: 'csat_positive_rate',
        kind: 'percent',
        better: 'up',
        value: (m) => m.csat_positive_rate,
      },
      {
        label: 'CSAT response rate',
        definition: 'csat_response_rate',
        kind: 'percent',
        better: 'up',
        value: (m) => m.csat_response_rate,
      },
      { label: 'Thumbs up', definition: 'thumbs', kind: 'number', better: 'up', value: (m) => m.thumbs_up },
      { label: 'Thumbs down', definition: 'thumbs', kind: 'number', better: 'down', value: (m) => m.thumbs_down },
    ],
  },
  {
    title: 'Cost',
    cards: [
      {
        label: 'Tokens',
        definition: 'tokens',
        kind: 'number',
        better: 'neutral',
        value: (m) => m.prompt_tokens + m.completion_tokens,
        detail: (m) => `${formatCompact(m.prompt_tokens)} prompt · ${formatCompact(m.completion_tokens)} completion`,
      },
      { label: 'AI credits', definition: 'credits', kind: 'number', better: 'neutral', value: (m) => m.credits },
      { label: 'Model cost', definition: 'cost_usd', kind: 'usd', better: 'down', value: (m) => m.cost_usd },
      {
        label: 'Cost per resolved conversation',
        definition: 'cost_per_resolved_usd',
        kind: 'usd',
        better: 'down',
        value: (m) => m.cost_per_resolved_usd,
      },
    ],
  },
  {
    title: 'WhatsApp delivery',
    whatsapp: true,
    cards: [
      { label: 'Sent', definition: 'whatsapp', kind: 'number', better: 'neutral', value: (m) => m.whatsapp.sent },
      {
        label: 'Delivered',
        definition: 'whatsapp',
        kind: 'number',
        better: 'neutral',
        value: (m) => m.whatsapp.delivered,
      },
      { label: 'Read', definition: 'whatsapp', kind: 'number', better: 'neutral', value: (m) => m.whatsapp.read },
      { label: 'Failed', definition: 'whatsapp', kind: 'number', better: 'down', value: (m) => m.whatsapp.failed },
    ],
  },
];

const slug = (title: string) => `metrics-${title.toLowerCase().replace(/\W+/g, '-')}`;

const sum = (whatsapp: ReportMetrics['whatsapp']) =>
  whatsapp.sent + whatsapp.delivered + whatsapp.read + whatsapp.failed;

type Props = {
  metrics: ReportMetrics;
  previous: ReportMetrics;
  definitions: Definitions;
  /** Whether the team has a WhatsApp channel (its delivery figures show even when zero). */
  hasWhatsApp: boolean;
  /** The billing period's AI credits against the plan's quota, on the AI credits card; null: not shown. */
  creditsQuota?: CreditQuotaProps | null;
};

/**
 * Every metric of the window as a card, in titled groups; the AI credits card also says where the
 * billing period stands against the plan's quota (the window's own figure stays the window's).
 */
export default function MetricSections({ metrics, previous, definitions, hasWhatsApp, creditsQuota }: Props) {
  const showWhatsApp = hasWhatsApp || sum(metrics.whatsapp) > 0 || sum(previous.whatsapp) > 0;
  return (
    <>
      {sections
        .filter((section) => !section.whatsapp || showWhatsApp)
        .map((section) => (
          <section key={section.title} aria-labelledby={slug(section.title)}>
            <h3
              id={slug(section.title)}
              className="px-4 text-sm font-semibold tracking-wide text-gray-500 uppercase sm:px-0"
            >
              {section.title}
            </h3>
            <div className="mt-3 grid grid-cols-2 gap-3 px-4 sm:gap-4 sm:px-0 md:grid-cols-3 lg:grid-cols-5">
              {section.cards.map((card) => {
                const current = card.value(metrics);
                const before = card.value(previous);
                return (
                  <MetricCard
                    key={card.label}
                    label={card.label}
                    definition={definitions[card.definition]}
                    value={writers[card.kind](current)}
                    detail={card.detail?.(metrics)}
                    current={current}
                    previous={before}
                    previousText={writers[card.kind](before)}
                    better={card.better}
                  >
                    {card.definition === 'credits' && creditsQuota ? <CreditQuotaMeter quota={creditsQuota} /> : null}
                  </MetricCard>
                );
              })}
            </div>
          </section>
        ))}
    </>
  );
}
