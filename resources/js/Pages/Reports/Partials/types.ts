import type { ReportsIndexProps } from '../../../../../server/http/controllers/reports/report-controller';

/**
 * The props of Reports/Index (server/http/controllers/reports/report-controller.ts): the window in
 * the team's time zone, the filters as applied, the summary (server/reports/summary.ts), the
 * knowledge leaderboard and each metric's definition. Rates are 0–1, times seconds, costs USD.
 */
export type { ReportsIndexProps };
export type ReportSummary = ReportsIndexProps['summary'];
export type ReportMetrics = ReportSummary['metrics'];
export type ReportFilters = ReportsIndexProps['filters'];
export type ReportWindow = ReportsIndexProps['window'];
export type Definitions = ReportsIndexProps['definitions'];
export type DefinitionKey = keyof Definitions;

/** A per-bot or per-channel row: its name, then the same figures as the whole window. */
export type BreakdownRow = ReportMetrics & { id: number | null; name: string; type?: string | null };

/**
 * Realtime (private-teams.{team}): `ReportsUpdated { team_id }` after the workers rolled up a
 * change to today's figures (server/reports/rollup.ts).
 */
export const reportEvents = { updated: 'ReportsUpdated' } as const;

/** The preset ranges, in the order the filter bar offers them. */
export const rangeLabels = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  month: 'This month',
  custom: 'Custom',
} as const;

export type RangePreset = keyof typeof rangeLabels;

export { handoffReasonLabel } from '../../../../../server/domain/conversations/handoff-reasons';

export const channelTypeLabels: Record<string, string> = {
  web: 'Web chat',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  webhook: 'Webhook',
};

/** The tables the page can export as CSV (`reports.export`). */
export type ExportTable = 'daily' | 'bots' | 'channels' | 'models' | 'handoff_reasons' | 'sources' | 'hours' | 'people';
