import type { RequestHandler, Response } from 'express';
import { Inertia, varyOnInertia, type InertiaOptions } from './inertia';

const rewrite303 = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * Gives every request its own `req.inertia` and answers stale asset versions with 409. Its
 * redirects are adjusted by `installInertiaRedirect`.
 */
export function inertiaMiddleware(options: InertiaOptions): RequestHandler {
  return (req, res, next) => {
    const inertia = new Inertia(req, res, options);
    req.inertia = inertia;
    varyOnInertia(res);

    if (inertia.isStale()) {
      inertia.respondStale(absoluteOrigin(req) + req.originalUrl);
      return;
    }
    next();
  };
}

type Redirect = (this: Response, statusOrUrl: number | string, maybeUrl?: string | number) => void;

/**
 * `res.redirect` of every response of the app (on `app.response`, its responses' prototype): for a
 * request the Inertia layer serves, the way the Inertia client needs redirects, 303 instead of 302
 * after PUT/PATCH/DELETE (so the browser follows with GET) and a 409 with X-Inertia-Redirect for an
 * Inertia visit sent to a URL with a #fragment (fetch cannot see it); for any other, Express's own.
 */
export function installInertiaRedirect(response: object): void {
  const express = (Object.getPrototypeOf(response) as { redirect: Redirect }).redirect;
  Object.defineProperty(response, 'redirect', {
    configurable: true,
    writable: true,
    value: function (this: Response, ...args: [number | string, (string | number)?]) {
      // Express reads its arguments by their count: they go on as they came.
      if (this.req.inertia === undefined) return express.apply(this, args);
      inertiaRedirect.call(this, express, ...args);
    },
  });
}

function inertiaRedirect(
  this: Response,
  express: Redirect,
  statusOrUrl: number | string,
  maybeUrl?: string | number,
): void {
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
  express.call(this, status, url);
}

/**
 * The origin the browser used: its (trusted, see trusted-hosts.ts) Host, over https when the
 * request came so (directly, or through a proxy on loopback saying so in X-Forwarded-Proto), else
 * http. Whatever else a forwarded header claims is not a scheme we serve.
 */
export function absoluteOrigin(req: { protocol: string; get(name: string): string | undefined }): string {
  return `${req.protocol === 'https' ? 'https' : 'http'}://${req.get('host') ?? 'localhost'}`;
}
