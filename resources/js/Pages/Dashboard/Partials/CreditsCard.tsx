import type { DashboardProps } from '../../../../../server/presenters/dashboard-presenter';
import ProgressBar from '@/Components/ProgressBar';
import { useBillingUrl } from '@/Components/PlanLimit';
import { formatDate } from '@/lib/dates';
import { quotaNote, quotaNoteClasses, quotaPercent, quotaTone } from '@/lib/plan-limits';
import { cn } from '@/lib/cn';
import DashboardCard, { FooterLink } from './DashboardCard';
import { formatDays, formatNumber } from './format';

type Credits = NonNullable<DashboardProps['credits']>;

/**
 * The AI credits of the billing period against the plan's quota ("7,900 of 10,000 AI credits this
 * period (Growth)") with a bar, what happens near and at its end, and what the conversations used
 * since the first of the month (team time); a link to Billing for owners and admins.
 */
export default function CreditsCard({ credits, className }: { credits: Credits; className?: string }) {
  const { quota } = credits;
  const billing = useBillingUrl();
  const note = quotaNote(quota);
  const tone = quotaTone(quota);
  const line = `of ${formatNumber(quota.limit)} AI credits this period (${quota.plan})`;

  return (
    <DashboardCard
      title="AI credits"
      icon="sparkles"
      className={className}
      footer={billing ? <FooterLink href={billing}>Plan and usage</FooterLink> : undefined}
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-semibold tracking-tight text-gray-900 tabular-nums">
          {formatNumber(quota.used)}
        </span>{' '}
        <span className="text-sm text-gray-500 tabular-nums">{line}</span>
      </p>
      <ProgressBar
        value={quotaPercent(quota)}
        label={`${formatNumber(quota.used)} ${line}`}
        tone={tone}
        className="mt-3"
      />
      <p className={cn('mt-2 text-sm', quotaNoteClasses[tone])}>
        {[note, `Resets on ${formatDate(quota.period_end)}.`].filter(Boolean).join(' ')}
      </p>
      <p className="mt-3 text-sm text-gray-500">
        {formatNumber(credits.used)} used by conversations this month{' '}
        <span className="whitespace-nowrap">({formatDays(credits.from, credits.to)})</span>
      </p>
    </DashboardCard>
  );
}
