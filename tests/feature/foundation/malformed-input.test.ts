import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, signedIn, testVersion, type TestApp } from '../../helpers/app';
import { confirmPassword } from '../../helpers/two-factor';
import { createTenant, fixtureFor, transportFor, type Tenant } from '../../helpers/route-walk';
import { buildRoutes } from '../../../routes/all';
import type { CompiledRoute } from '../../../server/http/router/registry';

/**
 * "Never a 500 for anything a client can send": every route that takes a body, sent bodies of the
 * wrong shape (a JSON array, string, number or null; fields of the wrong type; urlencoded nesting),
 * and every GET route, sent query strings of the wrong shape, answers below 500. Walks the registry, so routes added later are covered as they arrive. Each
 * route gets a fresh actor (its own team and rows, signed in, password just confirmed), because
 * some of these requests sign out, delete the team or the account.
 */
const bodies: [label: string, contentType: string, raw: string][] = [
  ['a JSON array', 'application/json', '[1,2,3]'],
  ['a JSON string', 'application/json', '"text"'],
  ['a JSON number', 'application/json', '42'],
  ['JSON null', 'application/json', 'null'],
  ['invalid JSON', 'application/json', '{"name":'],
  [
    'fields of every wrong type',
    'application/json',
    JSON.stringify({
      name: ['a'],
      email: { $ne: 1 },
      password: 12345678,
      password_confirmation: null,
      role: ['admin'],
      abilities: 'read',
      team_id: 'abc',
      code: [1],
      recovery_code: {},
      photo: 'not a file',
      force: { deep: true },
      socket_id: ['1.1'],
      channel_name: 12,
      terms: 'yes',
      remember: 'maybe',
      token: ['x'],
    }),
  ],
  ['urlencoded nesting', 'application/x-www-form-urlencoded', 'name[a][b][c]=1&email[]=x&password[0]=y&role[$gt]=1'],
  // PostgreSQL cannot store or compare a NUL character: found by the request fuzz (a 500 on PUT /teams/{team}).
  [
    'a NUL character in every text field',
    'application/json',
    JSON.stringify(
      Object.fromEntries(
        [
          'name',
          'email',
          'company',
          'use_case',
          'message',
          'role',
          'token',
          'code',
          'recovery_code',
          'channel_name',
        ].map((field) => [field, `a\u0000b`]),
      ),
    ),
  ],
  ['a NUL character in a urlencoded name', 'application/x-www-form-urlencoded', 'name=a%00b&email=a%00b%40example.com'],
];

/** Parameters that name no team's row (a user's own id, a link's hash, a mail): any value does here. */
const otherParameters: Record<string, (tenant: Tenant) => number | string> = {
  id: (tenant) => tenant.owner.id,
  hash: () => 'not-the-hash',
};

const registry = buildRoutes();
const routesWithBodies = registry
  .all()
  .filter((route) => route.methods.some((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)));

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function actorFor(route: CompiledRoute, index: number) {
  const tenant = await createTenant(app.services, `Walker ${index}`);
  const transport = transportFor(route);
  const client = transport === 'guest' ? await browser(app.app) : await signedIn(app.app, tenant.owner);
  if (transport === 'session') await confirmPassword(client);
  const params = Object.fromEntries(
    route.parameters.map(({ name }) => [name, (otherParameters[name] ?? fixtureFor(route, name))(tenant)]),
  );
  const url = route.middleware.includes('signed')
    ? app.services.signedRoute(route.name, params)
    : app.services.route(route.name, params);
  return { tenant, transport, client, url };
}

describe('bodies of the wrong shape', () => {
  it('walks the routes that take a body (and so cannot pass by walking none)', () => {
    expect(routesWithBodies.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        'register.store',
        'two-factor.enable',
        'teams.store',
        'api-tokens.store',
        'broadcasting.auth',
      ]),
    );
  });

  it.each(routesWithBodies.map((route, index) => [route.name, route, index] as const))(
    '%s answers every one below 500',
    async (_name, route, index) => {
      const { tenant, transport, client, url } = await actorFor(route, index);
      const method = route.methods.find((name) => name !== 'HEAD')!.toLowerCase() as
        'post' | 'put' | 'patch' | 'delete';
      for (const [label, contentType, raw] of bodies) {
        const headers: Record<string, string> =
          transport === 'bearer'
            ? { Accept: 'application/json', Authorization: `Bearer ${tenant.token.plainText}` }
            : {
                'X-Requested-With': 'XMLHttpRequest',
                'X-XSRF-TOKEN': client.token,
                'X-Inertia': 'true',
                'X-Inertia-Version': testVersion,
              };
        const res = await client.agent[method](url)
          .set({ ...headers, 'Content-Type': contentType })
          .send(raw);
        expect(
          res.status,
          `${method.toUpperCase()} ${url} with ${label} answered ${res.status}: ${res.text.slice(0, 300)}`,
        ).toBeLessThan(500);
      }
    },
  );
});

const queries = [
  'page[]=1&page[a]=2',
  'page=-1&per_page=1e309',
  'a[b][c][d][e][f][g][h]=deep',
  `${Array.from({ length: 1200 }, (_, index) => `k${index}=v`).join('&')}`,
  'items[99999]=x&items[]=y',
  '__proto__[polluted]=1&constructor[prototype][polluted]=1',
  'email=%ZZ&token=%',
  'expires=abc&signature[]=x',
];

const getRoutes = registry.all().filter((route) => route.methods.includes('GET'));

describe('query strings of the wrong shape', () => {
  it.each(getRoutes.map((route, index) => [route.name, route, index] as const))(
    '%s answers every one below 500',
    async (_name, route, index) => {
      const { tenant, transport, client, url } = await actorFor(route, 1000 + index);
      for (const query of queries) {
        const target = `${url}${url.includes('?') ? '&' : '?'}${query}`;
        const request = client.agent.get(target);
        const res =
          transport === 'bearer'
            ? await request.set({ Accept: 'application/json', Authorization: `Bearer ${tenant.token.plainText}` })
            : await request.set({
                'X-Requested-With': 'XMLHttpRequest',
                'X-Inertia': 'true',
                'X-Inertia-Version': testVersion,
              });
        expect(
          res.status,
          `GET ${target.slice(0, 120)} answered ${res.status}: ${res.text.slice(0, 300)}`,
        ).toBeLessThan(500);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }
    },
  );
});
