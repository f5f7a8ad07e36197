import { useState } from 'react';
import { Link, useForm } from '@inertiajs/react';
import type { BillingIndexProps, SubscriptionProps } from '../../../../../server/presenters/billing-presenter';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { formatDate } from '@/lib/dates';
import { route } from '@/lib/route';
import { firstError, intervalLabels, priceOf, providerNames, subscriptionStatuses } from './format';
import Notice from './Notice';

type Props = Pick<BillingIndexProps, 'plan' | 'subscription' | 'plans' | 'invoices' | 'can'> & {
  /** The end of the grace period while a payment is past due (`auth.user.current_team.billing`). */
  pastDueUntil: string | null;
};

/** The invoice that settles a failed or pending payment: the provider's page when it has one, else Kawan's. */
function PayLink({ invoice }: { invoice: BillingIndexProps['invoices'][number] }) {
  const className = 'font-semibold underline hover:no-underline';
  if (invoice.hosted_url) {
    return (
      <a href={invoice.hosted_url} className={className} target="_blank" rel="noopener noreferrer">
        Pay invoice {invoice.number}
      </a>
    );
  }
  return (
    <Link href={route('billing.invoices.show', invoice.id)} className={className}>
      Pay invoice {invoice.number}
    </Link>
  );
}

/** "Renews on…", "Trial until…", "Ended on…": the one line under the plan's name. */
function statusLine(subscription: SubscriptionProps): string {
  const end = formatDate(subscription.current_period_end);
  switch (subscription.status) {
    case 'trialing':
      return `Trial until ${formatDate(subscription.trial_ends_at ?? subscription.current_period_end)}.`;
    case 'active':
      return subscription.cancel_at_period_end || subscription.on_grace_period ? '' : `Renews on ${end}.`;
    case 'past_due':
      return `The period ends on ${end}.`;
    case 'canceled':
      return `The subscription ended on ${formatDate(subscription.ends_at ?? subscription.current_period_end)}; the team is on the Free plan.`;
    case 'incomplete':
      return `The ${subscription.plan_name} plan starts once its first invoice is paid.`;
  }
}

/**
 * The plan in force and the subscription's state: its renewal or trial end, a failed payment with
 * the grace period's end, a pending cancellation (Resume), a downgrade waiting for the period's end
 * (Keep the current plan), and, for the owner, payment methods and Cancel.
 */
