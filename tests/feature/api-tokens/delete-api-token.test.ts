import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { api, expectUnauthenticated, storedToken, tokensPage } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { createApiToken } from '../../factories/api-tokens';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Client = Awaited<ReturnType<typeof signedIn>>;
const deleteToken = (client: Client, id: number | string) =>
  client.send('delete', `/user/api-tokens/${id}`, {}, { Referer: '/user/api-tokens' });

describe('delete an API token', () => {
  it('deletes the token, which stops authenticating at once (scenario 57)', async () => {
    const user = await createUser(app.services);
    const { token, plainText } = await createApiToken(app.services, user);
    const kept = await createApiToken(app.services, user, { name: 'Kept' });
    expect((await api(app.app, '/api/user', plainText)).status).toBe(200);
    const client = await signedIn(app.app, user);

    const res = await deleteToken(client, token.id);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/user/api-tokens');
    expect(await storedToken(app.services, token.id)).toBeUndefined();
    expectUnauthenticated(await api(app.app, '/api/user', plainText));
    expect((await tokensPage(client)).props.tokens.map((t) => t.name)).toEqual(['Kept']);
    expect((await api(app.app, '/api/user', kept.plainText)).status).toBe(200);
  });

  it("answers 404 for another user's token, which keeps working", async () => {
    const alice = await createUser(app.services);
    const bob = await createUser(app.services);
    const { token, plainText } = await createApiToken(app.services, alice);
    const client = await signedIn(app.app, bob);
    expectPage(await deleteToken(client, token.id), 'Error', 404);
    expect(await storedToken(app.services, token.id)).toBeDefined();
    expect((await api(app.app, '/api/user', plainText)).status).toBe(200);
  });

  it('answers 404 for a token already deleted', async () => {
    const user = await createUser(app.services);
    const { token } = await createApiToken(app.services, user);
    const client = await signedIn(app.app, user);
    expect((await deleteToken(client, token.id)).status).toBe(303);
    expectPage(await deleteToken(client, token.id), 'Error', 404);
  });
});
