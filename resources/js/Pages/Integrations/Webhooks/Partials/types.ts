/**
 * The props of Integrations/Webhooks/Index and Show (server/presenters/webhook-presenter.ts).
 * Dates are ISO strings; an endpoint's secret never appears, except once as `revealed_secret`.
 */
import type { WebhookDeliveryState } from '../../../../../../server/db/schema/webhooks';

export type {
  RevealedWebhookSecret,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventTypeView,
  WebhookShowProps,
  WebhooksIndexProps,
} from '../../../../../../server/presenters/webhook-presenter';

export type { WebhookDeliveryState };

/** The delivery log's filter: every delivery, or those in one state. */
export type DeliveryFilter = WebhookDeliveryState | 'all';

/** What the endpoint forms send (integrations.webhooks.store and .update). */
export type WebhookFormData = {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
};
