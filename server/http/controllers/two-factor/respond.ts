import type { Request, Response } from 'express';
import { wantsJson } from '../../middleware/errors';
import { absoluteOrigin } from '../../inertia/middleware';

/**
 * How the management endpoints answer (Fortify's responses): JSON clients get an empty 200; form
 * posts go back where they came from with a `status` flash (§1.4 of the Jetstream notes).
 */
export function respondWithStatus(req: Request, res: Response, status: string): void {
  if (wantsJson(req)) {
    res.status(200).end();
    return;
  }
  req.inertia.flash('status', status);
  res.redirect(303, previousUrl(req));
}

/** The same-origin page the request came from, else the profile page (or the dashboard). */
function previousUrl(req: Request): string {
  const host = req.get('host');
  const referer = req.get('referer');
  if (referer && host) {
    try {
      const url = new URL(referer, absoluteOrigin(req));
      if (url.host === host) return url.pathname + url.search;
    } catch {
      // not a URL: fall through
    }
  }
  const { routes, route } = req.services;
  return route(routes.has('profile.show') ? 'profile.show' : 'dashboard');
}

/** Secrets and recovery codes must not stay in any cache. */
export function noStore(res: Response): Response {
  return res.set('Cache-Control', 'no-store, private');
}
