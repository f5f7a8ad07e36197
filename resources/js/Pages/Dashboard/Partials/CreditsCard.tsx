import type { DashboardProps } from '../../../../../server/presenters/dashboard-presenter';
import DashboardCard from './DashboardCard';
import { formatDays, formatNumber } from './format';

type Credits = NonNullable<DashboardProps['credits']>;

/** The AI credits the team's bots used since the first of the month (team time). */
export default function CreditsCard({ credits, className }: { credits: Credits; className?: string }) {
  return (
    <DashboardCard title="AI credits" icon="sparkles" className={className}>
      <p className="text-3xl font-semibold tracking-tight text-gray-900 tabular-nums">{formatNumber(credits.used)}</p>
      <p className="mt-1 text-sm text-gray-500">
        used this month <span className="whitespace-nowrap">({formatDays(credits.from, credits.to)})</span>
      </p>
    </DashboardCard>
  );
}
