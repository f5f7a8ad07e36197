import { useState, type ReactNode } from 'react';
import { Head, usePage } from '@inertiajs/react';
import type { BillingIndexProps } from '../../../../server/presenters/billing-presenter';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import BillingDetailsForm from './Partials/BillingDetailsForm';
import CreditPacks from './Partials/CreditPacks';
import CurrentPlan from './Partials/CurrentPlan';
import EventLog from './Partials/EventLog';
import InvoiceList from './Partials/InvoiceList';
import PlanTable from './Partials/PlanTable';
import UsageMeters from './Partials/UsageMeters';
import type { Currency, Interval } from './Partials/format';
import { useLiveBilling } from './Partials/use-live-billing';

/** A section after the first: a rule between them from `sm` up, space on a phone. */
function Next({ children }: { children: ReactNode }) {
  return (
    <>
      <SectionBorder />
      <div className="mt-10 sm:mt-0">{children}</div>
    </>
  );
}

/**
 * Billing/Index: the team's plan and subscription, its usage against the plan's limits, the plans
 * to move to, credit packs, the billing details, invoices and (for the owner) the payment
 * providers' events. Only the owner acts; admins read it all. Live: BillingUpdated on the team's
 * channel reloads the billing state.
 */
export default function Index(props: BillingIndexProps) {
  const { team, can, plan, subscription, plans } = props;
  const pastDueUntil = usePage().props.auth.user?.current_team?.billing.past_due_until ?? null;
  const [interval, setBillingInterval] = useState<Interval>(subscription?.interval ?? 'month');
  const [currency, setCurrency] = useState<Currency>(props.currency);
  useLiveBilling(team.id);

  return (
    <>
      <Head title="Billing" />
      <PageHeader title="Billing">
        <p className="text-sm text-gray-500">{team.name}</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        {!can.manage && (
          <div
            className="mb-8 rounded-md border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-800"
            role="status"
          >
            Only the team&rsquo;s owner manages billing: you can see the plan, usage and invoices here, but not change
            them.
          </div>
        )}

        <CurrentPlan
          plan={plan}
          subscription={subscription}
          plans={plans}
          invoices={props.invoices}
          can={can}
          pastDueUntil={pastDueUntil}
        />

        <Next>
          <UsageMeters meters={props.meters} period={props.period} credit_packs={props.credit_packs} />
        </Next>

        <Next>
          <PlanTable
            plans={plans}
            plan={plan}
            subscription={subscription}
            can={can}
            providers={props.providers}
            interval={interval}
            currency={currency}
            onIntervalChange={setBillingInterval}
            onCurrencyChange={setCurrency}
          />
        </Next>

        <Next>
          <CreditPacks packs={props.packs} credit_packs={props.credit_packs} can={can} currency={currency} />
        </Next>

        <Next>
          <BillingDetailsForm details={props.details} can={can} />
        </Next>

        <Next>
          <InvoiceList invoices={props.invoices} />
        </Next>

        {can.manage && (
          <Next>
            <EventLog events={props.events} />
          </Next>
        )}
      </div>
    </>
  );
}
