import type { RequestHandler, Request, Response } from 'express';
import { serialize as serializeCookie } from 'cookie';
import { HttpError } from '../../support/errors';
import { hmacSha256, randomToken, safeEqual } from '../../support/crypto';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session's CSRF token. A session that was given none (a guest's, until login or logout
 * rotates it) has one derived from its signed id with APP_KEY, so that it needs no row to keep it:
 * the same session reads back the same token, and nobody without the key and the id can make it.
 */
export function csrfToken(req: Request): string {
  return req.session._token ?? derivedToken(req.services.config.app.key, req.session.id);
}

/** Tokens derived lately (one HMAC per session id, not per request); bounded, then started over. */
const derived = new Map<string, string>();

/** APP_KEY as text, by key (a test app may run with another key): not encoded again per request. */
const keyNames = new WeakMap<Buffer, string>();

function derivedToken(key: Buffer, sessionId: string): string {
  let keyName = keyNames.get(key);
  if (keyName === undefined) keyNames.set(key, (keyName = key.toString('base64')));
  const cacheKey = `${keyName}|${sessionId}`;
  let token = derived.get(cacheKey);
  if (token === undefined) {
    token = hmacSha256(key, `csrf-token|${sessionId}`).slice(0, 40);
    if (derived.size >= 10_000) derived.clear();
    derived.set(cacheKey, token);
  }
  return token;
}

/** A new token (after login and logout), sent to the browser at once. */
export function regenerateCsrfToken(req: Request, res: Response): string {
  req.session._token = randomToken(30);
  sendXsrfCookie(res, req.session._token, req.secure);
  return req.session._token;
}

function sendXsrfCookie(res: Response, token: string, secure: boolean) {
  // One XSRF-TOKEN per response: a token regenerated mid-request replaces the one set before.
  const existing = res.getHeader('Set-Cookie');
  if (existing !== undefined) {
    const kept = ([] as string[])
      .concat(existing as string | string[])
      .filter((cookie) => !cookie.startsWith('XSRF-TOKEN='));
    if (kept.length > 0) res.setHeader('Set-Cookie', kept);
    else res.removeHeader('Set-Cookie');
  }
  // Readable by the page: Inertia's HTTP client echoes it back in X-XSRF-TOKEN.
  res.append('Set-Cookie', xsrfCookie(token, secure));
}

/** XSRF-TOKEN cookies as sent lately, by token (one per session, sent on every response); bounded. */
const xsrfCookies = new Map<string, string>();

function xsrfCookie(token: string, secure: boolean): string {
  const key = `${secure ? 's' : ''}|${token}`;
  let cookie = xsrfCookies.get(key);
  if (cookie === undefined) {
    cookie = serializeCookie('XSRF-TOKEN', token, { path: '/', sameSite: 'lax', httpOnly: false, secure });
    if (xsrfCookies.size >= 10_000) xsrfCookies.clear();
    xsrfCookies.set(key, cookie);
  }
  return cookie;
}

/** Multipart requests whose token can only be in the body, which is read after sign-in. */
const awaitingBody = new WeakSet<Request>();

/** State-changing requests let through without a CSRF token because they carry a bearer token. */
const bearerOnly = new WeakSet<Request>();

/**
 * True when this request skipped the CSRF check for its `Authorization: Bearer` header: only that
 * token may authenticate it, never the session or a remember-me cookie (the session guard then
 * signs nobody in), so a forged cross-site request gains nothing by adding the header.
 */
export function isBearerOnly(req: Request): boolean {
  return bearerOnly.has(req);
}

/**
 * Checks every state-changing request for the session's token (`_token` field, X-CSRF-TOKEN,
 * X-XSRF-TOKEN); a mismatch is 419. Paths under `except` (bearer-token API, webhooks) are skipped.
 * A multipart body is read later (after sign-in, see uploadParsers): when such a request carries
 * no token header, the check waits for `verifyCsrfTokenInBody`, placed after the upload parsers,
 * and nothing before that changes anything.
 */
export function verifyCsrfToken(options: { except: string[]; secure: boolean }): RequestHandler {
  return (req, res, next) => {
    const token = csrfToken(req);
    sendXsrfCookie(res, token, options.secure);
    if (safeMethods.has(req.method) || options.except.some((prefix) => req.path.startsWith(prefix))) return next();
    // A bearer-token client (Echo configured with a token, for example) needs no CSRF token: another
    // site cannot make a browser send an Authorization header without a CORS grant. Such a request is
    // then authenticated by its token alone; the session does not sign it in (isBearerOnly).
    if (/^Bearer\s+\S/i.test(req.get('authorization') ?? '')) {
      bearerOnly.add(req);
      return next();
    }
    const header = sentToken(req.get('x-csrf-token'), req.get('x-xsrf-token'));
    if (header === undefined && req.is('multipart/form-data')) {
      awaitingBody.add(req);
      return next();
    }
    next(matches(header ?? sentToken((req.body as Record<string, unknown> | undefined)?._token), token));
  };
}

/** The deferred half of verifyCsrfToken: the `_token` field of a multipart body, once it is read. */
export function verifyCsrfTokenInBody(): RequestHandler {
  return (req, _res, next) => {
    if (!awaitingBody.has(req)) return next();
    awaitingBody.delete(req);
    next(matches(sentToken((req.body as Record<string, unknown> | undefined)?._token), csrfToken(req)));
  };
}

function sentToken(...candidates: unknown[]): string | undefined {
  return candidates.find((value): value is string => typeof value === 'string' && value !== '');
}

function matches(sent: string | undefined, token: string): HttpError | undefined {
  return sent !== undefined && safeEqual(sent, token) ? undefined : new HttpError(419, 'CSRF token mismatch.');
}
