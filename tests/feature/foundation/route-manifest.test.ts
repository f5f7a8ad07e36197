import { describe, expect, it } from 'vitest';
import RandExp from 'randexp';
import { route as ziggy, type Config } from 'ziggy-js';
import { buildRoutes } from '../../../routes/all';
import type { CompiledRoute, RouteRegistry } from '../../../server/http/router/registry';
import { manifestRoutes, ziggyConfig } from '../../../server/http/router/manifest';
import { buildRouteUrl } from '../../../server/http/router/url';

/**
 * Walks every registered route, so routes added by later issues are covered without editing this
 * file. Test-only routes add the shapes the product may not have yet (wheres, bindings, optionals).
 */
function shapes(routes: RouteRegistry) {
  routes.get('/t/users/{user}', () => undefined).name('test.users.show').whereNumber('user');
  routes.get('/t/posts/{post}', () => undefined).name('test.posts.show').bind('post', 'slug');
  routes.get('/t/docs/{page?}', () => undefined).name('test.docs');
  routes.put('/t/teams/{team}/members/{member}', () => undefined).name('test.members.update').bind('team').bind('member').whereNumber('member');
  routes.post('/t/internal', () => undefined).name('test.internal').hidden();
}

const registry = buildRoutes([shapes]);
const config = ziggyConfig(manifestRoutes(registry), 'http://127.0.0.1:8000') as unknown as Config;
const exposed = registry.all().filter((route) => route.exposed);

function sampleValue(route: CompiledRoute, name: string): string {
  const where = route.wheres[name];
  if (!where) return 'sample-1';
  const generator = new RandExp(`^(?:${where})$`);
  generator.max = 4;
  generator.defaultRange.subtract(0, 0x2f);
  generator.defaultRange.subtract(0x3a, 0x10ffff);
  generator.defaultRange.add(0x61, 0x7a);
  return generator.gen() || '1';
}

function paramsFor(route: CompiledRoute): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const parameter of route.parameters) {
    const value = sampleValue(route, parameter.name);
    const key = route.bindings[parameter.name];
    params[parameter.name] = key ? { [key]: value, name: 'bound object' } : value;
  }
  return params;
}

describe('the route manifest', () => {
  it('is in Ziggy format with the request origin and only exposed routes', () => {
    expect(config.url).toBe('http://127.0.0.1:8000');
    expect(config.port).toBe(8000);
    expect(config.defaults).toEqual({});
    expect(Object.keys(config.routes)).not.toContain('test.internal');
    expect(Object.keys(config.routes)).not.toContain('up');
    for (const [name, entry] of Object.entries(config.routes)) {
      expect(entry.uri === '/' || !entry.uri.startsWith('/'), name).toBe(true);
      expect(entry.methods.every((m) => m === m.toUpperCase()), name).toBe(true);
      if (entry.methods.includes('GET')) expect(entry.methods, name).toContain('HEAD');
      for (const key of ['wheres', 'bindings', 'parameters'] as const) {
        const value = (entry as unknown as Record<string, unknown>)[key];
        if (value !== undefined) expect(Object.keys(value as object).length, `${name}.${key}`).toBeGreaterThan(0);
      }
    }
    expect(config.routes['test.posts.show']).toEqual({
      uri: 't/posts/{post}',
      methods: ['GET', 'HEAD'],
      parameters: ['post'],
      bindings: { post: 'slug' },
    });
  });

  it.each(exposed.map((route) => [route.name, route] as const))('ziggy builds %s to a URL the server routes back to it', (_name, route) => {
    const params = paramsFor(route);
    const url = new URL(ziggy(route.name as never, params as never, true, config));
    const { match } = registry.match(route.methods[0], url.pathname);
    expect(match?.route.name).toBe(route.name);
    for (const parameter of route.parameters) {
      const value = params[parameter.name];
      const expected = typeof value === 'object' ? (value as Record<string, string>)[route.bindings[parameter.name]] : value;
      expect(match?.params[parameter.name]).toBe(expected);
    }
    expect(buildRouteUrl(registry, route.name, params)).toBe(url.pathname + url.search);
  });

  it('raises ziggy errors for an unknown name', () => {
    expect(() => ziggy('no.such.route' as never, undefined, true, config)).toThrow(
      "Ziggy error: route 'no.such.route' is not in the route list.",
    );
  });

  it.each(exposed.filter((r) => r.parameters.some((p) => !p.optional)).map((r) => [r.name, r] as const))(
    'raises the missing-parameter error for %s',
    (_name, route) => {
      const missing = route.parameters.find((p) => !p.optional)!.name;
      const params = paramsFor(route);
      delete params[missing];
      expect(() => ziggy(route.name as never, params as never, true, config)).toThrow(
        `Ziggy error: '${missing}' parameter is required for route '${route.name}'.`,
      );
    },
  );

  it.each(exposed.filter((r) => Object.keys(r.wheres).length > 0).map((r) => [r.name, r] as const))(
    'raises the format error for %s',
    (_name, route) => {
      const [parameter, where] = Object.entries(route.wheres)[0];
      const bad = ['not valid!', '-', 'x/y', '0'].find((value) => !new RegExp(`^(?:${where})$`).test(value))!;
      const params = { ...paramsFor(route), [parameter]: bad };
      expect(() => ziggy(route.name as never, params as never, true, config)).toThrow(
        `Ziggy error: '${parameter}' parameter '${bad}' does not match required format '${where}' for route '${route.name}'.`,
      );
    },
  );

  it.each(exposed.filter((r) => Object.keys(r.bindings).length > 0).map((r) => [r.name, r] as const))(
    'raises the binding-key error for %s',
    (_name, route) => {
      const [parameter, key] = Object.entries(route.bindings)[0];
      const params = { ...paramsFor(route), [parameter]: { title: 'no key here' } };
      expect(() => ziggy(route.name as never, params as never, true, config)).toThrow(
        `Ziggy error: object passed as '${parameter}' parameter is missing route model binding key '${key}'.`,
      );
    },
  );

  it('builds optional parameters with and without a value', () => {
    expect(ziggy('test.docs' as never, undefined, false, config)).toBe('/t/docs');
    expect(ziggy('test.docs' as never, { page: 'intro' } as never, false, config)).toBe('/t/docs/intro');
    expect(registry.match('GET', '/t/docs').match?.route.name).toBe('test.docs');
    expect(registry.match('GET', '/t/docs/intro').match?.params).toEqual({ page: 'intro' });
  });
});
