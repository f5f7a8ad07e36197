import StatusBadge from '@/Components/StatusBadge';
import { formatDateTime } from '@/lib/dates';
import { deliveryStateLabels, endpointStatus, eventsSummary, nextAttemptText } from './format';
import type { WebhookDeliveryView, WebhookEndpointView, WebhookEventTypeView } from './types';

/**
 * Enabled (green), Disabled (gray), "Failing since …" (amber) or "Turned off by Kawan" (red, with
 * why as its tooltip: the page says why beside it too).
 */
export function EndpointStatusBadge({
  endpoint,
}: {
  endpoint: Pick<WebhookEndpointView, 'enabled' | 'disabled_reason' | 'failing_since'>;
}) {
  const status = endpointStatus(endpoint);
  const title = status.detail ?? (endpoint.failing_since ? formatDateTime(endpoint.failing_since) : undefined);
  return (
    <StatusBadge tone={status.tone} dot title={title}>
      {status.label}
    </StatusBadge>
  );
}

/** "All events", or "3 events" with their labels as the tooltip and listed small beneath. */
export function EventsSummary({
  events,
  eventTypes,
  listed = true,
}: {
  events: string[];
  eventTypes: WebhookEventTypeView[];
  /** Whether the labels are listed under the count (else only its tooltip names them). */
  listed?: boolean;
}) {
  const summary = eventsSummary(events, eventTypes);
  if (summary.all) return <span className="text-gray-700">All events</span>;
  return (
    <span>
      <span className="text-gray-700" title={summary.labels.join(', ') || undefined}>
        {summary.text}
      </span>
      {listed && summary.labels.length > 0 && (
        <span className="block text-xs text-gray-500">{summary.labels.join(' · ')}</span>
      )}
    </span>
  );
}

/** Delivered (green), Failed (red), or Pending (amber) with when it is tried next. */
export function DeliveryStateBadge({ delivery }: { delivery: Pick<WebhookDeliveryView, 'state' | 'next_attempt_at'> }) {
  const { label, tone } = deliveryStateLabels[delivery.state] ?? { label: delivery.state, tone: 'gray' as const };
  const next = delivery.state === 'pending' ? nextAttemptText(delivery.next_attempt_at) : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <StatusBadge tone={tone} dot={delivery.state === 'pending' ? 'pulse' : true}>
        {label}
      </StatusBadge>
      {next && delivery.next_attempt_at && (
        <span className="text-xs text-yellow-800" title={formatDateTime(delivery.next_attempt_at)}>
          {next}
        </span>
      )}
    </span>
  );
}
