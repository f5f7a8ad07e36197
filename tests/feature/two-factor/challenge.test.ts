import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'supertest';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { json, storedTwoFactor, withTwoFactor } from '../../helpers/two-factor';
import { awayFromStepBoundary, totpNow, wrongCode } from '../../helpers/totp';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const invalidCode = 'The provided two factor authentication code was invalid.';
const invalidRecoveryCode = 'The provided two factor recovery code was invalid.';

const cookieNames = (res: Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((line) => line.split('=')[0]);
const sessionCookie = (res: Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((line) => !line.startsWith('XSRF-TOKEN='));

/** A user with confirmed two-factor authentication, and a browser that has passed the password step. */
async function pendingLogin(options: { remember?: boolean } = {}) {
  const user = await createUser(app.services);
  const { secret, recoveryCodes } = await withTwoFactor(app.services, user);
  const client = await browser(app.app);
  const res = await client.send('post', '/login', {
    email: user.email,
    password: 'password',
    remember: options.remember ? 'on' : '',
  });
  return { user, client, res, secret: secret!, recoveryCodes };
}

const submit = (client: Awaited<ReturnType<typeof pendingLogin>>['client'], body: Record<string, unknown>) =>
  client.send('post', '/two-factor-challenge', body, { Referer: '/two-factor-challenge' });

describe('the two-factor login challenge', () => {
  it('follows a correct password with the challenge; nothing else is reachable yet (scenario 39)', async () => {
    const { client, res } = await pendingLogin();
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/two-factor-challenge');

    const page = expectPage(await client.visit('/two-factor-challenge'), 'Auth/TwoFactorChallenge');
    expect(Object.keys(page.props).sort()).toEqual(['app', 'auth', 'errors', 'features']);
    expect((page.props.auth as { user: unknown }).user).toBeNull();

    const dashboard = await client.visit('/dashboard');
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.location).toBe('/login');
  });

  it('signs in with the current code, under a new session id (scenario 40)', async () => {
    const { user, client, res: passwordStep, secret } = await pendingLogin();
    await awayFromStepBoundary();
    const res = await submit(client, { code: totpNow(secret) });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    expect(sessionCookie(res)).toBeDefined();
    expect(sessionCookie(res)).not.toBe(sessionCookie(passwordStep));
    expect(cookieNames(res)).not.toContain('remember_web');

    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect((page.props.auth as { user: { id: number } }).user.id).toBe(user.id);
    // The pending login is gone: the challenge now belongs to a signed-in user, who is sent home.
    const again = await client.visit('/two-factor-challenge');
    expect(again.headers.location).toBe('/dashboard');
  });

  it('goes on to the page the user first asked for', async () => {
    const user = await createUser(app.services);
    const { secret } = await withTwoFactor(app.services, user);
    const client = await browser(app.app);
    expect((await client.visit('/user/two-factor-recovery-codes')).headers.location).toBe('/login');
    await client.send('post', '/login', { email: user.email, password: 'password' });
    await awayFromStepBoundary();
    const res = await submit(client, { code: totpNow(secret!) });
    expect(res.headers.location).toBe('/user/two-factor-recovery-codes');
  });

  it('keeps the pending login after a wrong code, then accepts the right one (scenario 41)', async () => {
    const { client, secret } = await pendingLogin();
    const wrong = await submit(client, { code: wrongCode(secret) });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.location).toBe('/two-factor-challenge');
    const page = expectPage(await client.visit('/two-factor-challenge'), 'Auth/TwoFactorChallenge');
    expect(page.props.errors).toEqual({ code: invalidCode });

    await awayFromStepBoundary();
    const right = await submit(client, { code: totpNow(secret) });
    expect(right.headers.location).toBe('/dashboard');
  });

  it('puts the message on the field that was used', async () => {
    const { client, secret } = await pendingLogin();
    await submit(client, { recovery_code: 'abcdefghij-abcdefghij' });
    expect(expectPage(await client.visit('/two-factor-challenge'), 'Auth/TwoFactorChallenge').props.errors).toEqual({
      recovery_code: invalidRecoveryCode,
    });
    await submit(client, { code: '', recovery_code: '' });
    expect(expectPage(await client.visit('/two-factor-challenge'), 'Auth/TwoFactorChallenge').props.errors).toEqual({
      code: invalidCode,
    });

    const asJson = await json(client, 'post', '/two-factor-challenge', { code: wrongCode(secret) });
    expect(asJson.status).toBe(422);
    expect(asJson.body).toEqual({ message: invalidCode, errors: { code: [invalidCode] } });
  });

  it('signs in with a recovery code, which is used up and replaced (scenario 44)', async () => {
    const { user, client, recoveryCodes } = await pendingLogin();
    const used = recoveryCodes[3];
    const res = await submit(client, { recovery_code: used });
    expect(res.headers.location).toBe('/dashboard');
    expectPage(await client.visit('/dashboard'), 'Dashboard');

    const after = (await storedTwoFactor(app.services, user.id)).recoveryCodes;
    expect(after).toHaveLength(8);
    expect(after).not.toContain(used);
    expect(after.filter((code) => recoveryCodes.includes(code))).toHaveLength(7);
    expect(after[3]).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);

    await client.send('post', '/logout');
    await client.send('post', '/login', { email: user.email, password: 'password' });
    const reuse = await submit(client, { recovery_code: used });
    expect(reuse.headers.location).toBe('/two-factor-challenge');
    expect(expectPage(await client.visit('/two-factor-challenge'), 'Auth/TwoFactorChallenge').props.errors).toEqual({
      recovery_code: invalidRecoveryCode,
    });
  });

  it('matches recovery codes exactly (case and whitespace count)', async () => {
    const { client, recoveryCodes } = await pendingLogin();
    const [code] = recoveryCodes;
    for (const attempt of [
      code.toLowerCase() === code ? code.toUpperCase() : code.toLowerCase(),
      `${code}x`,
      code.slice(0, 20),
    ]) {
      const res = await json(client, 'post', '/two-factor-challenge', { recovery_code: attempt });
      expect(res.status).toBe(422);
    }
    expect((await json(client, 'post', '/two-factor-challenge', { recovery_code: code })).status).toBe(204);
  });

  it('answers a JSON client with 204 once signed in', async () => {
    const { client, secret } = await pendingLogin();
    await awayFromStepBoundary();
    const res = await json(client, 'post', '/two-factor-challenge', { code: totpNow(secret) });
    expect(res.status).toBe(204);
    expectPage(await client.visit('/dashboard'), 'Dashboard');
  });

  it('sends a visit without a pending login to the login page (scenario 45)', async () => {
    const client = await browser(app.app);
    const res = await client.visit('/two-factor-challenge');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
    const post = await client.send('post', '/two-factor-challenge', { code: '123456' });
    expect(post.headers.location).toBe('/two-factor-challenge');
  });

  it('sends signed-in users to the dashboard', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    expect((await client.visit('/two-factor-challenge')).headers.location).toBe('/dashboard');
  });

  it('keeps the remember-me choice of the password step (scenario 47)', async () => {
    const { client, secret } = await pendingLogin({ remember: true });
    await awayFromStepBoundary();
    const res = await submit(client, { code: totpNow(secret) });
    expect(res.headers.location).toBe('/dashboard');
    expect(cookieNames(res)).toContain('remember_web');
  });

  it('challenges only confirmed setups: an unconfirmed secret signs in directly', async () => {
    const user = await createUser(app.services);
    await withTwoFactor(app.services, user, { confirmed: false });
    const client = await browser(app.app);
    const res = await client.send('post', '/login', { email: user.email, password: 'password' });
    expect(res.headers.location).toBe('/dashboard');
  });
});
