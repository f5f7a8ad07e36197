import { route as ziggyRoute, type RouteList } from 'ziggy-js';

/**
 * URLs by route name, from the manifest the server puts in `#ziggy-routes-json` on every first
 * load. The client keeps no URL table of its own.
 */
export const route = ziggyRoute;

/** The URL of a route that may not be registered in this deployment (a feature turned off). */
export function optionalRoute(name: string, params?: string | number): string | null {
  const known = name as keyof RouteList;
  if (!ziggyRoute().has(known)) return null;
  return params === undefined ? ziggyRoute(known) : ziggyRoute(known, params as never);
}
