import type { Request, Response } from 'express';
import type { ApiOperation } from '../openapi/operation';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export type Handler = (req: Request, res: Response) => unknown;

export interface Route {
  name: string;
  methods: HttpMethod[];
  /** Laravel-style URI with a leading slash: `/teams/{team}/members/{user?}`. */
  uri: string;
  /** Parameter → regex source without anchors. */
  wheres: Record<string, string>;
  /** Parameter → the key a bound object supplies (`{bot: 'id'}`). */
  bindings: Record<string, string>;
  /** Named middleware, resolved by the kernel (`auth`, `throttle:login`…). */
  middleware: string[];
  handler: Handler;
  /** False for webhooks, development-only and internal routes: they stay out of the client manifest. */
  exposed: boolean;
  /** What the API reference says about the route (`/api/openapi.json`); every `/api` route has one. */
  openapi?: ApiOperation;
}

export interface CompiledRoute extends Route {
  parameters: { name: string; optional: boolean }[];
  pattern: RegExp;
}

export interface RouteMatch {
  route: CompiledRoute;
  params: Record<string, string>;
}

interface GroupOptions {
  prefix?: string;
  middleware?: string[];
  /** Prefix for route names inside the group (`teams.`). */
  as?: string;
  exposed?: boolean;
}

const parameterPattern = /\{(\w+)(\?)?\}/g;

/** A route being declared; chain `.name()`, `.where()`, `.bind()`, `.middleware()`, `.hidden()`. */
export class PendingRoute {
  constructor(
    private readonly route: Route,
    private readonly namePrefix: string,
  ) {}

  name(name: string): this {
    this.route.name = this.namePrefix + name;
    return this;
  }

  where(parameter: string, pattern: string): this {
    this.route.wheres[parameter] = pattern;
    return this;
  }

  whereNumber(...parameters: string[]): this {
    for (const parameter of parameters) this.where(parameter, '[0-9]+');
    return this;
  }

  bind(parameter: string, key = 'id'): this {
    this.route.bindings[parameter] = key;
    return this;
  }

  middleware(...names: string[]): this {
    this.route.middleware.push(...names);
    return this;
  }

  /** Keeps the route out of the client manifest (webhooks, development tools, internal endpoints). */
  hidden(): this {
    this.route.exposed = false;
    return this;
  }

  /** Describes the route in the API reference (server/http/openapi). */
  openapi(operation: ApiOperation): this {
    this.route.openapi = operation;
    return this;
  }
}

/**
 * The table of contents of the application: every route file under routes/ declares its routes here.
 * From it come the dispatcher, the server-side `route()` and the Ziggy manifest the client builds URLs with.
 */
export class RouteRegistry {
  private readonly declared: Route[] = [];
  private readonly groups: Required<GroupOptions>[] = [];
  private compiled: CompiledRoute[] | undefined;
  private byName: Map<string, CompiledRoute> | undefined;

  get(uri: string, handler: Handler): PendingRoute {
    return this.add(['GET', 'HEAD'], uri, handler);
  }

  post(uri: string, handler: Handler): PendingRoute {
    return this.add(['POST'], uri, handler);
  }

  put(uri: string, handler: Handler): PendingRoute {
    return this.add(['PUT'], uri, handler);
  }

  patch(uri: string, handler: Handler): PendingRoute {
    return this.add(['PATCH'], uri, handler);
  }

  delete(uri: string, handler: Handler): PendingRoute {
    return this.add(['DELETE'], uri, handler);
  }

  group(options: GroupOptions, declare: (routes: this) => void): void {
    const parent = this.groups.at(-1) ?? { prefix: '', middleware: [], as: '', exposed: true };
    this.groups.push({
      prefix: joinUri(parent.prefix, options.prefix ?? ''),
      middleware: [...parent.middleware, ...(options.middleware ?? [])],
      as: parent.as + (options.as ?? ''),
      exposed: parent.exposed && (options.exposed ?? true),
    });
    try {
      declare(this);
    } finally {
      this.groups.pop();
    }
  }

  private add(methods: HttpMethod[], uri: string, handler: Handler): PendingRoute {
    if (this.compiled) throw new Error(`Route ${uri} declared after the routes were compiled`);
    const group = this.groups.at(-1) ?? { prefix: '', middleware: [], as: '', exposed: true };
    const route: Route = {
      name: '',
      methods,
      uri: joinUri(group.prefix, uri),
      wheres: {},
      bindings: {},
      middleware: [...group.middleware],
      handler,
      exposed: group.exposed,
    };
    this.declared.push(route);
    return new PendingRoute(route, group.as);
  }

  /** All routes, compiled once, in declaration order. */
  all(): CompiledRoute[] {
    if (!this.compiled) {
      const seen = new Set<string>();
      this.compiled = this.declared.map((route) => {
        if (!route.name) throw new Error(`Route ${route.methods[0]} ${route.uri} has no name`);
        if (seen.has(route.name)) throw new Error(`Route name ${route.name} is declared twice`);
        seen.add(route.name);
        return compile(route);
      });
      this.byName = new Map(this.compiled.map((route) => [route.name, route]));
    }
    return this.compiled;
  }

  find(name: string): CompiledRoute | undefined {
    this.all();
    return this.byName!.get(name);
  }

  has(name: string): boolean {
    return this.find(name) !== undefined;
  }

  /**
   * The route a request goes to. `methodMismatch` is true when the path is known under other
   * methods only (a 405); `match` undefined with no mismatch is a 404.
   */
  match(method: string, pathname: string): { match?: RouteMatch; allowed: HttpMethod[] } {
    const allowed = new Set<HttpMethod>();
    const wanted = method.toUpperCase();
    for (const route of this.all()) {
      const result = route.pattern.exec(pathname);
      if (!result) continue;
      const params = decodeParams(route, result.groups ?? {});
      if (!params) continue;
      if (!route.methods.includes(wanted as HttpMethod)) {
        route.methods.forEach((m) => allowed.add(m));
        continue;
      }
      return { match: { route, params }, allowed: [] };
    }
    return { allowed: [...allowed] };
  }
}

function joinUri(prefix: string, uri: string): string {
  const joined = `/${[prefix, uri].map((part) => part.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
  return joined;
}

function compile(route: Route): CompiledRoute {
  const parameters: CompiledRoute['parameters'] = [];
  let source = '';
  let last = 0;
  for (const found of route.uri.matchAll(parameterPattern)) {
    const [token, name, optional] = found;
    const index = found.index ?? 0;
    let literal = route.uri.slice(last, index);
    const where = route.wheres[name] ?? '[^/]+';
    parameters.push({ name, optional: optional === '?' });
    if (optional && literal.endsWith('/')) {
      literal = literal.slice(0, -1);
      source += escapeRegex(literal) + `(?:/(?<${name}>${where}))?`;
    } else if (optional) {
      source += escapeRegex(literal) + `(?<${name}>${where})?`;
    } else {
      source += escapeRegex(literal) + `(?<${name}>${where})`;
    }
    last = index + token.length;
  }
  source += escapeRegex(route.uri.slice(last));
  if (source === '/') source = '';
  return { ...route, parameters, pattern: new RegExp(`^${source}/?$`) };
}

function decodeParams(route: CompiledRoute, raw: Record<string, string | undefined>): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const { name } of route.parameters) {
    const value = raw[name];
    if (value === undefined) continue;
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      return null;
    }
    const where = route.wheres[name];
    if (where && !new RegExp(`^(?:${where})$`).test(params[name])) return null;
  }
  return params;
}

function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
