import type { Services } from '../../services';
import {
  webhookDeliveryRepository,
  webhookRepository,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/repositories/webhook-repository';
import {
  deliverEvent,
  MAX_ATTEMPTS,
  retryDelayMs,
  WebhookDeliveryError,
  type OutboundEvent,
} from '../../channels/webhook/outbound';
import { signingSecrets } from './secrets';
import { teamChannel } from '../notifications/channels';
import { inboxEvent } from '../conversations/events';

/**
 * Tells the team's open Webhooks pages that an endpoint's log changed (`WebhookChanged`, ids only):
 * a delivery made, retried or given up.
 */
async function webhookChanged(services: Pick<Services, 'broadcaster'>, teamId: number, endpointId: number) {
  await services.broadcaster.broadcast({
    channels: [teamChannel(teamId)],
    event: inboxEvent('WebhookChanged'),
    data: { team_id: teamId, webhook_id: endpointId },
  });
}

/** One delivery's attempts (`{ deliveryId }`); a failed attempt queues the next on the schedule. */
export const deliverJob = 'webhooks.deliver';

/** An endpoint that failed every event for this long, and has just given up another, is turned off. */
export const disableAfterMs = 3 * 24 * 60 * 60_000;

/** How long a run holds a delivery: past the request's own timeout, so that no second run starts it meanwhile. */
const holdMs = (timeoutMs: number) => Math.max(60_000, timeoutMs + 30_000);

/** The delivery log keeps this long. */
export const keepDeliveriesMs = 30 * 24 * 60 * 60_000;

export type DeliveryServices = Pick<Services, 'db' | 'config' | 'encrypter' | 'jobs' | 'logger' | 'broadcaster'>;

export interface AttemptOptions {
  /** A person's "Resend" or "Send test event": one attempt, no retries after it, even to an endpoint turned off. */
  manual?: boolean;
  /** Stands in for DNS (tests). */
  lookup?: Parameters<typeof deliverEvent>[0]['lookup'];
  now?: () => Date;
}

/**
 * One attempt of a pending delivery: POSTs its stored body, signed with the endpoint's secret (and
 * its previous one while a rotation settles), and records how it went. Returns the delivery as it
 * ended, or undefined when it was not pending or another run holds it.
 *
 * A retryable failure (a 5xx, 408, 409, 429, a timeout, a network error) is tried again on the webhook
 * channel's schedule, about a day in all; anything else, or the last attempt, fails the delivery.
 * A process killed during the POST leaves the delivery held for a minute or so and then pending: the
 * sweep sends it again, so an endpoint may see an event twice (it dedupes on `X-Kawan-Event-Id`),
 * never lose one.
 */
export async function attemptDelivery(
  services: DeliveryServices,
  deliveryId: number,
  options: AttemptOptions = {},
): Promise<WebhookDeliveryRow | undefined> {
  const clock = options.now ?? (() => new Date());
  const started = clock();
  const deliveries = webhookDeliveryRepository(services.db);
  const delivery = await deliveries.claim(
    deliveryId,
    new Date(started.getTime() + holdMs(services.config.channels.timeoutMs)),
    started,
  );
  if (!delivery) return undefined;
  const endpoints = webhookRepository(services.db, delivery.teamId);
  const endpoint = await endpoints.find(delivery.endpointId);
  if (!endpoint) return undefined;
  const attempts = delivery.attempts + 1;

  if (!endpoint.enabled && !options.manual) {
    const skipped = await deliveries.settle(delivery.id, {
      state: 'failed',
      attempts: delivery.attempts,
      responseStatus: null,
      error: 'Not sent: the endpoint is turned off.',
      durationMs: null,
      nextAttemptAt: null,
      deliveredAt: null,
    });
    await webhookChanged(services, delivery.teamId, endpoint.id);
    return skipped;
  }

  try {
    const sent = await deliverEvent({
      url: endpoint.url,
      secret: signingSecrets(services.encrypter, endpoint.secret, started),
      event: delivery.payload as OutboundEvent,
      allowPrivate: services.config.knowledge.allowPrivateUrls,
      timeoutMs: services.config.channels.timeoutMs,
      lookup: options.lookup,
      now: started,
    });
    const settled = await deliveries.settle(delivery.id, {
      state: 'delivered',
      attempts,
      responseStatus: sent.status,
      error: null,
      durationMs: sent.durationMs,
      nextAttemptAt: null,
      deliveredAt: clock(),
    });
    if (endpoint.failingSince) await endpoints.update(endpoint.id, { failingSince: null });
    await webhookChanged(services, delivery.teamId, endpoint.id);
    return settled;
  } catch (error) {
    if (!(error instanceof WebhookDeliveryError)) throw error;
    const now = clock();
    const again = error.retryable && !options.manual && attempts < MAX_ATTEMPTS;
    const wait = again ? Math.max(retryDelayMs(attempts), error.retryAfterMs ?? 0) : 0;
    const settled = await deliveries.settle(delivery.id, {
      state: again ? 'pending' : 'failed',
      attempts,
      responseStatus: error.details.status ?? null,
      error: sentence(error.message),
      durationMs: error.details.durationMs,
      nextAttemptAt: again ? new Date(now.getTime() + wait) : null,
      deliveredAt: null,
    });
    if (again)
      await services.jobs.send(deliverJob, { deliveryId: delivery.id }, { startAfter: new Date(now.getTime() + wait) });
    await failed(services, endpoint, { final: !again && !options.manual, reason: sentence(error.message), now });
    await webhookChanged(services, delivery.teamId, endpoint.id);
    return settled;
  }
}

/**
 * Marks the endpoint failing from its first failed attempt; when an event is given up and it has
 * failed everything for `disableAfterMs`, turns it off with the reason, as Stripe and GitHub do
 * with endpoints that are gone.
 */
async function failed(
  services: DeliveryServices,
  endpoint: WebhookEndpointRow,
  { final, reason, now }: { final: boolean; reason: string; now: Date },
): Promise<void> {
  const endpoints = webhookRepository(services.db, endpoint.teamId);
  const since = endpoint.failingSince ?? now;
  if (!endpoint.failingSince) await endpoints.update(endpoint.id, { failingSince: now });
  if (!final || !endpoint.enabled || now.getTime() - since.getTime() < disableAfterMs) return;
  const day = since.toISOString().slice(0, 10);
  await endpoints.update(endpoint.id, {
    enabled: false,
    disabledReason: `Kawan turned it off: every event since ${day} failed (the last: ${lowerFirst(reason)})`,
  });
  services.logger.warn(
    { teamId: endpoint.teamId, endpointId: endpoint.id },
    'webhook endpoint turned off after failing for days',
  );
}

/**
 * Pending deliveries whose job was lost (a process stopped between the commit and the job, or
 * during an attempt), queued again; and the log's old deliveries pruned. The workers' minute sweep.
 */
export async function sweepDeliveries(
  services: DeliveryServices,
  now = new Date(),
): Promise<{ queued: number; pruned: number }> {
  const deliveries = webhookDeliveryRepository(services.db);
  // A job is late by more than two minutes only when it was lost: the sweep runs every minute.
  const overdue = await deliveries.overdue(new Date(now.getTime() - 2 * 60_000), 200);
  for (const deliveryId of overdue) await services.jobs.send(deliverJob, { deliveryId });
  const pruned = await deliveries.prune(new Date(now.getTime() - keepDeliveriesMs), 1000);
  return { queued: overdue.length, pruned };
}

/** "the endpoint answered 500" → "The endpoint answered 500." */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return (/[.!?]$/.test(text) ? text : `${text}.`).slice(0, 300);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export { MAX_ATTEMPTS };
