import { usePage } from '@inertiajs/react';
import { cn } from '@/lib/cn';
import { limitLine, limitReachedSentence, type LimitNoun, type PlanLimitProps } from '@/lib/plan-limits';
import { optionalRoute } from '@/lib/route';
import ButtonLink from './ButtonLink';

/** The Billing page for those the team lets see it (its `viewBilling` flag); null for the others. */
export function useBillingUrl(): string | null {
  const team = usePage().props.auth.user?.current_team;
  return team?.can.viewBilling ? optionalRoute('billing.index') : null;
}

type LineProps = {
  limit: PlanLimitProps;
  noun: LimitNoun;
  /** Said after the figures: "invitations included". */
  note?: string;
  className?: string;
};

/** "1 of 1 bots on the Free plan": the small line beside a "New …" button. */
export function PlanLimitLine({ limit, noun, note, className }: LineProps) {
  return (
    <p className={cn('text-sm text-gray-500 tabular-nums', className)} data-testid="plan-limit">
      {limitLine(limit, noun, note)}
    </p>
  );
}

type NoticeProps = {
  limit: PlanLimitProps;
  noun: LimitNoun;
  className?: string;
};

/**
 * What takes the "New …" button's place once the plan's limit is reached: the limit in a sentence,
 * and an Upgrade link to Billing for those who may see it, a plain sentence for the others.
 * Nothing while there is room.
 */
export function PlanLimitNotice({ limit, noun, className }: NoticeProps) {
  const billing = useBillingUrl();
  if (!limit.reached) return null;
  return (
    <div
      role="status"
      data-testid="plan-limit-reached"
      className={cn(
        'flex flex-col gap-3 rounded-md border border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-800 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <p>
        {limitReachedSentence(limit, noun)}{' '}
        {billing
          ? `Upgrade the plan to add more ${noun.many}.`
          : `The team's owner can upgrade the plan to add more ${noun.many}.`}
      </p>
      {billing && (
        <ButtonLink href={billing} className="shrink-0 self-start sm:self-auto">
          Upgrade
        </ButtonLink>
      )}
    </div>
  );
}
