import type { RequestHandler, Response } from 'express';
import { Inertia, type InertiaOptions } from './inertia';

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
    res.vary('X-Inertia');

    const redirect = res.redirect.bind(res) as (status: number, url: string) => void;
    (res as Response & { redirect: unknown }).redirect = (statusOrUrl: number | string, maybeUrl?: string | number) => {
      let status = typeof statusOrUrl === 'number' ? statusOrUrl : typeof maybeUrl === 'number' ? maybeUrl : 302;
      const url = typeof statusOrUrl === 'string' ? statusOrUrl : String(maybeUrl);
      if (status === 302 && rewrite303.has(req.method)) status = 303;
      if (inertia.isInertia && url.includes('#') && req.get('purpose') !== 'prefetch') {
        res.status(409).set('X-Inertia-Redirect', new URL(url, absoluteOrigin(req)).toString()).end();
        return;
      }
      redirect(status, url);
    };

    if (inertia.isStale()) {
      inertia.respondStale(absoluteOrigin(req) + req.originalUrl);
      return;
    }
    next();
  };
}

/**
 * The origin the browser used: its (trusted, see trusted-hosts.ts) Host, over https when the
 * request came so (directly, or through a proxy on loopback saying so in X-Forwarded-Proto), else
 * http. Whatever else a forwarded header claims is not a scheme we serve.
 */
export function absoluteOrigin(req: { protocol: string; get(name: string): string | undefined }): string {
  return `${req.protocol === 'https' ? 'https' : 'http'}://${req.get('host') ?? 'localhost'}`;
}
