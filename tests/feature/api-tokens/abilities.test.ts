import type { Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { api } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { createApiToken } from '../../factories/api-tokens';
import type { RouteRegistry } from '../../../server/http/router/registry';
import { requireAbilities, requireAnyAbility } from '../../../server/http/auth/token-guard';

/** API routes that exist only here, each guarded by other abilities (scenario 59). */
function guarded(routes: RouteRegistry) {
  const ok = (req: Request, res: Response) => res.json({ ok: true, abilities: req.accessToken!.abilities });
  routes.group({ prefix: '/api/__test', as: 'test.api.', middleware: ['auth.token'], exposed: false }, (r) => {
    r.get('/update', ok).name('update').middleware('abilities:update');
    r.get('/create-and-delete', ok).name('create-delete').middleware('abilities:create,delete');
    r.get('/read-or-update', ok).name('read-or-update').middleware('ability:read,update');
    r.get('/abilities-without-auth', ok).name('no-auth');
  });
  routes.get('/api/__test/bare', ok).name('test.api.bare').middleware('abilities:read').hidden();
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ routes: [guarded] });
});
afterAll(() => app.close());

describe('token abilities', () => {
  it('refuses a token without the ability with 403 naming it; allows one with it', async () => {
    const user = await createUser(app.services);
    const reader = await createApiToken(app.services, user, { abilities: ['read'] });
    const writer = await createApiToken(app.services, user, { abilities: ['read', 'update'] });

    const refused = await api(app.app, '/api/__test/update', reader.plainText);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This token does not have the update ability.' });
    expect((await api(app.app, '/api/__test/update', writer.plainText)).body).toEqual({
      ok: true,
      abilities: ['read', 'update'],
    });
  });

  it('names every missing ability when a route needs several (abilities: all of them)', async () => {
    const user = await createUser(app.services);
    const reader = await createApiToken(app.services, user, { abilities: ['read'] });
    const creator = await createApiToken(app.services, user, { abilities: ['create'] });
    const both = await createApiToken(app.services, user, { abilities: ['create', 'delete'] });
    expect((await api(app.app, '/api/__test/create-and-delete', reader.plainText)).body).toEqual({
      message: 'This token does not have the create and delete abilities.',
    });
    expect((await api(app.app, '/api/__test/create-and-delete', creator.plainText)).body).toEqual({
      message: 'This token does not have the delete ability.',
    });
    expect((await api(app.app, '/api/__test/create-and-delete', both.plainText)).status).toBe(200);
  });

  it('ability: passes with any one of the listed abilities', async () => {
    const user = await createUser(app.services);
    const updater = await createApiToken(app.services, user, { abilities: ['update'] });
    const deleter = await createApiToken(app.services, user, { abilities: ['delete'] });
    expect((await api(app.app, '/api/__test/read-or-update', updater.plainText)).status).toBe(200);
    const refused = await api(app.app, '/api/__test/read-or-update', deleter.plainText);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This token does not have the read or update ability.' });
  });

  it('GET /api/user and /api/team need read', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user, { abilities: ['create', 'update', 'delete'] });
    for (const path of ['/api/user', '/api/team']) {
      const res = await api(app.app, path, plainText);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'This token does not have the read ability.' });
    }
  });

  it('an ability check without token authentication before it is a 401, never a pass', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user, { abilities: ['read'] });
    const res = await api(app.app, '/api/__test/bare', plainText);
    expect(res.status).toBe(401);
  });

  it('a route naming an unknown ability fails when the routes are built, not at request time', () => {
    expect(() => requireAbilities('read,bogus')).toThrow(/known abilities/);
    expect(() => requireAbilities('')).toThrow(/known abilities/);
    expect(() => requireAnyAbility(undefined)).toThrow(/known abilities/);
  });
});
