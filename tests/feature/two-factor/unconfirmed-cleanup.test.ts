import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { confirmPassword, json, storedTwoFactor } from '../../helpers/two-factor';
import { awayFromStepBoundary, totpNow, wrongCode } from '../../helpers/totp';
import type { Page } from '../../../server/http/inertia/page';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const fromProfile = { Referer: '/user/profile' };
const twoFactorEnabled = (page: Page) =>
  (page.props.auth as { user: { two_factor_enabled: boolean } }).user.two_factor_enabled;

/** Signed in on the profile page with the password confirmed, having pressed "Enable". */
async function enabledFromProfile() {
  const user = await createUser(app.services);
  const client = await signedIn(app.app, user);
  await confirmPassword(client);
  expectPage(await client.visit('/user/profile'), 'Profile/Show');
  const res = await client.send('post', '/user/two-factor-authentication', {}, fromProfile);
  expect(res.headers.location).toBe('/user/profile');
  return { user, client };
}

describe('an enabled but unconfirmed secret on the profile page', () => {
  it('survives the view right after "Enable", and is wiped when the profile is shown again (scenario 33)', async () => {
    const { user, client } = await enabledFromProfile();
    const afterEnable = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(twoFactorEnabled(afterEnable)).toBe(true);
    expect(afterEnable.flash).toEqual({ status: 'two-factor-authentication-enabled' });
    expect((await storedTwoFactor(app.services, user.id)).secret).not.toBeNull();

    const reload = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(twoFactorEnabled(reload)).toBe(false);
    const stored = (await storedTwoFactor(app.services, user.id)).user;
    expect(stored.twoFactorSecret).toBeNull();
    expect(stored.twoFactorRecoveryCodes).toBeNull();
  });

  it('survives the view after a failed confirmation, so the user can try again', async () => {
    const { user, client } = await enabledFromProfile();
    expectPage(await client.visit('/user/profile'), 'Profile/Show');
    const { secret } = await storedTwoFactor(app.services, user.id);

    const wrong = await client.send(
      'post',
      '/user/confirmed-two-factor-authentication',
      { code: wrongCode(secret!) },
      {
        ...fromProfile,
        'X-Inertia-Error-Bag': 'confirmTwoFactorAuthentication',
      },
    );
    expect(wrong.headers.location).toBe('/user/profile');
    const afterFailure = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(afterFailure.props.errors).toEqual({
      confirmTwoFactorAuthentication: { code: 'The provided two factor authentication code was invalid.' },
    });
    expect(twoFactorEnabled(afterFailure)).toBe(true);

    await awayFromStepBoundary();
    await client.send('post', '/user/confirmed-two-factor-authentication', { code: totpNow(secret!) }, fromProfile);
    const confirmed = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(confirmed.flash).toEqual({ status: 'two-factor-authentication-confirmed' });
    expect(twoFactorEnabled(confirmed)).toBe(true);
    expect(twoFactorEnabled(expectPage(await client.visit('/user/profile'), 'Profile/Show'))).toBe(true);
    expect((await storedTwoFactor(app.services, user.id)).secret).toBe(secret);
  });

  it('is left alone by partial reloads of the page', async () => {
    const { user, client } = await enabledFromProfile();
    expectPage(await client.visit('/user/profile'), 'Profile/Show');
    const partial = await client.visit('/user/profile', {
      'X-Inertia-Partial-Component': 'Profile/Show',
      'X-Inertia-Partial-Data': 'sessions',
    });
    expect(partial.status).toBe(200);
    expect((await storedTwoFactor(app.services, user.id)).secret).not.toBeNull();
  });

  it('is wiped in a later session (log out, log in, open the profile)', async () => {
    const { user, client } = await enabledFromProfile();
    expectPage(await client.visit('/user/profile'), 'Profile/Show');
    await client.send('post', '/logout');
    const again = await signedIn(app.app, user);
    expect(twoFactorEnabled(expectPage(await again.visit('/user/profile'), 'Profile/Show'))).toBe(false);
    expect((await storedTwoFactor(app.services, user.id)).secret).toBeNull();
  });

  it('never touches a confirmed setup', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await confirmPassword(client);
    await json(client, 'post', '/user/two-factor-authentication');
    const { secret } = await storedTwoFactor(app.services, user.id);
    await awayFromStepBoundary();
    expect(
      (await json(client, 'post', '/user/confirmed-two-factor-authentication', { code: totpNow(secret!) })).status,
    ).toBe(200);
    for (let view = 0; view < 3; view++)
      expect(twoFactorEnabled(expectPage(await client.visit('/user/profile'), 'Profile/Show'))).toBe(true);
    expect((await storedTwoFactor(app.services, user.id)).secret).toBe(secret);
  });
});
