import DeleteSection from '@/Components/DeleteSection';
import { route } from '@/lib/route';
import type { WebhookEndpointView } from './types';

/** Deletes the endpoint after a confirmation: DELETE integrations.webhooks.destroy, then the list. */
export default function DeleteEndpointForm({ endpoint }: { endpoint: Pick<WebhookEndpointView, 'id' | 'url'> }) {
  return (
    <DeleteSection
      noun="endpoint"
      name={endpoint.url}
      url={route('integrations.webhooks.destroy', { webhook: endpoint.id })}
      description="Stop sending events to this URL and delete its delivery log."
    >
      Once the endpoint is deleted, Kawan sends this URL nothing more: the deliveries still waiting are dropped and its
      delivery log is deleted with it.
    </DeleteSection>
  );
}
