import type { RequestHandler, Response } from 'express';
import { Inertia, varyOnInertia, type InertiaOptions } from './inertia';

const rewrite303 = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * Gives every request its own `req.inertia`, answers stale asset versions with 409, and adjusts
 * redirects the way the Inertia client needs them: 303 after PUT/PATCH/DELETE (so the browser
 * follows with GET) and 409 + X-Inertia-Redirect for a target with a #fragment.
 */
export function inertiaMiddleware(options: InertiaOptions): RequestHandler {
  return (req, res, next) => {
    const inertia = new Inertia(req, res, options);
    req.inertia = inertia;
    varyOnInertia(res);

    (res as Response & { redirect: unknown }).redirect = inertiaRedirect;

    if (inertia.isStale()) {
      inertia.respondStale(absoluteOrigin(req) + req.originalUrl);
      return;
    }
    next();
  };
}

/**
 * `res.redirect` for a request the Inertia layer serves (one function for every response, called
 * with the response as `this`): 303 instead of 302 after PUT/PATCH/DELETE, and a 409 with
 * X-Inertia-Redirect for an Inertia visit sent to a URL with a #fragment (fetch cannot see it).
 */
function inertiaRedirect(this: Response, statusOrUrl: number | string, maybeUrl?: string | number): void {
  const req = this.req;
  let status = typeof statusOrUrl === 'number' ? statusOrUrl : typeof maybeUrl === 'number' ? maybeUrl : 302;
  const url = typeof statusOrUrl === 'string' ? statusOrUrl : String(maybeUrl);
  if (status === 302 && rewrite303.has(req.method)) status = 303;
  if (req.inertia?.isInertia && url.includes('#') && req.get('purpose') !== 'prefetch') {
    this.status(409)
      .set('X-Inertia-Redirect', new URL(url, absoluteOrigin(req)).toString())
      .end();
    return;
  }
  // Express's own, from the prototype this response was made with.
  (Object.getPrototypeOf(this) as Response).redirect.call(this, status, url);
}

/**
 * The origin the browser used: its (trusted, see trusted-hosts.ts) Host, over https when the
 * request came so (directly, or through a proxy on loopback saying so in X-Forwarded-Proto), else
 * http. Whatever else a forwarded header claims is not a scheme we serve.
 */
export function absoluteOrigin(req: { protocol: string; get(name: string): string | undefined }): string {
  return `${req.protocol === 'https' ? 'https' : 'http'}://${req.get('host') ?? 'localhost'}`;
}