export default function CurrentPlan({ plan, subscription, plans, invoices, can, pastDueUntil }: Props) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const cancelForm = useForm({});
  const resumeForm = useForm({});
  const portalForm = useForm({});
  const keepForm = useForm({ plan: subscription?.plan ?? 'free', interval: subscription?.interval ?? 'month' });

  const free = plans.find((candidate) => candidate.code === 'free');
  const ending = subscription !== null && (subscription.on_grace_period || subscription.cancel_at_period_end);
  const status = !subscription
    ? null
    : ending && subscription.status !== 'canceled'
      ? ({ label: 'Canceled', tone: 'yellow' } as const)
      : subscriptionStatuses[subscription.status];
  const paidPlan = subscription && plans.find((candidate) => candidate.code === subscription.plan);
  const endsOn = subscription ? formatDate(subscription.ends_at ?? subscription.current_period_end) : '';
  const owed = invoices.find(
    (invoice) =>
      invoice.status === 'open' && (subscription?.status === 'incomplete' || invoice.purpose !== 'credit_pack'),
  );
  const cancellable =
    can.manage && subscription !== null && ['active', 'trialing', 'past_due'].includes(subscription.status) && !ending;

  const closeCancel = () => {
    setConfirmingCancel(false);
    cancelForm.clearErrors();
  };
  const cancel = () =>
    cancelForm.post(route('billing.cancel'), { preserveScroll: true, onSuccess: () => setConfirmingCancel(false) });
  const resume = () => resumeForm.post(route('billing.resume'), { preserveScroll: true });
  const portal = () => portalForm.post(route('billing.portal'));
  const keep = () => {
    if (!subscription) return;
    keepForm.transform(() => ({ plan: subscription.plan, interval: subscription.interval }));
    keepForm.put(route('billing.plan.update'), { preserveScroll: true });
  };

  return (
    <ActionSection title="Plan" description="The plan your team is on, and what happens at the end of this period.">
      <div className="flex flex-wrap items-center gap-3">
        <h4 className="text-2xl font-semibold tracking-tight text-gray-900">{plan.name}</h4>
        {status && (
          <StatusBadge tone={status.tone} dot>
            {status.label}
          </StatusBadge>
        )}
      </div>

      <div className="mt-2 space-y-1 text-sm text-gray-600">
        {subscription && paidPlan && subscription.status !== 'canceled' && (
          <p>
            {priceOf(paidPlan, subscription.interval, subscription.currency)}, paid through{' '}
            {providerNames[subscription.provider]}.
          </p>
        )}
        {subscription ? (
          statusLine(subscription) && <p>{statusLine(subscription)}</p>
        ) : (
          <p>
            Your team is on the Free plan.{free && ` ${free.tagline}`}
            {can.manage && ' Upgrade below for more bots, channels, members and AI credits.'}
          </p>
        )}
      </div>

      <div className="mt-4 space-y-3 empty:hidden">
        {subscription?.status === 'past_due' && (
          <Notice tone="red" role="alert">
            <p>
              <span className="font-semibold">A payment failed</span>
              {subscription.past_due_since && ` on ${formatDate(subscription.past_due_since)}`}.{' '}
              {pastDueUntil
                ? `Update your payment details by ${formatDate(pastDueUntil)} to keep the ${subscription.plan_name} plan; after that the team moves to Free.`
                : `Update your payment details to keep the ${subscription.plan_name} plan.`}
            </p>
            {owed && (
              <p className="mt-1">
                <PayLink invoice={owed} />
              </p>
            )}
          </Notice>
        )}

        {subscription?.status === 'incomplete' && owed && (
          <Notice tone="yellow">
            <PayLink invoice={owed} /> to start the {subscription.plan_name} plan.
          </Notice>
        )}

        {subscription && ending && subscription.status !== 'canceled' && (
          <Notice
            tone="yellow"
            action={
              can.manage && subscription.on_grace_period ? (
                <PrimaryButton
                  type="button"
                  onClick={resume}
                  disabled={resumeForm.processing}
                  className={resumeForm.processing ? 'opacity-25' : undefined}
                >
                  Resume
                </PrimaryButton>
              ) : undefined
            }
          >
            <span className="font-semibold">Canceled.</span> The {subscription.plan_name} plan holds until {endsOn};
            then the team moves to the Free plan.
            {can.manage && subscription.on_grace_period && ' Resume to keep it.'}
          </Notice>
        )}

        {subscription?.scheduled_plan && !ending && (
          <Notice
            tone="indigo"
            action={
              can.manage ? (
                <SecondaryButton
                  onClick={keep}
                  disabled={keepForm.processing}
                  className={keepForm.processing ? 'opacity-25' : undefined}
                >
                  Keep {subscription.plan_name}
                </SecondaryButton>
              ) : undefined
            }
          >
            Changes to <span className="font-semibold">{subscription.scheduled_plan_name}</span>
            {subscription.scheduled_interval &&
              subscription.scheduled_interval !== subscription.interval &&
              ` (${intervalLabels[subscription.scheduled_interval].adjective})`}{' '}
            on {formatDate(subscription.current_period_end)}.
            <InputError className="mt-1" message={keepForm.errors.plan} />
          </Notice>
        )}
      </div>

      {can.manage && subscription && (subscription.has_portal || cancellable) && (
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {subscription.has_portal && (
            <SecondaryButton
              onClick={portal}
              disabled={portalForm.processing}
              className={portalForm.processing ? 'opacity-25' : undefined}
            >
              Manage payment methods
            </SecondaryButton>
          )}
          {cancellable && <DangerButton onClick={() => setConfirmingCancel(true)}>Cancel subscription</DangerButton>}
        </div>
      )}

      <InputError className="mt-3" message={firstError(resumeForm.errors) ?? firstError(portalForm.errors)} />

      <ConfirmationModal
        show={confirmingCancel}
        onClose={closeCancel}
        title="Cancel subscription"
        footer={
          <>
            <SecondaryButton onClick={closeCancel}>Keep subscription</SecondaryButton>
            <DangerButton
              onClick={cancel}
              disabled={cancelForm.processing}
              className={cancelForm.processing ? 'opacity-25' : undefined}
            >
              Cancel subscription
            </DangerButton>
          </>
        }
      >
        {subscription && (
          <>
            The {subscription.plan_name} plan holds until the end of this period,{' '}
            {formatDate(subscription.current_period_end)}, and nothing more is charged. Then the team moves to the Free
            plan and its limits. You can resume the subscription until then.
          </>
        )}
        <InputError className="mt-2" message={firstError(cancelForm.errors)} />
      </ConfirmationModal>
    </ActionSection>
  );
}
