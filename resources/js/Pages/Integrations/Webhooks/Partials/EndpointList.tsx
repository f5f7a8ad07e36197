import { Link } from '@inertiajs/react';
import { formatDateTime } from '@/lib/dates';
import { route } from '@/lib/route';
import { EndpointStatusBadge, EventsSummary } from './WebhookBadges';
import { lastDeliveryText, recentText } from './format';
import type { WebhookEndpointView, WebhookEventTypeView } from './types';

/** The last delivery (its time as a tooltip) and the last 24 hours, as a row and Show say them. */
export function EndpointActivity({ endpoint }: { endpoint: WebhookEndpointView }) {
  const last = endpoint.last_delivery;
  return (
    <dl className="space-y-1 text-xs text-gray-500">
      <div>
        <dt className="sr-only">Last delivery</dt>
        <dd
          className={last?.state === 'failed' ? 'text-red-700' : undefined}
          title={last ? formatDateTime(last.at) : undefined}
        >
          {lastDeliveryText(last)}
        </dd>
      </div>
      <div>
        <dt className="inline">Last 24 hours: </dt>
        <dd className="inline">{recentText(endpoint.recent)}</dd>
      </div>
    </dl>
  );
}

function EndpointRow({ endpoint, eventTypes }: { endpoint: WebhookEndpointView; eventTypes: WebhookEventTypeView[] }) {
  return (
    <li className="px-4 py-5 sm:px-6" aria-label={endpoint.url}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link
              href={route('integrations.webhooks.show', { webhook: endpoint.id })}
              className="min-w-0 font-mono text-sm font-semibold break-all text-gray-900 hover:text-indigo-700 focus:underline focus:outline-hidden"
            >
              {endpoint.url}
            </Link>
            <EndpointStatusBadge endpoint={endpoint} />
          </div>
          {endpoint.description && <p className="mt-1 text-sm break-words text-gray-600">{endpoint.description}</p>}
          {!endpoint.enabled && endpoint.disabled_reason && (
            <p className="mt-1 text-sm break-words text-red-700">{endpoint.disabled_reason}</p>
          )}
          <div className="mt-2 text-sm">
            <span className="sr-only">Events: </span>
            <EventsSummary events={endpoint.events} eventTypes={eventTypes} />
          </div>
        </div>
        <div className="shrink-0 sm:text-end">
          <EndpointActivity endpoint={endpoint} />
        </div>
      </div>
    </li>
  );
}

/** The team's endpoints as rows of one white card, each linking to its page. */
export default function EndpointList({
  endpoints,
  eventTypes,
}: {
  endpoints: WebhookEndpointView[];
  eventTypes: WebhookEventTypeView[];
}) {
  return (
    <ul
      className="divide-y divide-gray-200 overflow-hidden bg-white shadow-sm sm:rounded-lg"
      aria-label="Webhook endpoints"
    >
      {endpoints.map((endpoint) => (
        <EndpointRow key={endpoint.id} endpoint={endpoint} eventTypes={eventTypes} />
      ))}
    </ul>
  );
}
