import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { browser, createTestApp, expectPage, signedIn, testVersion, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { rememberCookieOf, storedUser } from '../../helpers/profile';
import { sessions } from '../../../server/db/schema/index';
import { checkPassword } from '../../../server/support/passwords';
import type { BrowserSession } from '../../../server/presenters/browser-session-presenter';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const sessionRows = (userId: number) =>
  app.services.db
    .select({ id: sessions.id, lastActivity: sessions.lastActivity })
    .from(sessions)
    .where(eq(sessions.userId, userId));
const sessionsOf = (page: { props: Record<string, unknown> }) => page.props.sessions as BrowserSession[];

type Client = Awaited<ReturnType<typeof browser>>;
const logOutOthers = (client: Client, password: unknown) =>
  client.send('delete', '/user/other-browser-sessions', { password }, { Referer: '/user/profile' });

describe('browser sessions', () => {
  it("lists the user's live sessions, newest first, this one marked, each with its IP, platform and browser", async () => {
    const user = await createUser(app.services);
    const stranger = await createUser(app.services);
    const phone = await signedIn(app.app, user);
    await phone.visit('/user/profile', { 'User-Agent': safariOnIphone });
    const desk = await signedIn(app.app, user);
    await signedIn(app.app, stranger);
    await desk.visit('/user/profile', { 'User-Agent': chromeOnWindows });

    // The phone was last used five minutes ago; a session expired long ago must not show.
    const now = Math.floor(Date.now() / 1000);
    await app.services.db
      .update(sessions)
      .set({ lastActivity: now - 300 })
      .where(eq(sessions.userAgent, safariOnIphone));
    await app.services.db.insert(sessions).values({
      id: 'expired-session-of-the-user',
      userId: user.id,
      ipAddress: '198.51.100.7',
      userAgent: chromeOnWindows,
      payload: {},
      lastActivity: now - 3 * 60 * 60,
    });

    const page = expectPage(await desk.visit('/user/profile', { 'User-Agent': chromeOnWindows }), 'Profile/Show');
    const list = sessionsOf(page);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      agent: { is_desktop: true, platform: 'Windows', browser: 'Chrome' },
      ip_address: '127.0.0.1',
      is_current_device: true,
    });
    expect(list[1]).toMatchObject({
      agent: { is_desktop: false, platform: 'iOS', browser: 'Mobile Safari' },
      ip_address: '127.0.0.1',
      is_current_device: false,
      last_active: new Date((now - 300) * 1000).toISOString(),
    });
  });

  it('refuses a wrong or missing password with "The password is incorrect." and ends nothing', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const other = await signedIn(app.app, user);
    for (const password of ['wrong-password', '', undefined, ['password']]) {
      const res = await logOutOthers(client, password);
      expect(res.status).toBe(303);
      const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
      expect(page.props.errors).toEqual({ password: 'The password is incorrect.' });
    }
    expect(await sessionRows(user.id)).toHaveLength(2);
    expectPage(await other.visit('/user/profile'), 'Profile/Show');
  });

  it('with the password: other browsers land on /login, one session row remains, this browser stays', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const second = await signedIn(app.app, user);
    const third = await signedIn(app.app, user);
    expect(await sessionRows(user.id)).toHaveLength(3);

    const res = await logOutOthers(client, 'password');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/user/profile');
    expect(await sessionRows(user.id)).toHaveLength(1);

    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(page.props.errors).toEqual({});
    expect(sessionsOf(page)).toHaveLength(1);
    expect(sessionsOf(page)[0].is_current_device).toBe(true);

    for (const other of [second, third]) {
      const kicked = await other.visit('/user/profile');
      expect(kicked.status).toBe(302);
      expect(kicked.headers.location).toBe('/login');
    }
    // The password itself still works (it was only re-hashed).
    const row = await storedUser(app.services, user.id);
    expect(row.password).not.toBe(user.password);
    expect(await checkPassword('password', row.password)).toBe(true);
  });

  it('rotates the remember-me token, so no other browser signs itself back in', async () => {
    const user = await createUser(app.services);
    const client = await browser(app.app);
    await client.send('post', '/login', { email: user.email, password: 'password', remember: 'on' });
    const elsewhere = await browser(app.app);
    const theirs = rememberCookieOf(
      await elsewhere.send('post', '/login', { email: user.email, password: 'password', remember: 'on' }),
    )!;

    const res = await logOutOthers(client, 'password');
    const mine = rememberCookieOf(res);
    expect(mine).toBeDefined();

    const withCookie = async (cookie: string) => {
      const fresh = await browser(app.app);
      return fresh.agent
        .get('/user/profile')
        .set({ Cookie: cookie, 'X-Inertia': 'true', 'X-Inertia-Version': testVersion });
    };
    const refused = await withCookie(theirs);
    expect(refused.status).toBe(302);
    expect(refused.headers.location).toBe('/login');
    expect((await withCookie(mine!)).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const client = await browser(app.app);
    const res = await client.agent
      .delete('/user/other-browser-sessions')
      .set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token })
      .send({ password: 'password' });
    expect(res.status).toBe(401);
  });
});
