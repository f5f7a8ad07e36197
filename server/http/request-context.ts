import type { Request } from 'express';

/**
 * Where Kawan keeps what it attaches to a request (`req.session`, `req.inertia`, `req.user`…): one
 * object per request, read and written through accessors on the app's request prototype, so that
 * the request itself gains one property instead of one per value.
 *
 * A Node request already holds about thirty properties; each one added to it made V8 copy the
 * request's property store. Measured on a guest Inertia visit (docs/decisions/011-request-path-cache.md,
 * the addendum of 2026-12-03): each property added to the request or the response was about a
 * kilobyte of garbage per request, and the five of a guest visit about a tenth of what it allocated.
 */
class RequestContext {
  id: Request['id'] | undefined = undefined;
  session: Request['session'] | undefined = undefined;
  flashed: Request['flashed'] | undefined = undefined;
  inertia: Request['inertia'] | undefined = undefined;
  matched: Request['matched'] = undefined;
  user: Request['user'] = undefined;
  accessToken: Request['accessToken'] = undefined;
}

const slot = Symbol('kawan.request');

interface Carrier {
  [slot]?: RequestContext;
}

const context = (req: Carrier): RequestContext => (req[slot] ??= new RequestContext());

/** An accessor of one field of the context (each reads a known field: no lookup by a name). */
function field<Key extends keyof RequestContext>(
  read: (context: RequestContext) => RequestContext[Key],
  write: (context: RequestContext, value: RequestContext[Key]) => void,
): PropertyDescriptor {
  return {
    configurable: true,
    get(this: Carrier) {
      const held = this[slot];
      return held === undefined ? undefined : read(held);
    },
    set(this: Carrier, value: RequestContext[Key]) {
      write(context(this), value);
    },
  };
}

/**
 * Puts the accessors on `request` (an Express app's `app.request`, the prototype of every request it
 * handles) and `services` beside them: the same object for every request of the app.
 */
export function installRequestContext(request: object, services: Request['services']): void {
  Object.defineProperties(request, {
    services: { value: services, writable: true, configurable: true },
    id: field<'id'>(
      (c) => c.id,
      (c, value) => (c.id = value),
    ),
    session: field<'session'>(
      (c) => c.session,
      (c, value) => (c.session = value),
    ),
    flashed: field<'flashed'>(
      (c) => c.flashed,
      (c, value) => (c.flashed = value),
    ),
    inertia: field<'inertia'>(
      (c) => c.inertia,
      (c, value) => (c.inertia = value),
    ),
    matched: field<'matched'>(
      (c) => c.matched,
      (c, value) => (c.matched = value),
    ),
    user: field<'user'>(
      (c) => c.user,
      (c, value) => (c.user = value),
    ),
    accessToken: field<'accessToken'>(
      (c) => c.accessToken,
      (c, value) => (c.accessToken = value),
    ),
  });
}
