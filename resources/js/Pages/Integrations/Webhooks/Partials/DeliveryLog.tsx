import { useState, type ReactNode } from 'react';
import { Link, router } from '@inertiajs/react';
import EmptyState from '@/Components/EmptyState';
import { MetaPagination } from '@/Components/Pagination';
import SecondaryButton from '@/Components/SecondaryButton';
import { cn } from '@/lib/cn';
import { formatDateTime, fromNow } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { DeliveryStateBadge } from './WebhookBadges';
import { attemptsText, deliveryFilters, eventLabel, prettyJson } from './format';
import type { DeliveryFilter, WebhookDeliveryView, WebhookEventTypeView, WebhookShowProps } from './types';

type Deliveries = WebhookShowProps['deliveries'];

/** The Show page's URL with the log's filter and page (neither when it is the default). */
export function deliveriesUrl(endpointId: number, state: DeliveryFilter, page = 1): string {
  const query: Record<string, string | number> = {};
  if (state !== 'all') query.state = state;
  if (page > 1) query.page = page;
  return route('integrations.webhooks.show', { webhook: endpointId, _query: query });
}

const emptyFiltered: Record<Exclude<DeliveryFilter, 'all'>, string> = {
  delivered: 'No delivered events.',
  failed: 'No failed deliveries.',
  pending: 'Nothing waiting to be sent.',
};

/** All, Delivered, Failed, Pending: links to the first page of each. */
function FilterTabs({ endpointId, state }: { endpointId: number; state: DeliveryFilter }) {
  return (
    <nav aria-label="Delivery states" className="-mb-px flex gap-6 overflow-x-auto border-b border-gray-200">
      {deliveryFilters.map((filter) => {
        const active = filter.value === state;
        return (
          <Link
            key={filter.value}
            href={deliveriesUrl(endpointId, filter.value)}
            preserveScroll
            aria-current={active ? 'page' : undefined}
            className={cn(
              'inline-flex shrink-0 items-center border-b-2 px-1 py-3 text-sm font-medium whitespace-nowrap transition focus:outline-hidden focus-visible:ring-2 focus-visible:ring-indigo-500',
              active
                ? 'border-indigo-500 text-indigo-700'
                : 'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-700',
            )}
          >
            {filter.label}
          </Link>
        );
      })}
    </nav>
  );
}

function DeliveryRow({
  delivery,
  eventTypes,
  resending,
  onResend,
}: {
  delivery: WebhookDeliveryView;
  eventTypes: WebhookEventTypeView[];
  resending: number | null;
  onResend: (delivery: WebhookDeliveryView) => void;
}) {
  const label = eventLabel(delivery.type, eventTypes);
  const resendable = delivery.state === 'delivered' || delivery.state === 'failed';
  const answer = [
    delivery.response_status !== null
      ? `HTTP ${delivery.response_status}`
      : delivery.attempts > 0
        ? 'No response'
        : null,
    delivery.duration_ms !== null ? `${delivery.duration_ms.toLocaleString()} ms` : null,
  ].filter((part): part is string => part !== null);

  return (
    <li className="py-4 first:pt-0 last:pb-0" aria-label={`${delivery.type} ${delivery.event_id}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-mono text-sm font-medium text-gray-900">{delivery.type}</span>
            {label !== delivery.type && <span className="text-sm text-gray-600">{label}</span>}
            <DeliveryStateBadge delivery={delivery} />
          </div>
          <p className="mt-1 font-mono text-xs break-all text-gray-500">{delivery.event_id}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-600">
            <span>{attemptsText(delivery)}</span>
            {answer.length > 0 && <span>{answer.join(' · ')}</span>}
            <time dateTime={delivery.created_at} title={formatDateTime(delivery.created_at)}>
              {fromNow(delivery.created_at)}
            </time>
            {delivery.delivered_at && delivery.state === 'delivered' && (
              <span title={formatDateTime(delivery.delivered_at)}>delivered {fromNow(delivery.delivered_at)}</span>
            )}
          </p>
          {delivery.error && <p className="mt-1 text-xs break-words text-red-700">{delivery.error}</p>}
        </div>
        {resendable && (
          <div className="shrink-0">
            <SecondaryButton
              className="px-2 py-1"
              disabled={resending !== null}
              onClick={() => onResend(delivery)}
              aria-label={`Resend ${delivery.event_id}`}
            >
              {resending === delivery.id ? 'Resending…' : 'Resend'}
            </SecondaryButton>
          </div>
        )}
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-xs text-indigo-700 underline hover:text-indigo-900">Payload</summary>
        <pre
          className="mt-2 max-h-96 overflow-x-auto overflow-y-auto rounded-md bg-gray-900 p-3 font-mono text-xs leading-relaxed text-gray-100"
          aria-label={`Payload of ${delivery.event_id}`}
        >
          <code>{prettyJson(delivery.payload)}</code>
        </pre>
      </details>
    </li>
  );
}

/**
 * The endpoint's deliveries, newest first, filtered by state: each event's type and id, how its
 * attempts went (the answer, how long it took, the error), when it is tried next, its payload (to
 * expand), and a Resend for delivered and failed ones (POST integrations.webhooks.deliveries.resend).
 */
export default function DeliveryLog({
  endpointId,
  deliveries,
  state,
  eventTypes,
}: {
  endpointId: number;
  deliveries: Deliveries;
  state: DeliveryFilter;
  eventTypes: WebhookEventTypeView[];
}) {
  const [resending, setResending] = useState<number | null>(null);
  const { data, meta } = deliveries;

  const resend = (delivery: WebhookDeliveryView) => {
    setResending(delivery.id);
    router.post(
      route('integrations.webhooks.deliveries.resend', { webhook: endpointId, delivery: delivery.id }),
      {},
      { preserveScroll: true, onFinish: () => setResending(null) },
    );
  };

  let body: ReactNode;
  if (data.length > 0) {
    body = (
      <ul className="divide-y divide-gray-100" aria-label="Deliveries">
        {data.map((delivery) => (
          <DeliveryRow
            key={delivery.id}
            delivery={delivery}
            eventTypes={eventTypes}
            resending={resending}
            onResend={resend}
          />
        ))}
      </ul>
    );
  } else if (meta.total > 0) {
    body = (
      <EmptyState bare title="Nothing on this page">
        {meta.total === 1
          ? `There is ${plural(meta.total, 'delivery', 'deliveries')}, on the first page.`
          : `There are ${plural(meta.total, 'delivery', 'deliveries')}, all on earlier pages.`}{' '}
        <Link href={deliveriesUrl(endpointId, state)} className="underline">
          First page
        </Link>
      </EmptyState>
    );
  } else if (state === 'all') {
    body = (
      <EmptyState bare title="No deliveries yet">
        Nothing sent yet. Send a test event, or wait for a conversation to change.
      </EmptyState>
    );
  } else {
    body = (
      <EmptyState bare title={emptyFiltered[state]}>
        <Link href={deliveriesUrl(endpointId, 'all')} className="underline">
          All deliveries
        </Link>
      </EmptyState>
    );
  }

  return (
    <>
      <FilterTabs endpointId={endpointId} state={state} />
      <div className="mt-4">{body}</div>
      <MetaPagination
        className="mt-4"
        label="Delivery log pages"
        meta={meta}
        noun={['delivery', 'deliveries']}
        page={(page) => deliveriesUrl(endpointId, state, page)}
      />
    </>
  );
}
