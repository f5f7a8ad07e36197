import type { BadgeTone } from '@/Components/StatusBadge';
import { formatDate, formatTime, fromNow, sameDay } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { pingEvent } from '../../../../../../server/domain/webhooks/event-types';
import type {
  DeliveryFilter,
  WebhookDeliveryState,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventTypeView,
} from './types';

export const URL_PLACEHOLDER = 'https://example.com/kawan/webhooks';

export const deliveryStateLabels: Record<WebhookDeliveryState, { label: string; tone: BadgeTone }> = {
  delivered: { label: 'Delivered', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  pending: { label: 'Pending', tone: 'yellow' },
};

/** The delivery log's filters, in the order its tabs show them. */
export const deliveryFilters: Array<{ value: DeliveryFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
];

/** An event type's label ("Resolved"), "Test event" for a ping, or the type itself when unknown. */
export function eventLabel(type: string, eventTypes: WebhookEventTypeView[]): string {
  if (type === pingEvent) return 'Test event';
  return eventTypes.find((info) => info.type === type)?.label ?? type;
}

/**
 * What an endpoint hears: every type (`all`), or the labels of those it subscribed to, in the
 * page's order.
 */
export function eventsSummary(
  events: string[],
  eventTypes: WebhookEventTypeView[],
): { all: boolean; text: string; labels: string[] } {
  const labels = eventTypes.filter((info) => events.includes(info.type)).map((info) => info.label);
  const all = eventTypes.length > 0 && eventTypes.every((info) => events.includes(info.type));
  return { all, text: all ? 'All events' : plural(events.length, 'event'), labels };
}

/** How an endpoint stands: on, off, failing, or turned off by Kawan (with why). */
export function endpointStatus(endpoint: Pick<WebhookEndpointView, 'enabled' | 'disabled_reason' | 'failing_since'>): {
  label: string;
  tone: BadgeTone;
  detail: string | null;
} {
  if (!endpoint.enabled && endpoint.disabled_reason)
    return { label: 'Turned off by Kawan', tone: 'red', detail: endpoint.disabled_reason };
  if (!endpoint.enabled) return { label: 'Disabled', tone: 'gray', detail: null };
  if (endpoint.failing_since)
    return { label: `Failing since ${shortMoment(endpoint.failing_since)}`, tone: 'yellow', detail: null };
  return { label: 'Enabled', tone: 'green', detail: null };
}

/** A moment of today as its time ("8:00 AM"), another day's as its date ("November 22, 2026"). */
export function shortMoment(value: string, now: number = Date.now()): string {
  return sameDay(value, now) ? formatTime(value) : formatDate(value);
}

/** "Delivered 200 · 2 minutes ago", "Failed 500 · an hour ago", "No deliveries yet". */
export function lastDeliveryText(last: WebhookEndpointView['last_delivery']): string {
  if (!last) return 'No deliveries yet';
  const state = deliveryStateLabels[last.state]?.label ?? last.state;
  const status = last.response_status === null ? '' : ` ${last.response_status}`;
  return `${state}${status} · ${fromNow(last.at)}`;
}

/** The last 24 hours: "12 delivered · 1 failed", "nothing sent". Zero failed or pending are left out. */
export function recentText(recent: WebhookEndpointView['recent']): string {
  const parts = [`${recent.delivered.toLocaleString()} delivered`];
  if (recent.failed > 0) parts.push(`${recent.failed.toLocaleString()} failed`);
  if (recent.pending > 0) parts.push(`${recent.pending.toLocaleString()} pending`);
  return recent.delivered + recent.failed + recent.pending === 0 ? 'nothing sent' : parts.join(' · ');
}

/** The URL without its scheme, cut to `max` characters, for a header. */
export function shortUrl(url: string, max = 60): string {
  const bare = url.replace(/^https?:\/\//i, '');
  const chars = Array.from(bare);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : bare;
}

/** "attempt 3 of 12", "not attempted yet". */
export function attemptsText(delivery: Pick<WebhookDeliveryView, 'attempts' | 'max_attempts'>): string {
  if (delivery.attempts === 0) return 'not attempted yet';
  return `attempt ${delivery.attempts.toLocaleString()} of ${delivery.max_attempts.toLocaleString()}`;
}

/** "next attempt in 5 minutes"; "next attempt any moment now" once it is due. */
export function nextAttemptText(nextAttemptAt: string | null, now: number = Date.now()): string | null {
  if (!nextAttemptAt) return null;
  return new Date(nextAttemptAt).getTime() <= now
    ? 'next attempt any moment now'
    : `next attempt ${fromNow(nextAttemptAt)}`;
}

/** The payload as the receiver got it, indented for reading. */
export function prettyJson(payload: unknown): string {
  if (typeof payload === 'string') {
    try {
      return JSON.stringify(JSON.parse(payload), null, 2);
    } catch {
      return payload;
    }
  }
  return JSON.stringify(payload, null, 2) ?? String(payload);
}
