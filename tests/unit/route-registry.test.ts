import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { RouteRegistry } from '../../server/http/router/registry';
import { buildRouteUrl, RouteUrlError } from '../../server/http/router/url';
import { manifestRoutes, ziggyConfig } from '../../server/http/router/manifest';
import { routeTypes } from '../../server/http/router/route-types';
import { buildRoutes } from '../../routes/all';

const noop = () => undefined;

function registry() {
  const routes = new RouteRegistry();
  routes.get('/', noop).name('home');
  routes.group({ prefix: 'teams', as: 'teams.', middleware: ['auth'] }, (group) => {
    group.get('/{team}', noop).name('show').whereNumber('team').bind('team');
    group.delete('/{team}/members/{user}', noop).name('members.destroy').middleware('password.confirm');
  });
  routes.get('/docs/{page?}', noop).name('docs');
  routes.post('/webhooks/{channel}', noop).name('webhooks.receive').hidden();
  return routes;
}

describe('route registry', () => {
  it('applies group prefixes, name prefixes and middleware', () => {
    const routes = registry();
    const destroy = routes.find('teams.members.destroy')!;
    expect(destroy.uri).toBe('/teams/{team}/members/{user}');
    expect(destroy.middleware).toEqual(['auth', 'password.confirm']);
    expect(destroy.methods).toEqual(['DELETE']);
  });

  it('matches paths with wheres, optional segments and a trailing slash; reports other methods', () => {
    const routes = registry();
    expect(routes.match('GET', '/teams/12').match?.params).toEqual({ team: '12' });
    expect(routes.match('GET', '/teams/abc').match).toBeUndefined();
    expect(routes.match('GET', '/docs').match?.route.name).toBe('docs');
    expect(routes.match('GET', '/docs/a%20b/').match?.params).toEqual({ page: 'a b' });
    expect(routes.match('HEAD', '/').match?.route.name).toBe('home');
    expect(routes.match('POST', '/teams/12')).toEqual({ allowed: ['GET', 'HEAD'] });
    expect(routes.match('GET', '/teams/%E0%A4%A').match).toBeUndefined();
  });

  it('refuses unnamed and duplicate routes', () => {
    const unnamed = new RouteRegistry();
    unnamed.get('/x', noop);
    expect(() => unnamed.all()).toThrow('has no name');
    const duplicate = new RouteRegistry();
    duplicate.get('/x', noop).name('x');
    duplicate.get('/y', noop).name('x');
    expect(() => duplicate.all()).toThrow('declared twice');
  });
});

describe('server-side route()', () => {
  const routes = registry();
  it.each([
    ['home', undefined, '/'],
    ['teams.show', 5, '/teams/5'],
    ['teams.show', { id: 7, name: 'x' }, '/teams/7'],
    ['teams.members.destroy', [3, 9], '/teams/3/members/9'],
    ['teams.members.destroy', { team: { id: 3 }, user: 'a b', tab: 'x', flag: true }, '/teams/3/members/a%20b?tab=x&flag=1'],
    ['docs', undefined, '/docs'],
    ['docs', { page: 'intro' }, '/docs/intro'],
  ])('%s with %j is %s', (name, params, expected) => {
    expect(buildRouteUrl(routes, name, params as never)).toBe(expected);
  });

  it('throws for unknown names, missing parameters, bad formats and unbound objects', () => {
    expect(() => buildRouteUrl(routes, 'nope')).toThrow(RouteUrlError);
    expect(() => buildRouteUrl(routes, 'teams.show')).toThrow("Missing parameter 'team'");
    expect(() => buildRouteUrl(routes, 'teams.show', 'abc')).toThrow('does not match');
    expect(() => buildRouteUrl(routes, 'teams.members.destroy', { team: { name: 'x' }, user: 1 })).toThrow('binding key');
  });
});

describe('manifest and route types', () => {
  it('leaves hidden routes out and drops empty keys', () => {
    const routes = manifestRoutes(registry());
    expect(Object.keys(routes)).toEqual(['home', 'teams.show', 'teams.members.destroy', 'docs']);
    expect(routes.home).toEqual({ uri: '/', methods: ['GET', 'HEAD'] });
    expect(routes['teams.show']).toEqual({
      uri: 'teams/{team}',
      methods: ['GET', 'HEAD'],
      wheres: { team: '[0-9]+' },
      parameters: ['team'],
      bindings: { team: 'id' },
    });
    expect(ziggyConfig(routes, 'https://kawan.example')).toMatchObject({ url: 'https://kawan.example', port: null });
  });

  it('generates ziggy RouteList types with required flags and bindings', () => {
    const types = routeTypes(registry());
    expect(types).toContain("'teams.show': [{ name: 'team'; required: true; binding: 'id' }];");
    expect(types).toContain("'docs': [{ name: 'page'; required: false }];");
    expect(types).not.toContain('webhooks.receive');
  });

  it('keeps the committed client route types in step with routes/*.ts (npm run routes:types)', () => {
    const file = new URL('../../resources/js/types/routes.d.ts', import.meta.url);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(routeTypes(buildRoutes()));
  });
});
