import type { CsvValue } from '../../reports/csv';
import type { ReportMetrics } from '../../reports/summary';
import { handoffReasonLabel } from '../conversations/handoff-reasons';
import type { Report } from './report-actions';

/**
 * The Reports page's tables as CSV exports (`GET /reports/export/{table}`): each a header and its
 * rows, from the same report the page shows. Rates are fractions (0–1), times are seconds and
 * money is US dollars, so that a spreadsheet can compute with them; names are as the team wrote them.
 */

export const exportTables = [
  'daily',
  'bots',
  'channels',
  'models',
  'handoff_reasons',
  'sources',
  'hours',
  'people',
] as const;
export type ExportTable = (typeof exportTables)[number];

export const isExportTable = (value: unknown): value is ExportTable =>
  typeof value === 'string' && (exportTables as readonly string[]).includes(value);

export const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface CsvTable {
  header: string[];
  rows: CsvValue[][];
}

/** The figures a per-bot or per-channel row carries, after its name. */
const metricColumns: [string, (metrics: ReportMetrics) => CsvValue][] = [
  ['conversations', (m) => m.conversations],
  ['new_contacts', (m) => m.new_contacts],
  ['inbound_messages', (m) => m.inbound_messages],
  ['ai_replies', (m) => m.ai_replies],
  ['human_replies', (m) => m.human_replies],
  ['auto_resolution_rate', (m) => m.auto_resolution_rate],
  ['handoff_rate', (m) => m.handoff_rate],
  ['durable_resolution_rate', (m) => m.durable_resolution_rate],
  ['reopen_rate', (m) => m.reopen_rate],
  ['unanswered_rate', (m) => m.unanswered_rate],
  ['first_bot_response_median_s', (m) => m.first_bot_response.median],
  ['first_bot_response_p90_s', (m) => m.first_bot_response.p90],
  ['first_human_response_median_s', (m) => m.first_human_response.median],
  ['first_human_response_p90_s', (m) => m.first_human_response.p90],
  ['human_reply_time_median_s', (m) => m.human_reply_time.median],
  ['human_reply_time_p90_s', (m) => m.human_reply_time.p90],
  ['reply_target_rate', (m) => m.reply_target_rate],
  ['resolution_time_median_s', (m) => m.resolution_time.median],
  ['resolution_time_p90_s', (m) => m.resolution_time.p90],
  ['csat_average', (m) => m.csat_average],
  ['csat_positive_rate', (m) => m.csat_positive_rate],
  ['csat_response_rate', (m) => m.csat_response_rate],
  ['thumbs_up', (m) => m.thumbs_up],
  ['thumbs_down', (m) => m.thumbs_down],
  ['prompt_tokens', (m) => m.prompt_tokens],
  ['completion_tokens', (m) => m.completion_tokens],
  ['credits', (m) => m.credits],
  ['cost_usd', (m) => m.cost_usd],
  ['cost_per_resolved_usd', (m) => m.cost_per_resolved_usd],
  ['whatsapp_sent', (m) => m.whatsapp.sent],
  ['whatsapp_delivered', (m) => m.whatsapp.delivered],
  ['whatsapp_read', (m) => m.whatsapp.read],
  ['whatsapp_failed', (m) => m.whatsapp.failed],
];

const metricHeader = metricColumns.map(([name]) => name);
const metricValues = (metrics: ReportMetrics) => metricColumns.map(([, value]) => value(metrics));

type Row = ReportMetrics & { id?: unknown; name?: unknown; type?: unknown };
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The rows of one of the report's tables. */
export function exportTable(
  report: Pick<Report, 'summary' | 'sources' | 'never_cited' | 'people'>,
  table: ExportTable,
): CsvTable {
  const { summary } = report;
  switch (table) {
    case 'daily':
      return {
        header: [
          'day',
          'conversations',
          'bot_handled',
          'auto_resolved',
          'auto_resolution_rate',
          'handoffs',
          'inbound_messages',
          'ai_replies',
          'human_replies',
        ],
        rows: summary.series.map((day) => [
          day.day,
          day.conversations,
          day.bot_handled,
          day.auto_resolved,
          day.auto_resolution_rate,
          day.handoffs,
          day.inbound_messages,
          day.ai_replies,
          day.human_replies,
        ]),
      };
    case 'bots':
      return {
        header: ['bot', ...metricHeader],
        rows: (summary.by_bot as Row[]).map((row) => [text(row.name), ...metricValues(row)]),
      };
    case 'channels':
      return {
        header: ['channel', 'type', ...metricHeader],
        rows: (summary.by_channel as Row[]).map((row) => [text(row.name), text(row.type), ...metricValues(row)]),
      };
    case 'models':
      return {
        header: ['model', 'replies', 'prompt_tokens', 'completion_tokens', 'cost_usd'],
        rows: summary.by_model.map((row) => [
          row.model ?? 'none',
          row.replies,
          row.prompt_tokens,
          row.completion_tokens,
          row.cost_usd,
        ]),
      };
    case 'handoff_reasons': {
      const total = summary.handoff_reasons.reduce((sum, row) => sum + row.count, 0);
      return {
        header: ['reason', 'description', 'conversations', 'share'],
        rows: summary.handoff_reasons.map((row) => [
          row.reason,
          handoffReasonLabel(row.reason),
          row.count,
          total > 0 ? Math.round((row.count / total) * 10_000) / 10_000 : null,
        ]),
      };
    }
    case 'sources':
      return {
        header: ['source', 'knowledge_base', 'citations'],
        rows: [
          ...report.sources.map((source) => [source.title, source.knowledge, source.count]),
          ...report.never_cited.map((source) => [source.title, source.knowledge, 0]),
        ],
      };
    case 'people':
      return {
        header: [
          'person',
          'former_member',
          'taken',
          'replies',
          'conversations_replied',
          'first_response_median_s',
          'first_response_p90_s',
          'resolved',
          'csat_average',
          'csat_count',
        ],
        rows: report.people.map((person) => [
          person.name,
          String(person.former),
          person.taken,
          person.replies,
          person.conversations_replied,
          person.first_response.median,
          person.first_response.p90,
          person.resolved,
          person.csat_average,
          person.csat_count,
        ]),
      };
    case 'hours':
      return {
        header: ['day', ...Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`)],
        rows: summary.heatmap.map((hours, day) => [weekdays[day], ...hours]),
      };
  }
}
