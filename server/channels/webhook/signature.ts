/**
 * The signature of the generic webhook channel, both ways (Stripe's scheme):
 *
 *   X-Kawan-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>[,v1=<hex>…]
 *
 * The timestamp is signed with the body, so a captured request cannot be replayed after the
 * tolerance (5 minutes by default, either way, for clocks that drift). Several v1 entries may come:
 * while a secret is rotated the sender signs with the old and the new one, and a receiver accepts
 * the request when any of them matches any secret it holds. Other schemes (v0…) are ignored.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../support/crypto';
import type { Verification, WebhookRequest } from '../driver';

/** Lower-cased, as WebhookRequest holds headers. */
export const SIGNATURE_HEADER = 'x-kawan-signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The hex HMAC-SHA256 of `<timestamp>.<body>`, over the body's bytes as they are (not a string round trip). */
export function computeSignature(secret: string, body: string | Buffer, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** `t=<timestamp>,v1=<hex>`, one v1 per secret (give the new secret and the old one while rotating). */
export function signatureHeader(secret: string | readonly string[], body: string | Buffer, timestamp: number): string {
  const secrets = (typeof secret === 'string' ? [secret] : [...secret]).filter((value) => value !== '');
  if (secrets.length === 0) throw new Error('A webhook signature needs a secret');
  if (!Number.isSafeInteger(timestamp)) throw new Error('A webhook signature needs a whole-second unix timestamp');
  return [`t=${timestamp}`, ...secrets.map((value) => `v1=${computeSignature(value, body, timestamp)}`)].join(',');
}

/**
 * Checks X-Kawan-Signature over the raw body against one secret or several (the current one first
 * while rotating), with the timestamp within `toleranceSeconds` of `req.now`, in either direction.
 */
export function verifySignature(
  req: WebhookRequest,
  secret: string | readonly string[],
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): Verification {
  const header = req.headers[SIGNATURE_HEADER]?.trim();
  if (!header) return { ok: false, status: 401, reason: 'missing X-Kawan-Signature' };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, status: 401, reason: 'malformed X-Kawan-Signature' };
  // An empty key is one anybody can sign with.
  const secrets = (typeof secret === 'string' ? [secret] : [...secret]).filter((value) => value !== '');
  if (secrets.length === 0) return { ok: false, status: 401, reason: 'no signing secret configured' };

  const now = Math.floor(req.now.getTime() / 1000);
  if (Math.abs(now - parsed.timestamp) > toleranceSeconds) {
    return { ok: false, status: 401, reason: 'timestamp outside the tolerance' };
  }
  let matched = false;
  for (const value of secrets) {
    const expected = computeSignature(value, req.rawBody, parsed.timestamp);
    // Every pair is compared, so the time taken does not tell which entry matched.
    for (const signature of parsed.signatures) if (safeEqual(signature, expected)) matched = true;
  }
  return matched ? { ok: true } : { ok: false, status: 401, reason: 'X-Kawan-Signature does not match' };
}

/** `t=` exactly once (digits), at least one `v1=` of 64 hex digits; unknown keys are skipped. */
function parseHeader(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at <= 0) return undefined;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return undefined;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return undefined;
      if (signatures.length < 8) signatures.push(value.toLowerCase());
    }
  }
  return timestamp !== undefined && signatures.length > 0 ? { timestamp, signatures } : undefined;
}
