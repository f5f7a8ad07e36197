import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { actionPath } from '../../helpers/mail';
import { createUser } from '../../factories/users';
import { passwordResetTokenRepository } from '../../../server/db/repositories/password-reset-token-repository';
import { sessionRepository } from '../../../server/db/repositories/session-repository';
import { userRepository } from '../../../server/db/repositories/user-repository';
import { randomToken, sha256 } from '../../../server/support/crypto';
import { checkPassword } from '../../../server/support/passwords';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const invalid = { email: 'This password reset token is invalid.' };
const tokens = () => passwordResetTokenRepository(app.services.db);

/** A pending reset for the address, created `ageMinutes` ago; returns the token the mail would carry. */
async function pendingReset(email: string, ageMinutes = 0): Promise<string> {
  const token = randomToken(32);
  await tokens().put(email, sha256(token), new Date(Date.now() - ageMinutes * 60_000));
  return token;
}

async function submitReset(fields: Record<string, unknown>) {
  const client = await browser(app.app);
  const res = await client.send('post', '/reset-password', fields, { Referer: '/reset-password/x' });
  return { client, res };
}

async function errorsAfter(client: Awaited<ReturnType<typeof browser>>) {
  return expectPage(await client.visit('/reset-password/x'), 'Auth/ResetPassword').props.errors;
}

describe('reset password', () => {
  it('opens the mailed link on the reset form with the address and token filled in', async () => {
    const user = await createUser(app.services, { email: 'ayu.reset-link@example.com' });
    const client = await browser(app.app);
    await client.send('post', '/forgot-password', { email: user.email }, { 'X-Forwarded-For': '198.51.100.1' });
    const link = actionPath(app.mailbox.to(user.email)[0], 'Reset Password');
    const token = /^\/reset-password\/([\w-]+)\?/.exec(link)![1];

    const res = await client.visit(link);
    const page = expectPage(res, 'Auth/ResetPassword');
    expect(page.props).toMatchObject({ email: user.email, token });
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(JSON.stringify(page.props)).not.toContain(user.password);
  });

  it('sets the new password, ends every session and remember-me cookie, and sends the guest to log in', async () => {
    const user = await createUser(app.services, { email: 'ayu.reset@example.com' });
    const elsewhere = await browser(app.app);
    expect((await elsewhere.send('post', '/login', { email: user.email, password: 'password', remember: 'on' })).status).toBe(303);
    expect((await userRepository(app.services.db).find(user.id))!.rememberToken).not.toBeNull();
    expect(await sessionRepository(app.services.db).forUser(user.id)).toHaveLength(1);

    const token = await pendingReset(user.email);
    const { client, res } = await submitReset({
      token,
      email: 'Ayu.Reset@Example.com',
      password: 'new-password',
      password_confirmation: 'new-password',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login');
    const login = expectPage(await client.visit('/login'), 'Auth/Login');
    expect(login.props.status).toBe('Your password has been reset.');
    expect((login.props.auth as { user: unknown }).user).toBeNull();

    const stored = (await userRepository(app.services.db).find(user.id))!;
    expect(await checkPassword('new-password', stored.password)).toBe(true);
    expect(stored.rememberToken).toBeNull();
    expect(await tokens().find(user.email)).toBeUndefined();
    expect(await sessionRepository(app.services.db).forUser(user.id)).toHaveLength(0);

    // The other browser, with its session and remember-me cookie, is signed out.
    const after = await elsewhere.visit('/dashboard');
    expect(after.status).toBe(302);
    expect(after.headers.location).toBe('/login');

    const old = await browser(app.app);
    await old.send('post', '/login', { email: user.email, password: 'password' }, { Referer: '/login' });
    expect(expectPage(await old.visit('/login'), 'Auth/Login').props.errors).toEqual({
      email: 'These credentials do not match our records.',
    });
    await signedIn(app.app, user, 'new-password');
  });

  it('refuses a token older than 60 minutes', async () => {
    const user = await createUser(app.services);
    const token = await pendingReset(user.email, 61);
    const { client, res } = await submitReset({ token, email: user.email, password: 'new-password', password_confirmation: 'new-password' });
    expect(res.status).toBe(303);
    expect(await errorsAfter(client)).toEqual(invalid);
    const stored = (await userRepository(app.services.db).find(user.id))!;
    expect(await checkPassword('password', stored.password)).toBe(true);
  });

  it('refuses a wrong token and an address without a pending reset', async () => {
    const user = await createUser(app.services);
    const other = await createUser(app.services);
    await pendingReset(user.email);
    const otherToken = await pendingReset(other.email);
    for (const fields of [
      { token: 'not-the-token', email: user.email },
      { token: otherToken, email: user.email },
      { token: await pendingReset('ghost@example.com'), email: 'ghost@example.com' },
    ]) {
      const { client } = await submitReset({ ...fields, password: 'new-password', password_confirmation: 'new-password' });
      expect(await errorsAfter(client)).toEqual(invalid);
    }
  });

  it('accepts a token once', async () => {
    const user = await createUser(app.services);
    const token = await pendingReset(user.email);
    const fields = { token, email: user.email, password: 'new-password', password_confirmation: 'new-password' };
    expect((await submitReset(fields)).res.headers.location).toBe('/login');
    const again = await submitReset({ ...fields, password: 'third-password', password_confirmation: 'third-password' });
    expect(await errorsAfter(again.client)).toEqual(invalid);
    const stored = (await userRepository(app.services.db).find(user.id))!;
    expect(await checkPassword('new-password', stored.password)).toBe(true);
  });

  it('checks the password rules after the token, leaving the token usable', async () => {
    const user = await createUser(app.services);
    const token = await pendingReset(user.email);
    const short = await submitReset({ token, email: user.email, password: 'short', password_confirmation: 'short' });
    expect(await errorsAfter(short.client)).toEqual({ password: 'The password field must be at least 8 characters.' });
    const mismatch = await submitReset({ token, email: user.email, password: 'new-password', password_confirmation: 'other-password' });
    expect(await errorsAfter(mismatch.client)).toEqual({ password: 'The password field confirmation does not match.' });
    expect(await tokens().find(user.email)).toBeDefined();

    const ok = await submitReset({ token, email: user.email, password: 'new-password', password_confirmation: 'new-password' });
    expect(ok.res.headers.location).toBe('/login');
  });

  it('requires the token, the address and a password', async () => {
    const { client } = await submitReset({});
    expect(await errorsAfter(client)).toEqual({
      token: 'The token field is required.',
      email: 'The email field is required.',
      password: 'The password field is required.',
    });
  });

  it('answers JSON requests with 200 and a message, or 422 with the errors', async () => {
    const user = await createUser(app.services);
    const token = await pendingReset(user.email);
    const client = await browser(app.app);
    const json = (fields: Record<string, string>) =>
      client.agent.post('/reset-password').set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token }).send(fields);

    const bad = await json({ token: 'wrong', email: user.email, password: 'new-password', password_confirmation: 'new-password' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ email: ['This password reset token is invalid.'] });

    const good = await json({ token, email: user.email, password: 'new-password', password_confirmation: 'new-password' });
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ message: 'Your password has been reset.' });
  });

  it('is for guests only', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    const res = await client.visit('/reset-password/some-token?email=x@example.com');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
  });
});
