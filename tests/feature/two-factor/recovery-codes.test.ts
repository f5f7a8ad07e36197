import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { confirmPassword, json, storedTwoFactor, withTwoFactor } from '../../helpers/two-factor';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function withCodes() {
  const user = await createUser(app.services);
  const client = await signedIn(app.app, user);
  await confirmPassword(client);
  const stored = await withTwoFactor(app.services, user);
  return { user, client, codes: stored.recoveryCodes };
}

describe('recovery codes', () => {
  it('lists the 8 stored codes', async () => {
    const { client, codes } = await withCodes();
    const res = await json(client, 'get', '/user/two-factor-recovery-codes');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(res.body).toEqual(codes);
    expect(res.body).toHaveLength(8);
  });

  it('regenerates 8 new codes, none equal to the previous ones (scenario 37)', async () => {
    const { user, client, codes } = await withCodes();
    const res = await client.send('post', '/user/two-factor-recovery-codes', {}, { Referer: '/dashboard' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect(page.flash).toEqual({ status: 'recovery-codes-generated' });

    const after = await storedTwoFactor(app.services, user.id);
    expect(after.recoveryCodes).toHaveLength(8);
    expect(after.recoveryCodes.filter((code) => codes.includes(code))).toEqual([]);
    expect(after.user.twoFactorConfirmedAt).not.toBeNull();
    expect((await json(client, 'get', '/user/two-factor-recovery-codes')).body).toEqual(after.recoveryCodes);
  });

  it('answers a JSON regeneration with an empty 200', async () => {
    const { user, client, codes } = await withCodes();
    const res = await json(client, 'post', '/user/two-factor-recovery-codes');
    expect(res.status).toBe(200);
    expect((await storedTwoFactor(app.services, user.id)).recoveryCodes).not.toEqual(codes);
  });

  it('has nothing to list or regenerate while two-factor is off', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await confirmPassword(client);
    expect((await json(client, 'get', '/user/two-factor-recovery-codes')).body).toEqual([]);
    const res = await json(client, 'post', '/user/two-factor-recovery-codes');
    expect(res.status).toBe(404);
    expect((await storedTwoFactor(app.services, user.id)).user.twoFactorRecoveryCodes).toBeNull();
  });

  it('needs a recent password confirmation to regenerate', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const { recoveryCodes } = await withTwoFactor(app.services, user);
    expect((await json(client, 'post', '/user/two-factor-recovery-codes')).status).toBe(423);
    expect((await storedTwoFactor(app.services, user.id)).recoveryCodes).toEqual(recoveryCodes);
  });
});
