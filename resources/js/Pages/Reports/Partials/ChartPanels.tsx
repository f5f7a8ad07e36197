import { lazy, Suspense, type ReactNode } from 'react';
import Panel from './Panel';
import { formatDay, formatNumber, formatPercent, plural } from './format';
import { exportUrl } from './report-query';
import { handoffReasonLabel, type ReportFilters, type ReportSummary } from './types';

// chart.js loads with the first chart, in its own chunk: the page draws its figures before it.
const ConversationsChart = lazy(() => import('./Charts').then((module) => ({ default: module.ConversationsChart })));
const HandoffReasonsChart = lazy(() => import('./Charts').then((module) => ({ default: module.HandoffReasonsChart })));

function ChartFrame({ height, children }: { height: string; children: ReactNode }) {
  return (
    <div className={`relative ${height}`}>
      <Suspense
        fallback={
          <div className="flex h-full items-center justify-center rounded-md bg-gray-50 text-sm text-gray-400">
            Loading chart…
          </div>
        }
      >
        {children}
      </Suspense>
    </div>
  );
}

type Props = {
  summary: ReportSummary;
  filters: ReportFilters;
  definitions: { auto_resolution_rate: string; handoff_reasons: string };
  className?: string;
};

/** Conversations and auto-resolution over time; handoff reasons. Each with its figures as a hidden table. */
export function OverTimePanel({ summary, filters, definitions, className }: Props) {
  const label = `Conversations per day with the auto-resolution rate, ${formatDay(filters.from)} to ${formatDay(filters.to)}`;
  return (
    <Panel
      title="Conversations over time"
      className={className}
      description="Conversations started each day (bars) and the share the bots resolved on their own (line)."
      definition={definitions.auto_resolution_rate}
      exportHref={exportUrl('daily', filters)}
    >
      <ChartFrame height="h-72">
        <ConversationsChart series={summary.series} label={label} />
      </ChartFrame>
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Conversations</th>
              <th scope="col">Auto-resolution rate</th>
            </tr>
          </thead>
          <tbody>
            {summary.series.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day)}</th>
                <td>{formatNumber(day.conversations)}</td>
                <td>{formatPercent(day.auto_resolution_rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

export function HandoffReasonsPanel({ summary, filters, definitions, className }: Props) {
  const reasons = summary.handoff_reasons;
  const total = reasons.reduce((sum, row) => sum + row.count, 0);
  const label = `Handoffs by reason: ${reasons
    .map((row) => `${handoffReasonLabel(row.reason)} ${row.count}`)
    .join(', ')}`;
  return (
    <Panel
      title="Handoff reasons"
      className={className}
      description={total > 0 ? `Why ${plural(total, 'conversation')} went to a person.` : undefined}
      definition={definitions.handoff_reasons}
      exportHref={exportUrl('handoff_reasons', filters)}
    >
      {total === 0 ? (
        <p className="text-sm text-gray-600">No conversation was handed to a person in these days.</p>
      ) : (
        <>
          <ChartFrame height={reasons.length > 4 ? 'h-72' : 'h-48'}>
            <HandoffReasonsChart reasons={reasons} label={label} />
          </ChartFrame>
          <div className="sr-only">
            <table>
              <caption>Handoffs by reason</caption>
              <thead>
                <tr>
                  <th scope="col">Reason</th>
                  <th scope="col">Conversations</th>
                </tr>
              </thead>
              <tbody>
                {reasons.map((row) => (
                  <tr key={row.reason}>
                    <th scope="row">{handoffReasonLabel(row.reason)}</th>
                    <td>{formatNumber(row.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Panel>
  );
}
