import { Head } from '@inertiajs/react';
import EmptyState from '@/Components/EmptyState';
import Icon from '@/Components/Icon';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import { plural } from '@/lib/plural';
import CreateEndpointForm from './Partials/CreateEndpointForm';
import EndpointList from './Partials/EndpointList';
import type { WebhooksIndexProps } from './Partials/types';
import { useLiveWebhooks } from './Partials/use-live-webhooks';

/**
 * Integrations/Webhooks/Index: the team's own URLs that hear what happens to its conversations,
 * each with its status, its events and how its deliveries went lately; and the form that adds one
 * (a note in its place once the team has as many as it may).
 */
export default function Index({ endpoints, event_types, limits }: WebhooksIndexProps) {
  useLiveWebhooks(['endpoints']);
  return (
    <>
      <Head title="Webhooks" />
      <PageHeader title="Webhooks">
        {endpoints.length > 0 && (
          <p className="ms-4 hidden text-sm text-gray-500 sm:block">
            {plural(endpoints.length, 'endpoint')} of {limits.endpoints.toLocaleString()}
          </p>
        )}
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <p className="max-w-3xl px-4 text-sm text-gray-600 sm:px-0">
          Kawan POSTs what happens to your conversations and contacts to your own system (a CRM, a ticket tool, a
          spreadsheet’s script), signed with each endpoint’s secret.
        </p>

        <section aria-labelledby="webhook-endpoints-title" className="mt-6">
          <h3 id="webhook-endpoints-title" className="sr-only">
            Endpoints
          </h3>
          {endpoints.length === 0 ? (
            <EmptyState icon={<Icon name="inbox" className="size-10" />} title="No webhooks yet">
              <p>
                A webhook keeps another system in step with your inbox: when a conversation opens, gets a message, waits
                for a person, is resolved or rated, or a contact is added or changed, Kawan sends the event to the URL
                you give, a moment later, and tries again if it does not answer. Add an endpoint below and choose the
                events it hears.
              </p>
            </EmptyState>
          ) : (
            <EndpointList endpoints={endpoints} eventTypes={event_types} />
          )}
        </section>

        <SectionBorder />

        <div className="mt-10 sm:mt-0">
          <CreateEndpointForm eventTypes={event_types} count={endpoints.length} limit={limits.endpoints} />
        </div>
      </div>
    </>
  );
}
