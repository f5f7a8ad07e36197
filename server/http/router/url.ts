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
    const patterns = patternsOf(route, parameter);
    if (value === undefined) {
      if (!optional) throw new RouteUrlError(`Missing parameter '${parameter}' for route '${name}'.`);
      path = path.replace(patterns.absent, '');
      continue;
    }
    const where = route.wheres[parameter];
    if (where && !patterns.where!.test(value)) {
      throw new RouteUrlError(`Parameter '${parameter}' of route '${name}' does not match '${where}'.`);
    }
    path = path.replace(patterns.segment, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(named)) {
    if (value === undefined || value === null) continue;
    query.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = query.toString();
  return (path || '/') + (search ? `?${search}` : '');
}

interface ParameterPatterns {
  /** The optional segment with its slash, removed when no value is given. */
  absent: RegExp;
  segment: RegExp;
  where?: RegExp;
}

/** Each route's parameter patterns, compiled on first use rather than on every URL built. */
const compiled = new WeakMap<CompiledRoute, Map<string, ParameterPatterns>>();

function patternsOf(route: CompiledRoute, parameter: string): ParameterPatterns {
  let byParameter = compiled.get(route);
  if (!byParameter) compiled.set(route, (byParameter = new Map()));
  const where = route.wheres[parameter];
  // Keyed by the constraint too, should a route's `where` change after its first URL.
  const key = `${parameter}\u0000${where ?? ''}`;
  let patterns = byParameter.get(key);
  if (!patterns) {
    patterns = {
      absent: new RegExp(`/?\\{${parameter}\\?\\}`),
      segment: new RegExp(`\\{${parameter}\\??\\}`),
      ...(where ? { where: new RegExp(`^(?:${where})$`) } : {}),
    };
    byParameter.set(key, patterns);
  }
  return patterns;
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
