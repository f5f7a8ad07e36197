import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { confirmPassword, json, storedTwoFactor } from '../../helpers/two-factor';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const codePattern = /^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/;

async function confirmedClient() {
  const user = await createUser(app.services);
  const client = await signedIn(app.app, user);
  await confirmPassword(client);
  return { user, client };
}

describe('enabling two-factor authentication', () => {
  it('creates an encrypted secret and 8 recovery codes, unconfirmed, and flashes the status (scenario 31)', async () => {
    const { user, client } = await confirmedClient();
    const res = await client.send('post', '/user/two-factor-authentication', {}, { Referer: '/dashboard' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');

    const stored = await storedTwoFactor(app.services, user.id);
    expect(stored.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(stored.user.twoFactorSecret).not.toContain(stored.secret);
    expect(stored.user.twoFactorConfirmedAt).toBeNull();
    expect(stored.recoveryCodes).toHaveLength(8);
    for (const code of stored.recoveryCodes) expect(code).toMatch(codePattern);
    expect(new Set(stored.recoveryCodes).size).toBe(8);
    for (const code of stored.recoveryCodes) expect(stored.user.twoFactorRecoveryCodes).not.toContain(code);

    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect(page.flash).toEqual({ status: 'two-factor-authentication-enabled' });
    expect((page.props.auth as { user: { two_factor_enabled: boolean } }).user.two_factor_enabled).toBe(true);
  });

  it('answers a JSON request with an empty 200', async () => {
    const { user, client } = await confirmedClient();
    const res = await json(client, 'post', '/user/two-factor-authentication');
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect((await storedTwoFactor(app.services, user.id)).secret).not.toBeNull();
  });

  it('keeps the existing secret and codes when enabled again, unless forced', async () => {
    const { user, client } = await confirmedClient();
    await json(client, 'post', '/user/two-factor-authentication');
    const first = await storedTwoFactor(app.services, user.id);

    await json(client, 'post', '/user/two-factor-authentication');
    const second = await storedTwoFactor(app.services, user.id);
    expect(second.secret).toBe(first.secret);
    expect(second.recoveryCodes).toEqual(first.recoveryCodes);

    await json(client, 'post', '/user/two-factor-authentication', { force: true });
    const forced = await storedTwoFactor(app.services, user.id);
    expect(forced.secret).not.toBe(first.secret);
    expect(forced.recoveryCodes.some((code) => first.recoveryCodes.includes(code))).toBe(false);
    expect(forced.user.twoFactorConfirmedAt).toBeNull();
  });

  it('needs a recent password confirmation: 423 for JSON, the confirmation page for a visit (scenario 28)', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);

    const asJson = await json(client, 'post', '/user/two-factor-authentication');
    expect(asJson.status).toBe(423);
    expect(asJson.body).toEqual({ message: 'Password confirmation required.' });
    const qr = await json(client, 'get', '/user/two-factor-qr-code');
    expect(qr.status).toBe(423);

    const visit = await client.send('post', '/user/two-factor-authentication', {}, { Referer: '/dashboard' });
    expect([302, 303]).toContain(visit.status);
    expect(visit.headers.location).toBe('/user/confirm-password');
    expect((await storedTwoFactor(app.services, user.id)).secret).toBeNull();
  });

  it('is for signed-in users only', async () => {
    const { client } = await confirmedClient();
    await client.send('post', '/logout');
    const res = await json(client, 'post', '/user/two-factor-authentication');
    expect(res.status).toBe(401);
  });

  it('does not protect the login until confirmed (scenario 32)', async () => {
    const { user, client } = await confirmedClient();
    await json(client, 'post', '/user/two-factor-authentication');
    await client.send('post', '/logout');

    const again = await signedIn(app.app, user);
    const dashboard = await again.visit('/dashboard');
    expectPage(dashboard, 'Dashboard');
  });
});
