import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { storedToken, tokensPage } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { createApiToken } from '../../factories/api-tokens';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Client = Awaited<ReturnType<typeof signedIn>>;
const updateAbilities = (client: Client, id: number | string, body: Record<string, unknown>) =>
  client.send('put', `/user/api-tokens/${id}`, body, { Referer: '/user/api-tokens' });

describe('update an API token', () => {
  it('replaces the abilities with the valid subset of those sent (scenario 57)', async () => {
    const user = await createUser(app.services);
    const { token } = await createApiToken(app.services, user, { abilities: ['read', 'update'] });
    const client = await signedIn(app.app, user);

    const res = await updateAbilities(client, token.id, { permissions: ['delete', 'bogus'] });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/user/api-tokens');
    expect((await storedToken(app.services, token.id)).abilities).toEqual(['delete']);
    expect((await tokensPage(client)).props.tokens[0].abilities).toEqual(['delete']);

    await updateAbilities(client, token.id, { permissions: [] });
    expect((await storedToken(app.services, token.id)).abilities).toEqual([]);
  });

  it('requires the permissions list', async () => {
    const user = await createUser(app.services);
    const { token } = await createApiToken(app.services, user, { abilities: ['read'] });
    const client = await signedIn(app.app, user);
    for (const body of [{}, { permissions: 'read' }, { permissions: null }]) {
      await updateAbilities(client, token.id, body);
      expect((await tokensPage(client)).props.errors).toEqual({
        permissions: 'The permissions field must be an array.',
      });
    }
    expect((await storedToken(app.services, token.id)).abilities).toEqual(['read']);
  });

  it("answers 404 for another user's token and leaves it unchanged (scenario 58)", async () => {
    const alice = await createUser(app.services);
    const bob = await createUser(app.services);
    const { token } = await createApiToken(app.services, alice, { abilities: ['read'] });
    const client = await signedIn(app.app, bob);
    expectPage(await updateAbilities(client, token.id, { permissions: ['create', 'delete'] }), 'Error', 404);
    expect((await storedToken(app.services, token.id)).abilities).toEqual(['read']);
  });

  it('answers 404 for an id that is not a token, or not a number', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    expectPage(await updateAbilities(client, 987654, { permissions: ['read'] }), 'Error', 404);
    expectPage(await updateAbilities(client, 99999999999, { permissions: ['read'] }), 'Error', 404);
    expectPage(await updateAbilities(client, 'abc', { permissions: ['read'] }), 'Error', 404);
  });
});
