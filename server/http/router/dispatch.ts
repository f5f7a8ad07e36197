import type { RequestHandler } from 'express';
import type { RouteRegistry } from './registry';
import { HttpError } from '../../support/errors';
import { responded } from '../response-state';

export type MiddlewareFactory = (argument?: string) => RequestHandler;

/**
 * The Express side of the registry: matches the request to a named route (404, or 405 with
 * Allow), runs the route's named middleware, then its handler. A handler that sends nothing
 * to an Inertia visit sends the browser back where it came from.
 */
export function routeDispatcher(
  registry: RouteRegistry,
  middleware: Record<string, MiddlewareFactory>,
): RequestHandler {
  const chains = new Map<string, RequestHandler[]>();
  for (const route of registry.all()) {
    chains.set(
      route.name,
      route.middleware.map((entry) => {
        const [name, argument] = entry.split(':', 2);
        const factory = middleware[name];
        if (!factory) throw new Error(`Route ${route.name} uses unknown middleware '${name}'`);
        return factory(argument);
      }),
    );
  }

  // A plain handler, not a Router of one layer: a router's own walk costs more than the match.
  return (req, res, next) => {
    const { match, allowed } = registry.match(req.method, req.path);
    if (!match) {
      if (allowed.length > 0) return next(new HttpError(405, undefined, { Allow: allowed.join(', ') }));
      return next(new HttpError(404));
    }
    req.matched = match;
    req.params = match.params;
    const chain = chains.get(match.route.name)!;
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) return next(error);
      const handler = chain[index++];
      if (handler) {
        try {
          handler(req, res, step);
        } catch (thrown) {
          next(thrown);
        }
        return;
      }
      Promise.resolve()
        .then(() => match.route.handler(req, res))
        .then(() => {
          if (responded(res)) return;
          if (req.inertia?.isInertia) return res.redirect(303, req.get('referer') ?? '/');
          res.status(200).end();
        })
        .catch(next);
    };
    step();
  };
}
