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
 * The URL was checked to be public when it was saved; DNS can change since, so every delivery
 * resolves the host again and refuses it when any address is private, loopback, link-local (the
 * cloud metadata service), unique-local or an IPv4 one carried in IPv6 (server/support/
 * address-guard.ts), unless `allowPrivate` (KNOWLEDGE_ALLOW_PRIVATE_URLS). That refusal is final.
 * The connection then goes to the addresses checked (a pinned `lookup`), so that a name answering
 * a public address to the check and a private one to the connect (DNS rebinding) reaches nothing
 * inside. TLS still verifies, and sends SNI and Host for, the URL's name.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { retryDelay } from '../../support/retry-after';
import { isPrivateAddress, pinnedLookup, type ResolveHost } from '../../support/address-guard';
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
  /** Deliver to private and local addresses too (KNOWLEDGE_ALLOW_PRIVATE_URLS: a receiver next to Kawan, tests). */
  allowPrivate: boolean;
  /** Default 10 000, for DNS, the connection and the answer's status together. */
  timeoutMs?: number;
  /** Stands in for DNS (tests); default node's `dns.lookup` with every address. */
  lookup?: ResolveHost;
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
  const elapsed = () => Math.round(performance.now() - started);
  let response: IncomingMessage;
  try {
    const addresses = await checkedAddresses(url, options, timeout, elapsed);
    response = await post(url, addresses, body, timeout, {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'x-kawan-event-id': options.event.id,
      'x-kawan-signature': signatureHeader(options.secret, body, timestamp),
    });
    // The answer's body is not read: only its status counts. Dropping it frees the connection.
    response.destroy();
  } catch (error) {
    if (error instanceof WebhookDeliveryError) throw error;
    const durationMs = elapsed();
    if (timeout.aborted) {
      throw new WebhookDeliveryError(
        `the endpoint did not answer within ${seconds(timeoutMs)}`,
        true,
        'timeout',
        undefined,
        { durationMs },
      );
    }
    throw new WebhookDeliveryError(`could not reach the endpoint${networkReason(error)}`, true, 'network', undefined, {
      durationMs,
    });
  }
  const durationMs = elapsed();
  const status = response.statusCode ?? 0;
  if (status >= 200 && status < 300) return { status, durationMs };

  const header = response.headers['retry-after'];
  const retryAfterMs = header ? retryDelay(header, MAX_RETRY_AFTER_MS) : undefined;
  const details = { status, durationMs };
  const fail = (message: string, retryable: boolean, code: string, after?: number) =>
    new WebhookDeliveryError(message, retryable, code, after, details);
  const message = `the endpoint answered ${status}`;
  if (status === 429) throw fail(message, true, 'rate_limited', retryAfterMs);
  if (status >= 500 || status === 408 || status === 409) throw fail(message, true, 'unavailable', retryAfterMs);
  if (status >= 300 && status < 400) throw fail(`${message}, a redirect, which is not followed`, false, 'redirect');
  throw fail(message, false, 'rejected');
}

/**
 * The addresses this delivery connects to: the literal IP, or every address DNS gives the name now,
 * each one public unless private ones are allowed. A private one is a final failure naming it (the
 * team's own URL, for whoever reads the channel's log); a failed lookup is retryable.
 */
async function checkedAddresses(
  url: URL,
  options: Pick<DeliverOptions, 'allowPrivate' | 'lookup'>,
  signal: AbortSignal,
  elapsed: () => number,
): Promise<LookupAddress[]> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIP(host);
  const resolve = options.lookup ?? ((name: string) => dnsLookup(name, { all: true }));
  const addresses = literal ? [{ address: host, family: literal }] : await abortable(resolve(host), signal);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: 'ENODATA' });
  const blocked = options.allowPrivate ? undefined : addresses.find(({ address }) => isPrivateAddress(address));
  if (blocked) {
    throw new WebhookDeliveryError(
      `the outbound URL ${literal ? 'is' : 'resolves to'} a private address (${blocked.address})`,
      false,
      'private_address',
      undefined,
      { durationMs: elapsed() },
    );
  }
  return addresses;
}

/** The signed POST over node:http(s), connecting only to `addresses`; resolves with the answer's head. */
function post(
  url: URL,
  addresses: LookupAddress[],
  body: string,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup: pinnedLookup(addresses),
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end(body);
  });
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The system error code of a failed delivery (ECONNREFUSED, ENOTFOUND…); the URL is the client's own, but stays out. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? ` (${code})` : '';
}
