import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { api } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { createApiToken } from '../../factories/api-tokens';
import type { RouteRegistry } from '../../../server/http/router/registry';
import { HttpError, ValidationError } from '../../../server/support/errors';

/** API routes that exist only here: one that fails validation, one that refuses. */
function failing(routes: RouteRegistry) {
  routes.group({ prefix: '/api/__test', as: 'test.api.', middleware: ['auth.token'], exposed: false }, (r) => {
    r.put('/invalid', () => {
      throw new ValidationError({ name: 'The name field is required.' });
    }).name('invalid');
    r.get('/forbidden', (req: Request) => {
      throw new HttpError(403, `No, ${req.accessToken!.name}.`);
    }).name('forbidden');
  });
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ routes: [failing] });
});
afterAll(() => app.close());

// The API has no session and no page layer, so its errors are JSON whatever the request says it
// is; found by the request fuzz: `PUT /api/team` with a bearer token and `X-Inertia: true` sent
// the validation error to the session flash, which the API does not have, and answered 500.
describe('API errors are JSON, whatever page headers the request carries', () => {
  it.each([
    ['X-Inertia: true', { 'X-Inertia': 'true' }],
    [
      'X-Inertia with a partial reload',
      { 'X-Inertia': 'true', 'X-Inertia-Partial-Component': 'Error', 'X-Inertia-Partial-Data': 'x' },
    ],
    ['Accept: text/html', { Accept: 'text/html' }],
  ])('a validation error is a 422 with the field errors (%s)', async (_label, headers) => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user);
    const res = await api(app.app, '/api/__test/invalid', plainText, 'put').set(headers).send({ name: 1 });
    expect(res.status, res.text).toBe(422);
    expect(res.body).toEqual({
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'] },
    });
    expect(app.logs().filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('a refusal and a missing token are JSON too', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user, { name: 'Reader' });
    const refused = await api(app.app, '/api/__test/forbidden', plainText).set('X-Inertia', 'true');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'No, Reader.' });
    const anonymous = await api(app.app, '/api/__test/forbidden').set({ 'X-Inertia': 'true', Accept: 'text/html' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthenticated.' });
  });
});
