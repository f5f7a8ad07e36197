import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { api, tokensPage } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { createApiToken } from '../../factories/api-tokens';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('list API tokens', () => {
  it("renders API/Index with the user's own tokens by name, the abilities on offer and the defaults", async () => {
    const user = await createUser(app.services);
    const other = await createUser(app.services);
    const expires = new Date(Date.now() + 86_400_000);
    const zeta = await createApiToken(app.services, user, { name: 'Zeta', abilities: ['read', 'delete'] });
    const alpha = await createApiToken(app.services, user, { name: 'Alpha', abilities: [], expiresAt: expires });
    await createApiToken(app.services, other, { name: 'Not mine' });
    await createApiToken(app.services, user, { name: 'Old', expiresAt: new Date(Date.now() - 1000) });
    await api(app.app, '/api/user', zeta.plainText);

    const page = await tokensPage(await signedIn(app.app, user));
    expect(page.props.availablePermissions).toEqual(['create', 'read', 'update', 'delete']);
    expect(page.props.defaultPermissions).toEqual(['read']);
    expect(page.props.expirationChoices).toEqual([
      { value: 'never', label: 'Never' },
      { value: '30', label: '30 days' },
      { value: '60', label: '60 days' },
      { value: '90', label: '90 days' },
      { value: '365', label: '1 year' },
    ]);
    expect(page.props.permissions).toEqual({ canCreateApiTokens: true });
    expect(page.props.tokens.map((t) => [t.name, t.expired])).toEqual([
      ['Alpha', false],
      ['Old', true],
      ['Zeta', false],
    ]);
    expect(page.props.tokens.filter((t) => t.name !== 'Old')).toEqual([
      {
        id: alpha.token.id,
        name: 'Alpha',
        abilities: [],
        team_name: expect.any(String),
        last_used_at: null,
        expires_at: expires.toISOString(),
        expired: false,
        created_at: alpha.token.createdAt.toISOString(),
        can: { update: true, delete: true },
      },
      {
        id: zeta.token.id,
        name: 'Zeta',
        abilities: ['read', 'delete'],
        team_name: expect.any(String),
        last_used_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        expires_at: null,
        expired: false,
        created_at: zeta.token.createdAt.toISOString(),
        can: { update: true, delete: true },
      },
    ]);
  });

  it('sends guests to the login page and back afterwards (scenario 7)', async () => {
    const user = await createUser(app.services);
    const client = await browser(app.app);
    const res = await client.load('/user/api-tokens');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
    const login = await client.send('post', '/login', { email: user.email, password: 'password' });
    expect(login.headers.location).toBe('/user/api-tokens');
  });

  it('sends unverified users to the verification notice', async () => {
    const user = await createUser(app.services, { verified: false });
    const res = await (await signedIn(app.app, user)).load('/user/api-tokens');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/email/verify');
  });
});
