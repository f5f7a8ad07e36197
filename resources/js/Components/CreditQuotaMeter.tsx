import { Link } from '@inertiajs/react';
import { formatDate } from '@/lib/dates';
import {
  quotaLine,
  quotaNote,
  quotaNoteClasses,
  quotaPercent,
  quotaTone,
  type CreditQuotaProps,
} from '@/lib/plan-limits';
import ProgressBar from './ProgressBar';
import { useBillingUrl } from './PlanLimit';

type CreditQuotaMeterProps = {
  quota: CreditQuotaProps;
  className?: string;
};

/**
 * The billing period's AI credits against the plan's quota, in a line and a bar (amber from 80 %,
 * red once used up), with what happens near and at the end of it, and a link to Billing for those
 * who may see it.
 */
export default function CreditQuotaMeter({ quota, className }: CreditQuotaMeterProps) {
  const billing = useBillingUrl();
  const note = quotaNote(quota);
  const line = quotaLine(quota);
  const tone = quotaTone(quota);
  return (
    <div className={className} data-testid="credit-quota">
      <p className="text-sm text-gray-700 tabular-nums">{line}</p>
      <ProgressBar value={quotaPercent(quota)} label={line} tone={tone} className="mt-2" />
      <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        <span className={quotaNoteClasses[tone]}>
          {[note, `Resets on ${formatDate(quota.period_end)}.`].filter(Boolean).join(' ')}
        </span>
        {billing && (
          <Link href={billing} className="font-semibold text-indigo-700 hover:text-indigo-600">
            Billing
          </Link>
        )}
      </p>
    </div>
  );
}
