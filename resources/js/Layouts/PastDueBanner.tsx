import { Link, usePage } from '@inertiajs/react';
import Icon from '@/Components/Icon';
import { formatDate } from '@/lib/dates';
import { optionalRoute } from '@/lib/route';

/**
 * The red strip under the navigation while the current team's payment is past due
 * (`auth.user.current_team.billing.past_due_until`, the grace period's end), on every signed-in
 * page, linking to Billing for those who may open it.
 */
export default function PastDueBanner() {
  const team = usePage().props.auth.user?.current_team;
  const until = team?.billing.past_due_until;
  if (!team || !until) return null;
  const billing = team.can.viewBilling ? optionalRoute('billing.index') : null;

  return (
    <div className="bg-red-600 text-white print:hidden" role="alert" data-testid="past-due-banner">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm sm:px-6 lg:px-8">
        <Icon name="exclamation-triangle" className="size-5 shrink-0" />
        <p className="flex-1 font-medium">
          {team.can.viewBilling
            ? `A payment failed. Update your payment details by ${formatDate(until)} to keep the ${team.billing.plan_name} plan.`
            : `A payment failed. The team's owner needs to update the payment details by ${formatDate(until)} to keep the ${team.billing.plan_name} plan.`}
        </p>
        {billing && (
          <Link href={billing} className="font-semibold whitespace-nowrap underline hover:no-underline">
            Go to Billing
          </Link>
        )}
      </div>
    </div>
  );
}
