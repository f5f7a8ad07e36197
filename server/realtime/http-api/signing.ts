import { createHash } from 'node:crypto';
import { constantTimeEqual, hmacHex, type SigningApp } from '../protocol/signatures';

/**
 * Pusher HTTP API request signing (what the `pusher` SDK sends): query auth_key, auth_timestamp
 * (seconds), auth_version=1.0, body_md5 (hex MD5 of the body, when there is one) and auth_signature
 * = HMAC-SHA256(secret, "METHOD\npath\nk=v&…") with keys lowercased and sorted, values unescaped.
 */
export type QueryParams = Record<string, string>;

/** Decodes a query string without turning `+` into a space (the SDK writes values raw). */
export function parseQuery(search: string): QueryParams {
  const params: QueryParams = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (text === '') return params;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const index = pair.indexOf('=');
    const key = decode(index === -1 ? pair : pair.slice(0, index)).toLowerCase();
    const value = index === -1 ? '' : decode(pair.slice(index + 1));
    params[key] = key in params ? `${params[key]},${value}` : value;
  }
  return params;
}

export function md5Hex(body: Buffer | string): string {
  return createHash('md5').update(body).digest('hex');
}

export function signatureString(method: string, path: string, params: QueryParams): string {
  const query = Object.keys(params)
    .filter((key) => key !== 'auth_signature')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${query}`;
}

/** The query string of a signed request (tests and the benchmark sign like the SDK does). */
export function signedQuery(
  app: SigningApp,
  method: string,
  path: string,
  body: string | Buffer | undefined,
  params: QueryParams = {},
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const all: QueryParams = { ...params, auth_key: app.key, auth_timestamp: String(timestamp), auth_version: '1.0' };
  if (body !== undefined && body.length > 0) all.body_md5 = md5Hex(body);
  const signature = hmacHex(app.secret, signatureString(method, path, all));
  const query = Object.entries(all)
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return `${query}&auth_signature=${signature}`;
}

export type Verification = { ok: true } | { ok: false; reason: string };

export interface SignedRequest {
  method: string;
  /** The request path as received (percent-encoding untouched). */
  rawPath: string;
  params: QueryParams;
  body: Buffer;
}

/**
 * Checks a request's signature: key, version, a timestamp within `windowSeconds` of `nowSeconds`,
 * body_md5 recomputed from the bytes received, then the HMAC over the raw path and, failing that,
 * over its percent-decoded form (clients differ), compared in constant time.
 */
export function verifyRequest(
  app: SigningApp,
  request: SignedRequest,
  nowSeconds: number,
  windowSeconds: number,
): Verification {
  const params = { ...request.params };
  const signature = params.auth_signature;
  if (!signature || !params.auth_key || !params.auth_timestamp) return { ok: false, reason: 'Missing auth parameters' };
  if (!constantTimeEqual(app.key, params.auth_key)) return { ok: false, reason: 'Unknown auth_key' };
  if (params.auth_version !== '1.0') return { ok: false, reason: 'auth_version must be 1.0' };
  const timestamp = Number(params.auth_timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > windowSeconds) {
    return { ok: false, reason: `auth_timestamp expired: it must be within ${windowSeconds} s of the server time` };
  }
  if (request.body.length > 0) params.body_md5 = md5Hex(request.body);
  else if (params.body_md5 !== undefined && params.body_md5 !== md5Hex(''))
    return { ok: false, reason: 'body_md5 mismatch' };
  const decodedPath = decode(request.rawPath);
  for (const path of decodedPath === request.rawPath ? [request.rawPath] : [request.rawPath, decodedPath]) {
    const expected = hmacHex(app.secret, signatureString(request.method, path, params));
    if (constantTimeEqual(expected, signature)) return { ok: true };
  }
  return { ok: false, reason: 'Invalid signature' };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
