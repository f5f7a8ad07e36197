import type { CompiledRoute, RouteRegistry } from './registry';

export type RouteParam = string | number | { [key: string]: unknown };
export type RouteParams = RouteParam | RouteParam[] | Record<string, unknown> | undefined;

export class RouteUrlError extends Error {}

/**
 * Builds the path of a named route, as ziggy-js does on the client: positional or named
 * parameters, bound objects by their binding key, `wheres` checked, leftovers as a query string.
 */
export function buildRouteUrl(registry: RouteRegistry, name: string, params?: RouteParams): string {
  const route = registry.find(name);
  if (!route) throw new RouteUrlError(`Route '${name}' is not defined.`);
  const named = normalise(route, params);
  let path = route.uri;
  for (const { name: parameter, optional } of route.parameters) {
    const raw = named[parameter];
    delete named[parameter];
    const value = raw === undefined || raw === null || raw === '' ? undefined : segmentValue(route, parameter, raw);
    if (value === undefined) {
      if (!optional) throw new RouteUrlError(`Missing parameter '${parameter}' for route '${name}'.`);
      path = path.replace(new RegExp(`/?\\{${parameter}\\?\\}`), '');
      continue;
    }
    const where = route.wheres[parameter];
    if (where && !new RegExp(`^(?:${where})$`).test(value)) {
      throw new RouteUrlError(`Parameter '${parameter}' of route '${name}' does not match '${where}'.`);
    }
    path = path.replace(new RegExp(`\\{${parameter}\\??\\}`), encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(named)) {
    if (value === undefined || value === null) continue;
    query.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = query.toString();
  return (path || '/') + (search ? `?${search}` : '');
}

function normalise(route: CompiledRoute, params: RouteParams): Record<string, unknown> {
  if (params === undefined || params === null) return {};
  const segments = route.parameters.map((parameter) => parameter.name);
  const list = Array.isArray(params) ? params : [params];
  const isNamedObject =
    !Array.isArray(params) &&
    typeof params === 'object' &&
    !(segments.length === 1 && isBound(route, segments[0], params as Record<string, unknown>));
  if (isNamedObject) return { ...(params as Record<string, unknown>) };
  const named: Record<string, unknown> = {};
  list.forEach((value, index) => {
    if (index < segments.length) named[segments[index]] = value;
  });
  return named;
}

function isBound(route: CompiledRoute, parameter: string, value: Record<string, unknown>): boolean {
  const key = route.bindings[parameter] ?? 'id';
  return key in value;
}

function segmentValue(route: CompiledRoute, parameter: string, value: unknown): string {
  if (typeof value === 'object') {
    const key = route.bindings[parameter] ?? 'id';
    const bound = (value as Record<string, unknown>)[key];
    if (bound === undefined || bound === null) {
      throw new RouteUrlError(`Object passed as '${parameter}' lacks its binding key '${key}'.`);
    }
    return String(bound);
  }
  return String(value);
}
