import type { Request, RequestHandler } from 'express';
import { HttpError } from '../../support/errors';
import { wantsJson } from '../middleware/errors';
import { absoluteOrigin } from '../inertia/middleware';

/** How long a password confirmation counts (Laravel's auth.password_timeout: 3 hours). */
export const passwordTimeoutSeconds = 10800;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Seconds since the session last confirmed the password, or undefined when it never did. */
export function secondsSincePasswordConfirmation(req: Request): number | undefined {
  const confirmedAt = req.session.passwordConfirmedAt;
  return typeof confirmedAt === 'number' ? nowSeconds() - confirmedAt : undefined;
}

/** Records a successful confirmation in the session. */
export function markPasswordConfirmed(req: Request): void {
  req.session.passwordConfirmedAt = nowSeconds();
}

/**
 * `password.confirm[:seconds]` (Laravel's RequirePassword): passes when the password was confirmed
 * within the timeout; otherwise JSON requests get 423 and pages go to the confirmation form, which
 * sends them back here afterwards.
 */
export const requirePassword =
  (argument?: string): RequestHandler =>
  (req, res, next) => {
    const timeout = Number(argument) > 0 ? Number(argument) : passwordTimeoutSeconds;
    const elapsed = secondsSincePasswordConfirmation(req);
    if (elapsed !== undefined && elapsed <= timeout) return next();
    if (wantsJson(req)) return next(new HttpError(423, 'Password confirmation required.'));
    req.session.intendedUrl = req.method === 'GET' ? req.originalUrl : sameOriginReferer(req);
    if (!req.session.intendedUrl) delete req.session.intendedUrl;
    res.redirect(req.services.route('password.confirm'));
  };

/** Where a non-GET request came from, as a path, when it came from this site (Laravel's url()->previous()). */
function sameOriginReferer(req: Request): string | undefined {
  const referer = req.get('referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer, absoluteOrigin(req));
    return url.host === req.get('host') ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}
