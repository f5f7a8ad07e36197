import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectNoSecrets } from '../../helpers/profile';
import { createUser } from '../../factories/users';
import { userRepository } from '../../../server/db/repositories/user-repository';
import { sessions } from '../../../server/db/schema/index';
import type { BrowserSession } from '../../../server/presenters/browser-session-presenter';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const firefoxOnMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('profile page', () => {
  it('sends guests to the login page and back to the profile afterwards', async () => {
    const user = await createUser(app.services);
    const client = await browser(app.app);
    const res = await client.visit('/user/profile');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
    const login = await client.send('post', '/login', { email: user.email, password: 'password' });
    expect(login.headers.location).toBe('/user/profile');
  });

  it('renders Profile/Show with the two-factor option, the sessions and every section turned on', async () => {
    const user = await createUser(app.services, { name: 'Ayu Lestari' });
    const client = await signedIn(app.app, user);
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(page.props.confirmsTwoFactorAuthentication).toBe(true);
    expect(page.props.features).toMatchObject({
      canUpdateProfileInformation: true,
      canUpdatePassword: true,
      managesProfilePhotos: true,
      hasAccountDeletionFeatures: true,
    });
    expect((page.props.auth as { user: { name: string } }).user.name).toBe('Ayu Lestari');

    const list = page.props.sessions as BrowserSession[];
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual(['agent', 'ip_address', 'is_current_device', 'last_active']);
    expect(Object.keys(list[0].agent).sort()).toEqual(['browser', 'is_desktop', 'platform']);
    expect(list[0]).toMatchObject({ ip_address: '127.0.0.1', is_current_device: true });
    expect(new Date(list[0].last_active).toISOString()).toBe(list[0].last_active);
    expect(Math.abs(Date.parse(list[0].last_active) - Date.now())).toBeLessThan(120_000);
  });

  it('never puts the password hash, the remember token or two-factor secrets in the page', async () => {
    const user = await createUser(app.services);
    const client = await browser(app.app);
    await client.send('post', '/login', { email: user.email, password: 'password', remember: 'on' });
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    const stored = (await userRepository(app.services.db).find(user.id))!;
    expect(stored.rememberToken).not.toBeNull();
    expectNoSecrets(page, stored);
    // The session ids stay on the server too.
    const ids = (
      await app.services.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))
    ).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(JSON.stringify(page)).not.toContain(id);
  });

  it('describes the browser from its user agent', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    // The row is written at the end of a request, so the second visit sees the first one's agent.
    await client.visit('/user/profile', { 'User-Agent': firefoxOnMac });
    const page = expectPage(await client.visit('/user/profile', { 'User-Agent': firefoxOnMac }), 'Profile/Show');
    expect((page.props.sessions as BrowserSession[])[0].agent).toEqual({
      is_desktop: true,
      platform: 'macOS',
      browser: 'Firefox',
    });
  });

  it('still loads for a user whose address is not verified', async () => {
    const user = await createUser(app.services, { verified: false });
    const client = await signedIn(app.app, user);
    expectPage(await client.visit('/user/profile'), 'Profile/Show');
  });

  it('discards a two-factor secret that was enabled but never confirmed', async () => {
    const user = await createUser(app.services);
    await userRepository(app.services.db).update(user.id, {
      twoFactorSecret: app.services.encrypter.encrypt('JBSWY3DPEHPK3PXP'),
    });
    const client = await signedIn(app.app, user);
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect((page.props.auth as { user: { two_factor_enabled: boolean } }).user.two_factor_enabled).toBe(false);
    expect((await userRepository(app.services.db).find(user.id))!.twoFactorSecret).toBeNull();
  });
});
