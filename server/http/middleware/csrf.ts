import type { RequestHandler, Request, Response } from 'express';
import { HttpError } from '../../support/errors';
import { randomToken, safeEqual } from '../../support/crypto';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session's CSRF token, created on first use. */
export function csrfToken(req: Request): string {
  if (!req.session._token) req.session._token = randomToken(30);
  return req.session._token;
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
    const kept = ([] as string[]).concat(existing as string | string[]).filter((cookie) => !cookie.startsWith('XSRF-TOKEN='));
    if (kept.length > 0) res.setHeader('Set-Cookie', kept);
    else res.removeHeader('Set-Cookie');
  }
  // Readable by the page: Inertia's HTTP client echoes it back in X-XSRF-TOKEN.
  res.cookie('XSRF-TOKEN', token, { path: '/', sameSite: 'lax', httpOnly: false, secure });
}

/**
 * Checks every state-changing request for the session's token (`_token` field, X-CSRF-TOKEN,
 * X-XSRF-TOKEN); a mismatch is 419. Paths under `except` (bearer-token API, webhooks) are skipped.
 */
export function verifyCsrfToken(options: { except: string[]; secure: boolean }): RequestHandler {
  return (req, res, next) => {
    const token = csrfToken(req);
    sendXsrfCookie(res, token, options.secure);
    if (safeMethods.has(req.method) || options.except.some((prefix) => req.path.startsWith(prefix))) return next();
    // A bearer-token client (Echo configured with a token, for example) is not a cross-site forgery:
    // another site cannot make a browser send an Authorization header without a CORS grant.
    if (/^Bearer\s+\S/i.test(req.get('authorization') ?? '')) return next();
    const body = req.body as Record<string, unknown> | undefined;
    const sent = [body?._token, req.get('x-csrf-token'), req.get('x-xsrf-token')].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    if (sent === undefined || !safeEqual(sent, token)) return next(new HttpError(419, 'CSRF token mismatch.'));
    next();
  };
}
