import type { BillingIndexProps, MeterProps } from '../../../../../server/presenters/billing-presenter';
import ActionSection from '@/Components/ActionSection';
import ProgressBar from '@/Components/ProgressBar';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { formatDay, formatNumber, meterTone } from './format';

type Props = Pick<BillingIndexProps, 'meters' | 'period' | 'credit_packs'>;

const toneText = { indigo: 'text-gray-500', amber: 'text-amber-700', red: 'text-red-700' };

/** "84% used", "Limit reached": the state beside a meter's figures, in its bar's colour. */
function meterState(meter: MeterProps): string {
  if (meter.percent >= 100) return 'Limit reached';
  return `${meter.percent}% used`;
}

/** One limit: what is used of it, a bar (amber from 80 %, red at 100 %), when it resets and where it is heading. */
export function UsageMeter({ meter, period }: { meter: MeterProps; period: BillingIndexProps['period'] }) {
  const tone = meterTone(meter.percent);
  const over = meter.projected !== null && meter.projected > meter.limit;
  return (
    <li data-testid={`meter-${meter.key}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
        <span className="font-medium text-gray-900">{meter.label}</span>
        <span className="text-gray-600 tabular-nums">
          {formatNumber(meter.used)} of {formatNumber(meter.limit)}
        </span>
      </div>
      <ProgressBar
        value={meter.percent}
        label={`${meter.label}: ${formatNumber(meter.used)} of ${formatNumber(meter.limit)}`}
        tone={tone}
        className="mt-2 h-2"
      />
      <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        <span className={cn('font-medium', toneText[tone])}>{meterState(meter)}</span>
        {meter.resets && <span className="text-gray-500">Resets on {formatDate(period.end)}</span>}
        {meter.projected !== null && meter.used > 0 && (
          <span className={over ? 'text-red-700' : 'text-gray-500'}>
            At this pace: ~{formatNumber(meter.projected)} by {formatDay(period.end)}
            {over && `, over the limit of ${formatNumber(meter.limit)}`}
          </span>
        )}
      </p>
    </li>
  );
}

/**
 * What the team uses of its plan's limits this period, and the credits left in the packs it bought
 * (spent after the period's own AI credits run out).
 */
export default function UsageMeters({ meters, period, credit_packs }: Props) {
  return (
    <ActionSection
      title="Usage"
      description={`This period: ${formatDate(period.start)} to ${formatDate(period.end)}. AI credits start again each period; the other limits count what the team has now.`}
    >
      <ul className="space-y-5">
        {meters.map((meter) => (
          <UsageMeter key={meter.key} meter={meter} period={period} />
        ))}
      </ul>
      <p className="mt-6 border-t border-gray-100 pt-4 text-sm text-gray-600">
        {credit_packs.remaining > 0 ? (
          <>
            <span className="font-semibold text-gray-900 tabular-nums">{formatNumber(credit_packs.remaining)}</span> AI
            credits left in credit packs, used once the period&rsquo;s own credits run out.
          </>
        ) : (
          'No credits left in credit packs: a pack adds AI credits that last beyond the period.'
        )}
      </p>
    </ActionSection>
  );
}
