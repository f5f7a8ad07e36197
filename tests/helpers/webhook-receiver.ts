import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A client's webhook endpoint (node:http on 127.0.0.1, a free port) for the generic webhook channel's
 * outbound events. It records every delivery and whether its X-Kawan-Signature verified, checked
 * here on its own (as a client would, from the documented scheme: HMAC-SHA256 of "<t>.<raw body>",
 * any v1 entry, the timestamp within the tolerance), not with Kawan's verifier, so a fault shared
 * by Kawan's signer and verifier still shows.
 *
 * Answers 200 unless scripted: `respondWith(500, 500, 200)` answers the next requests in that
 * order, then the default again; a response may carry a Retry-After, a delay or a Location.
 */

export interface ScriptedResponse {
  status: number;
  retryAfter?: string | number;
  /** Milliseconds before answering. */
  delayMs?: number;
  location?: string;
}

export interface ReceivedDelivery {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The parsed JSON (the raw text when it is not JSON). */
  body: unknown;
  verified: boolean;
  /** Why it did not verify. */
  reason?: string;
  /** The status answered. */
  status: number;
  receivedAt: Date;
}

export interface WebhookReceiverOptions {
  secret: string;
  /** Seconds (default 300). */
  toleranceSeconds?: number;
  /** Answered when nothing is scripted (default 200). */
  defaultStatus?: number;
  /** Scripted answers for the first requests. */
  statuses?: Array<number | ScriptedResponse>;
}

export interface WebhookReceiver {
  /** e.g. http://127.0.0.1:53211/hooks/kawan */
  url: string;
  deliveries: ReceivedDelivery[];
  respondWith(...responses: Array<number | ScriptedResponse>): void;
  /** Checks a header and body as this receiver does (for tests of the check itself). */
  verify(header: string | undefined, rawBody: string, now?: Date): { verified: boolean; reason?: string };
  close(): Promise<void>;
}

export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const tolerance = options.toleranceSeconds ?? 300;
  const script: ScriptedResponse[] = (options.statuses ?? []).map(scripted);
  const deliveries: ReceivedDelivery[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();

  function verify(
    header: string | undefined,
    rawBody: string,
    now = new Date(),
  ): { verified: boolean; reason?: string } {
    if (!header) return { verified: false, reason: 'no signature' };
    const entries = header.split(',').map((entry) => entry.trim().split('='));
    const timestamps = entries.filter(([key]) => key === 't').map(([, value]) => value);
    const signatures = entries.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
    if (timestamps.length !== 1 || !/^\d+$/.test(timestamps[0] ?? '') || signatures.length === 0) {
      return { verified: false, reason: 'malformed' };
    }
    const timestamp = Number(timestamps[0]);
    if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > tolerance) return { verified: false, reason: 'stale' };
    const expected = Buffer.from(
      createHmac('sha256', options.secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex'),
    );
    const match = signatures.some((signature) => {
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    return match ? { verified: true } : { verified: false, reason: 'mismatch' };
  }

  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(parts).toString('utf8');
      let body: unknown = rawBody;
      try {
        body = JSON.parse(rawBody);
      } catch {
        // kept as text
      }
      const header = req.headers['x-kawan-signature'];
      const check = verify(Array.isArray(header) ? header[0] : header, rawBody);
      const response = script.shift() ?? { status: options.defaultStatus ?? 200 };
      deliveries.push({
        method: req.method ?? 'GET',
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        body,
        ...check,
        status: response.status,
        receivedAt: new Date(),
      });
      if (!response.delayMs) return answer(res, response);
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(res, response);
      }, response.delayMs);
      timers.add(timer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks/kawan`,
    deliveries,
    respondWith(...responses) {
      script.push(...responses.map(scripted));
    },
    verify,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function scripted(response: number | ScriptedResponse): ScriptedResponse {
  return typeof response === 'number' ? { status: response } : response;
}

function answer(res: ServerResponse, response: ScriptedResponse): void {
  if (res.destroyed) return;
  res.writeHead(response.status, {
    'content-type': 'application/json',
    ...(response.retryAfter !== undefined ? { 'retry-after': String(response.retryAfter) } : {}),
    ...(response.location !== undefined ? { location: response.location } : {}),
  });
  res.end(JSON.stringify({ received: response.status >= 200 && response.status < 300 }));
}
