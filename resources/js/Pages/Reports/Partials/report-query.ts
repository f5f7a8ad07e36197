import { route } from '@/lib/route';
import type { ExportTable, ReportFilters } from './types';

/**
 * The Reports query string: the range, the custom days with a custom range only, the bot and the
 * channel when chosen. The page, its reloads and its CSV links all use it.
 */
export function reportQuery(filters: ReportFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { range: filters.range };
  if (filters.range === 'custom') {
    query.from = filters.from;
    query.to = filters.to;
  }
  if (filters.bot !== null) query.bot = filters.bot;
  if (filters.channel !== null) query.channel = filters.channel;
  return query;
}

export const reportsUrl = (filters: ReportFilters) => route('reports.index', { _query: reportQuery(filters) });

export const exportUrl = (table: ExportTable, filters: ReportFilters) =>
  route('reports.export', { table, _query: reportQuery(filters) });
