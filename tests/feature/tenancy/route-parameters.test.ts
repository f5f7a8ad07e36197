import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableColumns, getTableName, inArray, isTable } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { confirmPassword } from '../../helpers/two-factor';
import { createTenant, fixtureFor, sendTo, transportFor, type Tenant } from '../../helpers/route-walk';
import { buildRoutes } from '../../../routes/all';
import type { CompiledRoute } from '../../../server/http/router/registry';
import { buildRouteUrl } from '../../../server/http/router/url';
import * as schema from '../../../server/db/schema/index';

/**
 * Tenancy as a property of the routes: every registered route with a parameter in its path, asked
 * by the owner of team B about a row of team A, answers 404 and changes none of team A's rows (nor
 * those of its users).
 *
 * The walk reads the route registry, so routes added later are covered without touching this
 * file's body. A route with a new parameter name needs a fixture in tests/helpers/route-walk.ts (how to name a row of a
 * given team for it), whether or not it declares `.bind()`; a route whose parameters name no
 * tenant row at all must say so in `notTenantRows`; a route that uses a new middleware needs to say
 * how a request gets through it. Each fails loudly until it is added.
 */

/** Routes whose parameters name no row of a team, and why they are not walked. */
const notTenantRows: Record<string, string> = {
  'password.reset': '{token} is a password-reset secret, checked together with the e-mail address',
  'verification.verify': "a signed link that only verifies the signed-in user's own address ({id} must be theirs)",
  'mailbox.show': 'the development mailbox (absent in production) holds outgoing mail, not team rows',
  'reports.export':
    "{table} names one of the report's tables, not a row; the figures are always the actor's own team's",
  ...Object.fromEntries(
    ['webhooks.whatsapp.verify', 'webhooks.whatsapp', 'webhooks.telegram', 'webhooks.custom'].map((name) => [
      name,
      "a provider's public webhook: {key} is the channel's public key; no session, the channel's own signature decides",
    ]),
  ),
  ...Object.fromEntries(
    [
      'config',
      'session',
      'contact',
      'messages',
      'attachments.store',
      'attachments.show',
      'handoff',
      'typing',
      'csat',
      'feedback',
      'broadcasting.auth',
    ].map((name) => [
      `widget.${name}`,
      "the widget's public endpoints: {key} is the channel's public key; the allowed domains and the visitor's token decide",
    ]),
  ),
};

/** Every way to fill the route's parameters with at least one row of team A (the others from B). */
export function requestsFor(
  route: CompiledRoute,
  a: Tenant,
  b: Tenant,
): { label: string; params: Record<string, number | string> }[] {
  const names = route.parameters.map((parameter) => parameter.name);
  const fixtures = names.map((name) => fixtureFor(route, name));
  const combinations: { label: string; params: Record<string, number | string> }[] = [];
  for (let mask = 1; mask < 2 ** names.length; mask++) {
    const params: Record<string, number | string> = {};
    const label: string[] = [];
    names.forEach((name, index) => {
      const fromA = (mask & (1 << index)) !== 0;
      params[name] = fixtures[index](fromA ? a : b);
      label.push(`${name} of ${fromA ? 'A' : 'B'}`);
    });
    combinations.push({ label: label.join(', '), params });
  }
  return combinations;
}

const registry = buildRoutes();
const routesWithParameters = registry.all().filter((route) => route.parameters.length > 0);
const tenantRoutes = routesWithParameters.filter((route) => !(route.name in notTenantRows));

let app: TestApp;
let a: Tenant;
let b: Tenant;
let client: Awaited<ReturnType<typeof signedIn>>;

/**
 * What tenant A owns: its team row, every row of a table with a `team_id` column for its team, and
 * every row of a table with a `user_id` column (and the `users` rows) for its owner and member.
 */
async function rowsOf(tenant: Tenant): Promise<Record<string, unknown[]>> {
  const { db } = app.services;
  const userIds = [tenant.owner.id, tenant.member.id];
  const snapshot: Record<string, unknown[]> = {
    teams: await db.select().from(schema.teams).where(eq(schema.teams.id, tenant.team.id)),
    users: await db.select().from(schema.users).where(inArray(schema.users.id, userIds)),
  };
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const table = value as PgTable;
    const columns = getTableColumns(table) as Record<string, PgTable['_']['columns'][string]>;
    const name = getTableName(table);
    if (columns.teamId)
      snapshot[`${name} of the team`] = await db.select().from(table).where(eq(columns.teamId, tenant.team.id));
    if (columns.userId)
      snapshot[`${name} of its users`] = await db.select().from(table).where(inArray(columns.userId, userIds));
  }
  return snapshot;
}

beforeAll(async () => {
  app = await createTestApp();
  a = await createTenant(app.services, 'Tenant Alpha Secret');
  b = await createTenant(app.services, 'Tenant Bravo');
  client = await signedIn(app.app, b.owner);
  await confirmPassword(client);
});
afterAll(() => app.close());

describe('tenancy: every route with a parameter hides the rows of other teams', () => {
  it('walks the routes the product has (and so cannot pass by walking none)', () => {
    const names = tenantRoutes.map((route) => route.name);
    for (const expected of [
      'teams.show',
      'teams.update',
      'teams.destroy',
      'team-members.store',
      'team-members.update',
      'team-members.destroy',
      'team-invitations.accept',
      'team-invitations.destroy',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('exempts only routes that exist, each with its reason', () => {
    const names = routesWithParameters.map((route) => route.name);
    for (const [name, reason] of Object.entries(notTenantRows)) {
      expect(names, `notTenantRows names ${name}, which is not a route with parameters`).toContain(name);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it('fails loudly, asking for a fixture, for a parameter it does not know, bound or not', () => {
    const unbound = {
      ...tenantRoutes[0],
      name: 'gadgets.show',
      parameters: [{ name: 'gadget', optional: false }],
      bindings: {},
    } as CompiledRoute;
    expect(() => requestsFor(unbound, a, b)).toThrow(/takes \{gadget\}.*add 'gadget' to `fixtures`/);
    const bound = { ...unbound, bindings: { gadget: 'id' } } as CompiledRoute;
    expect(() => requestsFor(bound, a, b)).toThrow(/takes \{gadget\}/);
    const guarded = { ...tenantRoutes[0], name: 'gadgets.show', middleware: ['auth', 'can:fly'] } as CompiledRoute;
    expect(() => transportFor(guarded)).toThrow(/uses middleware 'can'.*add it to `middleware`/);
  });

  it.each(tenantRoutes.map((route) => [route.name, route] as const))(
    '%s is a 404 for a member of another team',
    async (_name, route) => {
      const before = await rowsOf(a);
      for (const { label, params } of requestsFor(route, a, b)) {
        const path = buildRouteUrl(registry, route.name, params);
        const url = route.middleware.includes('signed') ? app.services.signedRoute(route.name, params) : path;
        const res = await sendTo(route, url, client, b.token.plainText);
        expect(
          res.status,
          `${route.methods[0]} ${url} (${label}) answered ${res.status}: ${res.text.slice(0, 200)}`,
        ).toBe(404);
        expect(res.text, `${url} (${label}) mentions team A`).not.toContain('Tenant Alpha Secret');
      }
      expect(await rowsOf(a)).toEqual(before);
    },
  );
});
