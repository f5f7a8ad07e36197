import { downloadHeaders } from '../../file-headers';
import type { Request, Response } from 'express';
import { buildReport } from '../../../domain/reports/report-actions';
import { exportTable, isExportTable } from '../../../domain/reports/report-exports';
import { metricDefinitions } from '../../../reports/definitions';
import type { RangePreset } from '../../../reports/window';
import { BOM, csvLine } from '../../../reports/csv';
import { NotFoundError } from '../../../support/errors';
import { teamActor } from '../../team-actor';
import { creditQuotaOf } from '../../../domain/billing/plan-usage';
import { presentCreditQuota, type CreditQuotaProps } from '../../../presenters/plan-usage-presenter';

/**
 * Reports/Index: the team's figures for a window (a preset or custom days in the team's time
 * zone), each compared with the window before, with the charts' series and the tables, and the
 * billing period's AI credits against the plan's quota. Agents see the figures of their own
 * conversations (and not the team's quota).
 */
export async function index(req: Request) {
  const actor = await teamActor(req);
  const report = await buildReport(req.services, actor, req.query);
  const quota = report.scope === 'team' ? presentCreditQuota(await creditQuotaOf(req.services, actor.teamId)) : null;
  await req.inertia.render('Reports/Index', {
    scope: report.scope,
    timezone: report.timezone,
    window: report.window,
    filters: {
      range: report.query.range,
      from: report.window.from,
      to: report.window.to,
      bot: report.query.bot ?? null,
      channel: report.query.channel ?? null,
    },
    invalid: report.invalid,
    bots: report.bots,
    channels: report.channels,
    summary: report.summary,
    sources: report.sources,
    never_cited: report.never_cited,
    chunks: report.chunks,
    people: report.people,
    definitions: metricDefinitions,
    credits_quota: quota,
  });
}

/**
 * `GET /reports/export/{table}`: one of the page's tables as CSV, for the same filters (a wrong
 * one falls back as on the page), streamed a line at a time, UTF-8 with a BOM.
 */
export async function exportCsv(req: Request, res: Response) {
  const table = req.params.table;
  if (!isExportTable(table)) throw new NotFoundError();
  const report = await buildReport(req.services, await teamActor(req), req.query);
  const { header, rows } = exportTable(report, table);
  res
    .status(200)
    .set(downloadHeaders('text/csv', `kawan-report-${table}-${report.window.from}-${report.window.to}.csv`));
  res.write(BOM + csvLine(header));
  for (const row of rows) res.write(csvLine(row));
  res.end();
}

export type ReportsIndexProps = {
  scope: 'team' | 'mine';
  timezone: string;
  window: Awaited<ReturnType<typeof buildReport>>['window'];
  filters: { range: RangePreset; from: string; to: string; bot: number | null; channel: number | null };
  invalid: string[];
  bots: { id: number; name: string }[];
  channels: { id: number; name: string; type: string }[];
  summary: Awaited<ReturnType<typeof buildReport>>['summary'];
  sources: Awaited<ReturnType<typeof buildReport>>['sources'];
  never_cited: Awaited<ReturnType<typeof buildReport>>['never_cited'];
  chunks: Awaited<ReturnType<typeof buildReport>>['chunks'];
  people: Awaited<ReturnType<typeof buildReport>>['people'];
  definitions: typeof metricDefinitions;
  /** The billing period's AI credits against the plan's quota; null for an agent (their own figures). */
  credits_quota: CreditQuotaProps | null;
};
