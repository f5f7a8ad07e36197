import { useId, useState, type ReactNode } from 'react';
import { useForm } from '@inertiajs/react';
import type { BillingIndexProps, PlanLimitsProps, PlanProps } from '../../../../../server/presenters/billing-presenter';
import DialogModal from '@/Components/DialogModal';
import Icon from '@/Components/Icon';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { route } from '@/lib/route';
import { typeLabels } from '../../Channels/Partials/format';
import type { ChannelType } from '../../Channels/Partials/types';
import {
  firstError,
  formatNumber,
  intervalLabels,
  liveSubscription,
  planAction,
  priceOf,
  providerNames,
  type Currency,
  type Interval,
  type PlanAction,
} from './format';
import Segmented from './Segmented';

type Props = Pick<BillingIndexProps, 'plans' | 'plan' | 'subscription' | 'can' | 'providers'> & {
  interval: Interval;
  currency: Currency;
  onIntervalChange: (interval: Interval) => void;
  onCurrencyChange: (currency: Currency) => void;
};

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function Included({ value }: { value: boolean }) {
  return value ? (
    <Icon name="check-circle" className="inline size-5 text-green-500" label="Included" />
  ) : (
    <span className="text-gray-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not included</span>
    </span>
  );
}

function days(count: number): string {
  if (count % 365 === 0) return count === 365 ? '1 year' : `${count / 365} years`;
  return `${formatNumber(count)} days`;
}

/** The rows of the comparison: each limit as people read it. */
const rows: Array<{ label: string; cell: (limits: PlanLimitsProps) => ReactNode }> = [
  { label: 'Bots', cell: (limits) => formatNumber(limits.bots) },
  { label: 'Channels', cell: (limits) => formatNumber(limits.channels) },
  {
    label: 'Channel types',
    cell: (limits) => limits.channel_types.map((type) => typeLabels[type as ChannelType] ?? type).join(', '),
  },
  { label: 'Members', cell: (limits) => formatNumber(limits.members) },
  { label: 'AI credits per period', cell: (limits) => formatNumber(limits.ai_credits) },
  { label: 'Knowledge', cell: (limits) => `${compact.format(limits.knowledge_chars)} characters` },
  { label: 'Knowledge sources', cell: (limits) => formatNumber(limits.knowledge_sources) },
  { label: 'File size', cell: (limits) => `${formatNumber(limits.file_max_mb)} MB` },
  { label: 'Conversation history', cell: (limits) => days(limits.history_days) },
  { label: 'AI replies per contact a day', cell: (limits) => formatNumber(limits.contact_daily_replies) },
  { label: 'API access', cell: (limits) => <Included value={limits.api_access} /> },
  { label: 'Remove Kawan branding', cell: (limits) => <Included value={limits.remove_branding} /> },
];

const planOrder = ['free', 'starter', 'growth', 'business'];

/** How much less a year costs than twelve months, in whole percent (the least of the paid plans). */
function yearlySaving(plans: PlanProps[], currency: Currency): number {
  const savings = plans
    .filter((plan) => plan.prices.month[currency].amount > 0)
    .map((plan) => 1 - plan.prices.year[currency].amount / (12 * plan.prices.month[currency].amount));
  return savings.length === 0 ? 0 : Math.round(Math.min(...savings) * 100);
}

/** A change through billing.plan.update, waiting for the owner's confirmation. */
interface Change {
  plan: PlanProps;
  interval: Interval;
  kind: 'upgrade' | 'downgrade';
}

/** The button's words: "Upgrade", "Downgrade", or "Switch to yearly" for the same plan. */
function changeLabel(kind: 'upgrade' | 'downgrade', plan: PlanProps, interval: Interval, currentCode: string): string {
  if (plan.code === currentCode) return `Switch to ${intervalLabels[interval].adjective}`;
  return kind === 'upgrade' ? 'Upgrade' : 'Downgrade';
}

