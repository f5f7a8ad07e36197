/**
 * Outbound events of the generic webhook / API channel: one signed POST per event to the client's
 * endpoint, and the retry schedule a job follows when it fails.
 *
 *   POST <url>
 *   Content-Type: application/json
 *   User-Agent: Kawan-Webhooks/1
 *   X-Kawan-Event-Id: <event id>          (the same on every retry: receivers dedupe on it)
 *   X-Kawan-Signature: t=<unix>,v1=<hex>  (see signature.ts)
 *
 *   {"id":"…","type":"message.created","createdAt":"…","data":{…}}
 *
 * A 2xx is a delivery. 408, 409, 429, 5xx, a network error or a timeout are retryable
 * WebhookDeliveryErrors (ChannelErrors carrying the status and the time taken), with the endpoint's
 * Retry-After; any other answer is final, a redirect included (redirects are not followed: the
 * signed request must reach the address the client gave).
 *
 * The URL is used as given: checking that it is public (not 127.0.0.1, 10.x, the metadata
 * address…) is the caller's job when it is saved and, as DNS can change, before each delivery.
 */
import { retryDelay } from '../../support/retry-after';
import { ChannelError } from '../driver';
import { signatureHeader } from './signature';

export interface OutboundEvent {
  /** Stable across retries. */
  id: string;
  /** `message.created`, `conversation.created`, `conversation.status_changed`, `conversation.handoff`… */
  type: string;
  /** ISO 8601. */
  createdAt: string;
  data: unknown;
}

export interface DeliverOptions {
  url: string;
  /** The signing secret; while rotating, [new, old]: one v1 entry each. */
  secret: string | readonly string[];
  event: OutboundEvent;
  /** Default 10 000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The signature's timestamp (default: the time of the call). */
  now?: Date;
}

export interface Delivery {
  status: number;
  durationMs: number;
}

/** A failed delivery, with what the log shows: the endpoint's status (none for a network error or timeout) and the time taken. */
export class WebhookDeliveryError extends ChannelError {
  constructor(
    message: string,
    retryable: boolean,
    code: string,
    retryAfterMs: number | undefined,
    readonly details: { status?: number; durationMs: number },
  ) {
    super(message, retryable, code, retryAfterMs);
    this.name = 'WebhookDeliveryError';
  }
}

export const WEBHOOK_USER_AGENT = 'Kawan-Webhooks/1';

/**
 * The wait after each failed attempt, before the next: 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, then
 * 4 h five times. Twelve attempts in all; the last comes about 23 h 42 min after the first
 * (between about 21 h 20 min and 26 h with the ±10 % jitter), after which the event is given up.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
  4 * 60 * 60_000,
  4 * 60 * 60_000,
  4 * 60 * 60_000,
  4 * 60 * 60_000,
];

/** The first attempt and one retry per step of the schedule. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;

/** Spread of the jitter: each wait is its step ±10 %, so endpoints that failed together do not retry together. */
const JITTER = 0.1;
/** The longest Retry-After honoured: one step of the schedule's plateau. */
const MAX_RETRY_AFTER_MS = 4 * 60 * 60_000;

/**
 * Milliseconds to wait after failed attempt number `attempt` (1 = the first delivery) before the
 * next one. Callers stop after MAX_ATTEMPTS; past the schedule this stays at its last step. When
 * the error carried retryAfterMs, wait the longer of the two.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(Math.max(Math.floor(attempt), 1), RETRY_SCHEDULE_MS.length) - 1;
  const base = RETRY_SCHEDULE_MS[step];
  const factor = 1 - JITTER + 2 * JITTER * Math.min(Math.max(random(), 0), 1);
  return Math.round(base * factor);
}

/** POSTs one signed event; resolves on a 2xx, else throws a WebhookDeliveryError (see the module comment). */
export async function deliverEvent(options: DeliverOptions): Promise<Delivery> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? globalThis.fetch;
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new WebhookDeliveryError('the endpoint URL is invalid', false, 'invalid_url', undefined, { durationMs: 0 });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookDeliveryError('the endpoint URL must be http or https', false, 'invalid_url', undefined, {
      durationMs: 0,
    });
  }

  const body = JSON.stringify(options.event);
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const timeout = AbortSignal.timeout(timeoutMs);
  const started = performance.now();
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        'x-kawan-event-id': options.event.id,
        'x-kawan-signature': signatureHeader(options.secret, body, timestamp),
      },
      body,
      redirect: 'manual',
      signal: timeout,
    });
    // The answer's body is not read: only its status counts. Dropping it frees the connection.
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    if (timeout.aborted) {
      throw new WebhookDeliveryError(
        `the endpoint did not answer within ${seconds(timeoutMs)}`,
        true,
        'timeout',
        undefined,
        {
          durationMs,
        },
      );
    }
    throw new WebhookDeliveryError(`could not reach the endpoint${networkReason(error)}`, true, 'network', undefined, {
      durationMs,
    });
  }
  const durationMs = Math.round(performance.now() - started);
  const status = response.status;
  if (status >= 200 && status < 300) return { status, durationMs };

  const header = response.headers.get('retry-after');
  const retryAfterMs = header ? retryDelay(header, MAX_RETRY_AFTER_MS) : undefined;
  const details = { status, durationMs };
  const fail = (message: string, retryable: boolean, code: string, after?: number) =>
    new WebhookDeliveryError(message, retryable, code, after, details);
  const message = `the endpoint answered ${status}`;
  if (status === 429) throw fail(message, true, 'rate_limited', retryAfterMs);
  if (status >= 500 || status === 408 || status === 409) throw fail(message, true, 'unavailable', retryAfterMs);
  // An opaque redirect has status 0 where a runtime hides it.
  if (status === 0) throw fail('the endpoint answered with a redirect, which is not followed', false, 'redirect');
  if (status >= 300 && status < 400) throw fail(`${message}, a redirect, which is not followed`, false, 'redirect');
  throw fail(message, false, 'rejected');
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The system error code of a failed fetch (ECONNREFUSED, ENOTFOUND…); the URL is the client's own, but stays out. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? ` (${code})` : '';
}
