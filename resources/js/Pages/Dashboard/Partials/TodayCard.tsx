import type { DashboardProps, DayFigures } from '../../../../../server/presenters/dashboard-presenter';
import { cn } from '@/lib/cn';
import { route } from '@/lib/route';
import DashboardCard, { FooterLink } from './DashboardCard';
import { formatDays, formatNumber, formatPercent } from './format';

type Today = NonNullable<DashboardProps['today']>;

/** Whether a rise is good news (green), bad news (red), or neither (grey). */
type Better = 'up' | 'down' | 'neutral';

const figures: { key: keyof DayFigures; label: string; better: Better; rate?: boolean }[] = [
  { key: 'conversations', label: 'Conversations', better: 'neutral' },
  { key: 'auto_resolution_rate', label: 'Auto-resolution', better: 'up', rate: true },
  { key: 'handoffs', label: 'Handoffs', better: 'down' },
  { key: 'ai_replies', label: 'AI replies', better: 'neutral' },
];

/** "▲ 2 from 3 yesterday", "▼ 4.2 pts from 71.4% yesterday", "Same as yesterday". */
function Change({
  current,
  previous,
  rate,
  better,
}: {
  current: number | null;
  previous: number | null;
  rate?: boolean;
  better: Better;
}) {
  const format = rate ? formatPercent : formatNumber;
  if (current === null || previous === null) {
    return <p className="mt-1 text-xs text-gray-500">Yesterday: {format(previous)}</p>;
  }
  const difference = current - previous;
  if (Math.abs(difference) < (rate ? 0.0005 : 1))
    return <p className="mt-1 text-xs text-gray-500">Same as yesterday</p>;
  const up = difference > 0;
  const good = better === 'neutral' ? null : (better === 'up') === up;
  const amount = rate ? `${(Math.abs(difference) * 100).toFixed(1)} pts` : formatNumber(Math.abs(difference));
  return (
    <p className="mt-1 text-xs text-gray-500">
      <span className={cn('font-medium', good === null ? 'text-gray-600' : good ? 'text-green-700' : 'text-red-700')}>
        <span aria-hidden="true">{up ? '▲' : '▼'} </span>
        <span className="sr-only">{up ? 'Up' : 'Down'} </span>
        {amount}
      </span>{' '}
      from {format(previous)} yesterday
    </p>
  );
}

/**
 * Today's headline figures in the team's time zone, from the report rollups, each compared with
 * yesterday's; an agent's are their own conversations, as on Reports.
 */
export default function TodayCard({ today, className }: { today: Today; className?: string }) {
  return (
    <DashboardCard
      title={today.scope === 'mine' ? 'Your conversations today' : 'Today'}
      icon="chart-bar"
      description={`${formatDays(today.day, today.day)}, in the team’s time zone (${today.timezone}).`}
      footer={
        <FooterLink href={route('reports.index', { _query: { range: 'today' } })}>View today’s report</FooterLink>
      }
      className={className}
    >
      <div className="grid grid-cols-2 gap-6 sm:grid-cols-4">
        {figures.map(({ key, label, better, rate }) => (
          <div key={key} role="group" aria-label={label} className="min-w-0">
            <p className="truncate text-sm font-medium text-gray-500">{label}</p>
            <p className="mt-1 text-3xl font-semibold tracking-tight text-gray-900 tabular-nums">
              {rate ? formatPercent(today.current[key]) : formatNumber(today.current[key])}
            </p>
            <Change current={today.current[key]} previous={today.previous[key]} rate={rate} better={better} />
          </div>
        ))}
      </div>
    </DashboardCard>
  );
}