/**
 * Free, Starter, Growth and Business side by side, monthly or yearly, in dollars or rupiah, with
 * the current plan marked. For the owner each column offers what fits: a checkout from Free, an
 * upgrade now (the rest of the period prorated) or a downgrade at the period's end, both confirmed
 * first, and "Keep" to take back a scheduled downgrade.
 */
export default function PlanTable({
  plans,
  plan: current,
  subscription,
  can,
  providers,
  interval,
  currency,
  onIntervalChange,
  onCurrencyChange,
}: Props) {
  const titleId = useId();
  const [change, setChange] = useState<Change | null>(null);
  const checkout = useForm({ purchase: 'plan', plan: '', interval: 'month', currency: 'USD' });
  const changeForm = useForm({ plan: '', interval: 'month' });
  const live = liveSubscription(subscription);
  const ending = live !== null && (live.cancel_at_period_end || live.on_grace_period);
  const busy = checkout.processing || changeForm.processing;
  const periodEnd = live ? formatDate(live.ends_at ?? live.current_period_end) : '';
  const saving = yearlySaving(plans, currency);

  const buy = (plan: PlanProps) => {
    checkout.transform(() => ({ purchase: 'plan', plan: plan.code, interval, currency }));
    checkout.post(route('billing.checkout'), { preserveScroll: true });
  };

  const submitChange = (plan: string, chosenInterval: Interval, onSuccess?: () => void) => {
    changeForm.transform(() => ({ plan, interval: chosenInterval }));
    changeForm.put(route('billing.plan.update'), { preserveScroll: true, onSuccess });
  };

  const confirm = (plan: PlanProps, kind: 'upgrade' | 'downgrade') => {
    changeForm.clearErrors();
    setChange({ plan, interval, kind });
  };

  const closeChange = () => {
    setChange(null);
    changeForm.clearErrors();
  };

  const action = (plan: PlanProps, kind: PlanAction): ReactNode => {
    const rank = planOrder.indexOf(plan.code) - planOrder.indexOf(current.code);
    switch (kind) {
      case 'current':
        return <p className="text-sm font-medium text-indigo-700">Your current plan</p>;
      case 'scheduled':
        return <p className="text-sm text-gray-600">From {periodEnd}</p>;
      case 'cancel':
        return can.manage ? (
          <p className="text-xs text-gray-600">
            Cancel the subscription above to move to Free at the period&rsquo;s end.
          </p>
        ) : null;
      case 'none':
        return null;
      case 'checkout':
        return can.manage ? (
          <PrimaryButton type="button" onClick={() => buy(plan)} disabled={busy} className="w-full">
            {rank > 0 ? 'Upgrade' : 'Subscribe'}
          </PrimaryButton>
        ) : null;
      case 'keep':
        return can.manage ? (
          <SecondaryButton onClick={() => submitChange(plan.code, interval)} disabled={busy} className="w-full">
            Keep {plan.name}
          </SecondaryButton>
        ) : (
          <p className="text-sm font-medium text-indigo-700">Your current plan</p>
        );
      case 'upgrade':
      case 'downgrade': {
        if (!can.manage) return null;
        const label = changeLabel(kind, plan, interval, live?.plan ?? current.code);
        return kind === 'upgrade' ? (
          <PrimaryButton type="button" onClick={() => confirm(plan, kind)} disabled={busy} className="w-full">
            {label}
          </PrimaryButton>
        ) : (
          <SecondaryButton onClick={() => confirm(plan, kind)} disabled={busy} className="w-full">
            {label}
          </SecondaryButton>
        );
      }
    }
  };

  return (
    <section aria-labelledby={titleId}>
      <div className="flex flex-col gap-4 px-4 sm:px-0 md:flex-row md:items-end md:justify-between">
        <div>
          <h3 id={titleId} className="text-lg font-medium text-gray-900">
            Plans
          </h3>
          <p className="mt-1 text-sm text-gray-600">
            {currency} payments go through {providerNames[providers[currency]]}.
            {saving > 0 && ` Paid yearly, plans cost ${saving}% less.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Segmented
            label="Billing interval"
            value={interval}
            onChange={onIntervalChange}
            options={[
              { value: 'month', label: 'Monthly' },
              { value: 'year', label: 'Yearly' },
            ]}
          />
          <Segmented
            label="Currency"
            value={currency}
            onChange={onCurrencyChange}
            options={[
              { value: 'USD', label: 'USD' },
              { value: 'IDR', label: 'IDR' },
            ]}
          />
        </div>
      </div>

      {can.manage && ending && (
        <p className="mt-3 px-4 text-sm text-yellow-800 sm:px-0">
          The subscription is canceled: resume it above to change plans.
        </p>
      )}
      <InputError className="mt-3 px-4 sm:px-0" message={firstError(checkout.errors)} />

      <div className="mt-5 overflow-x-auto bg-white shadow-sm sm:rounded-lg">
        <table className="min-w-full table-fixed text-sm" aria-labelledby={titleId}>
          <thead>
            <tr>
              <td className="w-44 p-4 sm:ps-6" />
              {plans.map((plan) => (
                <th
                  key={plan.code}
                  scope="col"
                  data-testid={`plan-${plan.code}`}
                  aria-current={plan.current ? 'true' : undefined}
                  className={cn(
                    'w-48 border-b border-gray-200 p-4 text-start align-top font-normal last:pe-6',
                    plan.current && 'bg-indigo-50/60',
                  )}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-base font-semibold text-gray-900">{plan.name}</span>
                    {plan.current && <StatusBadge tone="indigo">Current plan</StatusBadge>}
                  </div>
                  <p className="mt-1 min-h-10 text-xs text-gray-500">{plan.tagline}</p>
                  <p className="mt-3 text-lg font-semibold text-gray-900 tabular-nums">
                    {plan.code === 'free' ? plan.prices.month[currency].formatted : priceOf(plan, interval, currency)}
                  </p>
                  {plan.code !== 'free' &&
                    plan.trial_days > 0 &&
                    subscription === null &&
                    providers[currency] === 'stripe' && (
                      <p className="text-xs text-gray-500">{plan.trial_days}-day free trial</p>
                    )}
                  <div className="mt-4 min-h-9">
                    {action(plan, planAction(plan, interval, { plan: current, subscription }))}
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="p-4 py-2.5 text-start font-medium text-gray-700 sm:ps-6">
                  {row.label}
                </th>
                {plans.map((plan) => (
                  <td
                    key={plan.code}
                    className={cn('p-4 py-2.5 text-gray-700 tabular-nums last:pe-6', plan.current && 'bg-indigo-50/60')}
                  >
                    {row.cell(plan.limits)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <DialogModal
        show={change !== null}
        onClose={closeChange}
        title={
          change
            ? change.plan.code === live?.plan
              ? `Switch to ${intervalLabels[change.interval].adjective} billing`
              : `${change.kind === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${change.plan.name}`
            : ''
        }
        footer={
          <>
            <SecondaryButton onClick={closeChange}>Cancel</SecondaryButton>
            <PrimaryButton
              type="button"
              disabled={changeForm.processing}
              className={changeForm.processing ? 'opacity-25' : undefined}
              onClick={() => change && submitChange(change.plan.code, change.interval, () => setChange(null))}
            >
              {change?.kind === 'upgrade' ? 'Change now' : 'Change at period end'}
            </PrimaryButton>
          </>
        }
      >
        {change && live && change.kind === 'upgrade' && (
          <p>
            {change.plan.name} ({priceOf(change.plan, change.interval, live.currency)}) takes effect now: its limits
            apply at once, and the prorated difference for the rest of this period is invoiced now.
          </p>
        )}
        {change && live && change.kind === 'downgrade' && (
          <p>
            The team keeps {live.plan_name} until the end of this period, {periodEnd}, and changes to {change.plan.name}{' '}
            ({priceOf(change.plan, change.interval, live.currency)}) then. Until then you can keep {live.plan_name} by
            choosing it again.
          </p>
        )}
        <InputError className="mt-3" message={changeForm.errors.plan ?? changeForm.errors.interval} />
      </DialogModal>
    </section>
  );
}
