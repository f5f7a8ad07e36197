import { Head, Link } from '@inertiajs/react';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import { formatDate, formatDateTime } from '@/lib/dates';
import { route } from '@/lib/route';
import DeleteEndpointForm from './Partials/DeleteEndpointForm';
import DeliveryLog from './Partials/DeliveryLog';
import EndpointSettingsForm from './Partials/EndpointSettingsForm';
import { EndpointActivity } from './Partials/EndpointList';
import RevealedSecretBanner from './Partials/RevealedSecretBanner';
import SendTestButton from './Partials/SendTestButton';
import SigningSection from './Partials/SigningSection';
import { EndpointStatusBadge, EventsSummary } from './Partials/WebhookBadges';
import { shortUrl } from './Partials/format';
import type { WebhookShowProps } from './Partials/types';
import { useLiveWebhooks } from './Partials/use-live-webhooks';

/**
 * Integrations/Webhooks/Show: one endpoint: its status at a glance, its signing secret once after
 * it was made, its settings, how to check its signatures (and rolling the secret), a test event,
 * the delivery log with its payloads and resends, and deleting it.
 */
export default function Show({
  endpoint,
  event_types,
  deliveries,
  filters,
  revealed_secret,
  signing,
}: WebhookShowProps) {
  useLiveWebhooks(['endpoint', 'deliveries'], endpoint.id);
  const title = shortUrl(endpoint.url);

  return (
    <>
      <Head title={`Webhook ${title}`} />
      <PageHeader title={title}>
        <Link
          href={route('integrations.webhooks.index')}
          className="ms-4 shrink-0 text-sm text-gray-600 underline hover:text-gray-900"
        >
          All webhooks
        </Link>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-0">
          <div className="min-w-0 space-y-1" role="group" aria-label="Overview">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-mono text-sm font-medium break-all text-gray-900">{endpoint.url}</span>
              <EndpointStatusBadge endpoint={endpoint} />
            </div>
            {endpoint.description && <p className="text-sm break-words text-gray-600">{endpoint.description}</p>}
            <div className="text-sm">
              <span className="sr-only">Events: </span>
              <EventsSummary events={endpoint.events} eventTypes={event_types} />
            </div>
            <p className="text-xs text-gray-500">
              Added{' '}
              <time dateTime={endpoint.created_at} title={formatDateTime(endpoint.created_at)}>
                {formatDate(endpoint.created_at)}
              </time>
            </p>
          </div>
          <div className="shrink-0 sm:text-end">
            <EndpointActivity endpoint={endpoint} />
          </div>
        </div>

        {revealed_secret && (
          <div className="mt-6">
            <RevealedSecretBanner secret={revealed_secret} />
          </div>
        )}

        <div className="mt-10">
          <EndpointSettingsForm key={endpoint.id} endpoint={endpoint} eventTypes={event_types} />
        </div>

        <SectionBorder />
        <div className="mt-10 sm:mt-0">
          <SigningSection
            endpointId={endpoint.id}
            previousSecretUntil={endpoint.previous_secret_until}
            signing={signing}
          />
        </div>

        <SectionBorder />
        <section
          aria-labelledby="delivery-log-title"
          className="mt-10 bg-white px-4 py-5 shadow-sm sm:mt-0 sm:rounded-lg sm:p-6"
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <h3 id="delivery-log-title" className="text-lg font-medium text-gray-900">
                Delivery log
              </h3>
              <p className="mt-1 text-sm text-gray-600">
                Every event Kawan sent this endpoint, newest first, with what it answered. A resend sends the same body
                again, with the same event id.
              </p>
            </div>
            <div className="shrink-0">
              <SendTestButton endpointId={endpoint.id} />
            </div>
          </div>
          <div className="mt-4">
            <DeliveryLog
              endpointId={endpoint.id}
              deliveries={deliveries}
              state={filters.state}
              eventTypes={event_types}
            />
          </div>
        </section>

        <SectionBorder />
        <div className="mt-10 sm:mt-0">
          <DeleteEndpointForm endpoint={endpoint} />
        </div>
      </div>
    </>
  );
}
