import type { WebhookDeliveryState } from '../db/schema/webhooks';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/repositories/webhook-repository';
import { webhookEventTypes } from '../domain/webhooks/event-types';
import { iso } from './iso';
import type { pageMeta } from '../http/pagination';

/** How an endpoint's recent deliveries went: the last one, and the last 24 hours counted. */
export interface EndpointActivity {
  last: { state: WebhookDeliveryState; responseStatus: number | null; at: Date } | null;
  delivered: number;
  failed: number;
  pending: number;
}

/** An endpoint as Integrations/Webhooks lists it and shows it (its secret never). */
export interface WebhookEndpointView {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  /** Why Kawan turned it off ("It failed every event for 3 days…"). */
  disabled_reason: string | null;
  /** The first failed event since its last delivery. */
  failing_since: string | null;
  last_delivery: { state: WebhookDeliveryState; response_status: number | null; at: string } | null;
  /** The last 24 hours. */
  recent: { delivered: number; failed: number; pending: number };
  /** While a rotation settles, the old secret still signs until then. */
  previous_secret_until: string | null;
  created_at: string;
}

export interface WebhookDeliveryView {
  id: number;
  event_id: string;
  type: string;
  state: WebhookDeliveryState;
  attempts: number;
  max_attempts: number;
  /** The endpoint's last answer (none after a network error or a timeout). */
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
  /** The body as sent, byte for byte the same on every attempt. */
  payload: unknown;
}

export interface WebhookEventTypeView {
  type: string;
  label: string;
  description: string;
}

export interface RevealedWebhookSecret {
  label: string;
  value: string;
}

/** Integrations/Webhooks/Index. */
export type WebhooksIndexProps = {
  endpoints: WebhookEndpointView[];
  event_types: WebhookEventTypeView[];
  limits: { endpoints: number };
};

/** Integrations/Webhooks/Show. */
export type WebhookShowProps = {
  endpoint: WebhookEndpointView;
  event_types: WebhookEventTypeView[];
  deliveries: { data: WebhookDeliveryView[]; meta: ReturnType<typeof pageMeta> };
  /** The log's filter: every delivery, or those in one state. */
  filters: { state: WebhookDeliveryState | 'all' };
  /** Shown once, after the endpoint was added or its secret rolled. */
  revealed_secret: RevealedWebhookSecret | null;
  /** How a receiver checks a delivery (shown beside the secret). */
  signing: { signature_header: string; event_header: string; tolerance_seconds: number };
};

export const eventTypeViews: WebhookEventTypeView[] = webhookEventTypes.map(({ type, label, description }) => ({
  type,
  label,
  description,
}));

/** An endpoint as the API has it (`WebhookEndpoint` in api-schemas.ts): never its secret. */
export function presentApiEndpoint(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: iso(row.failingSince),
    created_at: row.createdAt.toISOString(),
  };
}

/** The same on the Webhooks pages, with how its deliveries went and its secret's rotation. */
export function presentEndpoint(
  row: WebhookEndpointRow,
  activity: EndpointActivity,
  previousSecretUntil: Date | null,
): WebhookEndpointView {
  return {
    ...presentApiEndpoint(row),
    last_delivery: activity.last
      ? {
          state: activity.last.state,
          response_status: activity.last.responseStatus,
          at: activity.last.at.toISOString(),
        }
      : null,
    recent: { delivered: activity.delivered, failed: activity.failed, pending: activity.pending },
    previous_secret_until:
      previousSecretUntil && previousSecretUntil > new Date() ? previousSecretUntil.toISOString() : null,
  };
}

export function presentDelivery(row: WebhookDeliveryRow, maxAttempts: number): WebhookDeliveryView {
  return {
    id: row.id,
    event_id: row.eventId,
    type: row.type,
    state: row.state,
    attempts: row.attempts,
    max_attempts: maxAttempts,
    response_status: row.responseStatus,
    error: row.error,
    duration_ms: row.durationMs,
    next_attempt_at: row.state === 'pending' ? iso(row.nextAttemptAt) : null,
    created_at: row.createdAt.toISOString(),
    delivered_at: iso(row.deliveredAt),
    payload: row.payload,
  };
}
