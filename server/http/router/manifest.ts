import { scriptSafeJson } from '../inertia/page';
import type { CompiledRoute, RouteRegistry } from './registry';

/** One route as ziggy-js reads it (Ziggy's `toArray()` shape; empty keys are left out). */
export interface ZiggyRoute {
  uri: string;
  methods: string[];
  wheres?: Record<string, string>;
  parameters?: string[];
  bindings?: Record<string, string>;
}

export interface ZiggyConfig {
  url: string;
  port: number | null;
  defaults: Record<string, string | number>;
  routes: Record<string, ZiggyRoute>;
}

export function ziggyRoute(route: CompiledRoute): ZiggyRoute {
  const entry: ZiggyRoute = {
    uri: route.uri === '/' ? '/' : route.uri.replace(/^\//, ''),
    methods: [...route.methods],
  };
  if (Object.keys(route.wheres).length > 0) entry.wheres = { ...route.wheres };
  if (route.parameters.length > 0) entry.parameters = route.parameters.map((parameter) => parameter.name);
  if (Object.keys(route.bindings).length > 0) entry.bindings = { ...route.bindings };
  return entry;
}

/** The routes the client may know about: every exposed route, in declaration order. */
export function manifestRoutes(registry: RouteRegistry): Record<string, ZiggyRoute> {
  const routes: Record<string, ZiggyRoute> = {};
  for (const route of registry.all()) {
    if (route.exposed) routes[route.name] = ziggyRoute(route);
  }
  return routes;
}

/** The manifest for one request: the shared route table with the origin the browser used. */
export function ziggyConfig(routes: Record<string, ZiggyRoute>, origin: string): ZiggyConfig {
  const url = new URL(origin);
  return {
    url: url.origin,
    port: url.port === '' ? null : Number(url.port),
    defaults: {},
    routes,
  };
}

/**
 * The manifest as the document embeds it (script-safe JSON), serialized once per origin: the
 * route table depends only on the registry, the origin on the (trusted) Host of the request.
 */
export function serializedManifest(routes: Record<string, ZiggyRoute>, maxOrigins = 64): (origin: string) => string {
  const byOrigin = new Map<string, string>();
  return (origin) => {
    let json = byOrigin.get(origin);
    if (json === undefined) {
      json = scriptSafeJson(ziggyConfig(routes, origin));
      if (byOrigin.size >= maxOrigins) byOrigin.delete(byOrigin.keys().next().value!);
      byOrigin.set(origin, json);
    }
    return json;
  };
}
