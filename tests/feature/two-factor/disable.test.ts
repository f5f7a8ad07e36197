import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { confirmPassword, json, storedTwoFactor, withTwoFactor } from '../../helpers/two-factor';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('disabling two-factor authentication', () => {
  it('clears the secret, the codes and the confirmation; the next login has no challenge (scenario 38)', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await withTwoFactor(app.services, user);
    await confirmPassword(client);

    const res = await client.send('delete', '/user/two-factor-authentication', {}, { Referer: '/dashboard' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect(page.flash).toEqual({ status: 'two-factor-authentication-disabled' });
    expect((page.props.auth as { user: { two_factor_enabled: boolean } }).user.two_factor_enabled).toBe(false);

    const stored = (await storedTwoFactor(app.services, user.id)).user;
    expect(stored.twoFactorSecret).toBeNull();
    expect(stored.twoFactorRecoveryCodes).toBeNull();
    expect(stored.twoFactorConfirmedAt).toBeNull();
    expect(stored.twoFactorLastStep).toBeNull();

    await client.send('post', '/logout');
    const login = await client.send('post', '/login', { email: user.email, password: 'password' });
    expect(login.headers.location).toBe('/dashboard');
  });

  it('cancels an unconfirmed setup the same way, and answers JSON with 200', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await withTwoFactor(app.services, user, { confirmed: false });
    await confirmPassword(client);
    const res = await json(client, 'delete', '/user/two-factor-authentication');
    expect(res.status).toBe(200);
    expect((await storedTwoFactor(app.services, user.id)).secret).toBeNull();
  });

  it('needs a recent password confirmation', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await withTwoFactor(app.services, user);
    const res = await json(client, 'delete', '/user/two-factor-authentication');
    expect(res.status).toBe(423);
    expect((await storedTwoFactor(app.services, user.id)).secret).not.toBeNull();
  });
});
