import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { confirmPassword, json, storedTwoFactor } from '../../helpers/two-factor';
import { awayFromStepBoundary, totpNow, wrongCode } from '../../helpers/totp';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const invalid = 'The provided two factor authentication code was invalid.';

/** Signed in, password confirmed, two-factor enabled but not yet confirmed. */
async function enabling() {
  const user = await createUser(app.services);
  const client = await signedIn(app.app, user);
  await confirmPassword(client);
  await json(client, 'post', '/user/two-factor-authentication');
  const { secret } = await storedTwoFactor(app.services, user.id);
  return { user, client, secret: secret! };
}

const confirmWith = (client: Awaited<ReturnType<typeof enabling>>['client'], code: unknown) =>
  client.send(
    'post',
    '/user/confirmed-two-factor-authentication',
    { code },
    { Referer: '/dashboard', 'X-Inertia-Error-Bag': 'confirmTwoFactorAuthentication' },
  );

describe('confirming two-factor authentication', () => {
  it('refuses a wrong code with the message in the confirmTwoFactorAuthentication bag (scenario 34)', async () => {
    const { user, client, secret } = await enabling();
    const res = await confirmWith(client, wrongCode(secret));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect(page.props.errors).toEqual({ confirmTwoFactorAuthentication: { code: invalid } });
    expect((await storedTwoFactor(app.services, user.id)).user.twoFactorConfirmedAt).toBeNull();
  });

  it('refuses an empty, missing or non-string code the same way', async () => {
    const { user, client } = await enabling();
    for (const body of [{ code: '' }, {}, { code: ['123456'] }, { code: 123456 }]) {
      const res = await json(client, 'post', '/user/confirmed-two-factor-authentication', body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: invalid, errors: { code: [invalid] } });
    }
    expect((await storedTwoFactor(app.services, user.id)).user.twoFactorConfirmedAt).toBeNull();
  });

  it('confirms with the current code and flashes the status (scenario 35)', async () => {
    const { user, client, secret } = await enabling();
    await awayFromStepBoundary();
    const res = await confirmWith(client, totpNow(secret));
    expect(res.status).toBe(303);
    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect(page.flash).toEqual({ status: 'two-factor-authentication-confirmed' });
    expect(page.props.errors).toEqual({});
    const stored = await storedTwoFactor(app.services, user.id);
    expect(stored.user.twoFactorConfirmedAt).toBeInstanceOf(Date);
    expect(stored.recoveryCodes).toHaveLength(8);
  });

  it('accepts a code typed with a space, and answers JSON with 200', async () => {
    const { user, client, secret } = await enabling();
    await awayFromStepBoundary();
    const code = totpNow(secret);
    const res = await json(client, 'post', '/user/confirmed-two-factor-authentication', {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(res.status).toBe(200);
    expect((await storedTwoFactor(app.services, user.id)).user.twoFactorConfirmedAt).not.toBeNull();
  });

  it('cannot confirm without an enabled secret', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await confirmPassword(client);
    const res = await json(client, 'post', '/user/confirmed-two-factor-authentication', { code: '123456' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ code: [invalid] });
  });

  it('needs a recent password confirmation', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const res = await json(client, 'post', '/user/confirmed-two-factor-authentication', { code: '123456' });
    expect(res.status).toBe(423);
  });
});
