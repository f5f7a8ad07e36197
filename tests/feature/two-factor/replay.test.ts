import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { confirmPassword, json, storedTwoFactor, withTwoFactor } from '../../helpers/two-factor';
import { awayFromStepBoundary, totpNow } from '../../helpers/totp';
import type { UserRow } from '../../../server/db/repositories/user-repository';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A fresh browser past the password step of `user`. */
async function passwordStep(user: UserRow) {
  const client = await browser(app.app);
  const res = await client.send('post', '/login', { email: user.email, password: 'password' });
  expect(res.headers.location).toBe('/two-factor-challenge');
  return client;
}

const challenge = (client: Awaited<ReturnType<typeof passwordStep>>, body: Record<string, unknown>) =>
  json(client, 'post', '/two-factor-challenge', body);

async function twoFactorUser() {
  const user = await createUser(app.services);
  const { secret, recoveryCodes } = await withTwoFactor(app.services, user);
  return { user, secret: secret!, recoveryCodes };
}

describe('one-time codes are used once', () => {
  it('refuses the code just accepted when it is used again for another login (scenario 42)', async () => {
    const { user, secret } = await twoFactorUser();
    await awayFromStepBoundary();
    const code = totpNow(secret);
    const first = await passwordStep(user);
    expect((await challenge(first, { code })).status).toBe(204);

    const second = await passwordStep(user);
    const res = await challenge(second, { code });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ code: ['The provided two factor authentication code was invalid.'] });
  });

  it('accepts the previous step, refuses two steps back (scenario 43)', async () => {
    const { user, secret } = await twoFactorUser();
    await awayFromStepBoundary();
    const client = await passwordStep(user);
    expect((await challenge(client, { code: totpNow(secret, -2) })).status).toBe(422);
    expect((await challenge(client, { code: totpNow(secret, -1) })).status).toBe(204);
    expect((await storedTwoFactor(app.services, user.id)).user.twoFactorLastStep).toBe(
      Math.floor(Date.now() / 30_000) - 1,
    );
  });

  it('accepts the next step (a phone clock running ahead), refuses two steps ahead', async () => {
    const { user, secret } = await twoFactorUser();
    await awayFromStepBoundary();
    const client = await passwordStep(user);
    expect((await challenge(client, { code: totpNow(secret, 2) })).status).toBe(422);
    expect((await challenge(client, { code: totpNow(secret, 1) })).status).toBe(204);
  });

  it('refuses an older step once a newer one was accepted, even inside the window', async () => {
    const { user, secret } = await twoFactorUser();
    await awayFromStepBoundary();
    expect((await challenge(await passwordStep(user), { code: totpNow(secret) })).status).toBe(204);
    expect((await challenge(await passwordStep(user), { code: totpNow(secret, -1) })).status).toBe(422);
    expect((await challenge(await passwordStep(user), { code: totpNow(secret, 1) })).status).toBe(204);
  });

  it('uses up the code that confirmed the setup: it cannot sign in afterwards', async () => {
    const user = await createUser(app.services);
    const { secret } = await withTwoFactor(app.services, user, { confirmed: false });
    const client = await browser(app.app);
    await client.send('post', '/login', { email: user.email, password: 'password' });
    await confirmPassword(client);
    await awayFromStepBoundary();
    const code = totpNow(secret!);
    expect((await json(client, 'post', '/user/confirmed-two-factor-authentication', { code })).status).toBe(200);
    await client.send('post', '/logout');

    expect((await challenge(await passwordStep(user), { code })).status).toBe(422);
  });

  it('lets only one of two simultaneous logins through with the same code', async () => {
    const { user, secret } = await twoFactorUser();
    const [a, b] = [await passwordStep(user), await passwordStep(user)];
    await awayFromStepBoundary();
    const code = totpNow(secret);
    const statuses = (await Promise.all([challenge(a, { code }), challenge(b, { code })]))
      .map((res) => res.status)
      .sort();
    expect(statuses).toEqual([204, 422]);
  });

  it('lets only one of two simultaneous logins through with the same recovery code', async () => {
    const { user, recoveryCodes } = await twoFactorUser();
    const [a, b] = [await passwordStep(user), await passwordStep(user)];
    const recovery_code = recoveryCodes[0];
    const statuses = (await Promise.all([challenge(a, { recovery_code }), challenge(b, { recovery_code })]))
      .map((res) => res.status)
      .sort();
    expect(statuses).toEqual([204, 422]);
    const after = (await storedTwoFactor(app.services, user.id)).recoveryCodes;
    expect(after).toHaveLength(8);
    expect(after).not.toContain(recovery_code);
  });
});
