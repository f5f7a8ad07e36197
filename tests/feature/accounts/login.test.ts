import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { browser, createTestApp, expectPage, signedIn, testVersion, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { rememberCookieOf, storedUser } from '../../helpers/profile';
import { sessions } from '../../../server/db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[]) ?? []).find((c) => c.startsWith('kawan_session='));

describe('login', () => {
  it('shows the login page with its props', async () => {
    const client = await browser(app.app);
    const page = expectPage(await client.visit('/login'), 'Auth/Login');
    expect(page.props).toMatchObject({ status: null, auth: { user: null } });
    expect(typeof page.props.canResetPassword).toBe('boolean');
  });

  it('signs in with any letter case of the e-mail, regenerates the session and shares the user', async () => {
    const user = await createUser(app.services, { name: 'Ayu Lestari', email: 'ayu.login@example.com' });
    const client = await browser(app.app);
    const before = sessionCookie(await client.load('/login'));
    const res = await client.send('post', '/login', { email: 'AYU.Login@Example.COM', password: 'password' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const after = sessionCookie(res);
    expect(after).toBeDefined();
    expect(after!.split(';')[0]).not.toBe(before?.split(';')[0]);

    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    const shared = page.props.auth as { user: Record<string, unknown> };
    expect(shared.user).toMatchObject({
      id: user.id,
      name: 'Ayu Lestari',
      email: 'ayu.login@example.com',
      two_factor_enabled: false,
    });
    expect(shared.user.current_team).toMatchObject({ name: "Ayu's Team", personal_team: true });
    expect(Object.keys(shared.user).sort()).toEqual(
      [
        'all_teams',
        'current_team',
        'email',
        'email_verified_at',
        'has_profile_photo',
        'id',
        'name',
        'profile_photo_url',
        'two_factor_enabled',
      ].sort(),
    );
    expect(JSON.stringify(page)).not.toContain(user.password);
  });

  it('refuses wrong credentials without saying which part was wrong', async () => {
    const user = await createUser(app.services);
    const client = await browser(app.app);
    await client.send('post', '/login', { email: user.email, password: 'wrong-password' }, { Referer: '/login' });
    const page = expectPage(await client.visit('/login'), 'Auth/Login');
    expect(page.props.errors).toEqual({ email: 'These credentials do not match our records.' });
    expect((page.props.auth as { user: unknown }).user).toBeNull();
  });

  it('requires both fields', async () => {
    const client = await browser(app.app);
    await client.send('post', '/login', { email: '', password: '' }, { Referer: '/login' });
    const page = expectPage(await client.visit('/login'), 'Auth/Login');
    expect(page.props.errors).toEqual({
      email: 'The email field is required.',
      password: 'The password field is required.',
    });
  });

  it('counts failed attempts per e-mail and IP: the sixth says how many seconds to wait', async () => {
    const user = await createUser(app.services);
    const other = await createUser(app.services);
    const client = await browser(app.app);
    for (let attempt = 0; attempt < 5; attempt++) {
      await client.send('post', '/login', { email: user.email, password: 'wrong' }, { Referer: '/login' });
    }
    await client.send('post', '/login', { email: user.email, password: 'password' }, { Referer: '/login' });
    const page = expectPage(await client.visit('/login'), 'Auth/Login');
    const message = (page.props.errors as Record<string, string>).email;
    expect(message).toMatch(/^Too many login attempts\. Please try again in (\d+) seconds\.$/);
    expect(Number(/(\d+)/.exec(message)![1])).toBeLessThanOrEqual(60);

    const json = await client.agent
      .post('/login')
      .set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token })
      .send({ email: user.email, password: 'password' });
    expect(json.status).toBe(429);
    expect(Number(json.headers['retry-after'])).toBeGreaterThan(0);

    // Another address from the same IP is still accepted.
    const ok = await client.send('post', '/login', { email: other.email, password: 'password' });
    expect(ok.headers.location).toBe('/dashboard');
  });

  it('sends guests to the login page and back to where they wanted to go', async () => {
    const user = await createUser(app.services);
    const client = await browser(app.app);
    const res = await client.visit('/dashboard?tab=2');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
    const login = await client.send('post', '/login', { email: user.email, password: 'password' });
    expect(login.headers.location).toBe('/dashboard?tab=2');
  });

  it('answers JSON requests from guests with 401', async () => {
    const client = await browser(app.app);
    const res = await client.agent.get('/dashboard').set('Accept', 'application/json');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('remembers the browser only when asked, and signs it in again after the session is gone', async () => {
    const user = await createUser(app.services);
    const client = await browser(app.app);
    const plain = await client.send('post', '/login', { email: user.email, password: 'password' });
    expect(([] as string[]).concat(plain.headers['set-cookie'] ?? []).some((c) => c.startsWith('remember_web='))).toBe(
      false,
    );

    const remembering = await browser(app.app);
    const res = await remembering.send('post', '/login', { email: user.email, password: 'password', remember: 'on' });
    const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('remember_web='))!;
    expect(cookie).toContain('HttpOnly');
    const value = cookie.split(';')[0];

    // A new browser holding only the remember cookie is signed in.
    const fresh = await browser(app.app);
    const page = await fresh.agent
      .get('/dashboard')
      .set({ Cookie: value, 'X-Inertia': 'true', 'X-Inertia-Version': 'test-asset-version' });
    expect(page.status).toBe(200);
    expect(page.body.props.auth.user.id).toBe(user.id);
  });
});

describe('remember me on several browsers', () => {
  const rememberedLogin = async (user: { email: string }) => {
    const client = await browser(app.app);
    const res = await client.send('post', '/login', { email: user.email, password: 'password', remember: 'on' });
    expect(res.status).toBe(303);
    return { client, cookie: rememberCookieOf(res)! };
  };
  /** A browser that has nothing but the remember-me cookie (its session is gone). */
  const withOnly = async (cookie: string) => {
    const fresh = await browser(app.app);
    return fresh.agent.get('/dashboard').set({ Cookie: cookie, 'X-Inertia': 'true', 'X-Inertia-Version': testVersion });
  };

  it('remembering a second browser keeps the first one remembered: each signs in by its cookie alone', async () => {
    const user = await createUser(app.services);
    const first = await rememberedLogin(user);
    const token = (await storedUser(app.services, user.id)).rememberToken;
    const second = await rememberedLogin(user);
    // Laravel reuses the token a user already has instead of writing a new one.
    expect((await storedUser(app.services, user.id)).rememberToken).toBe(token);

    for (const cookie of [first.cookie, second.cookie]) {
      const res = await withOnly(cookie);
      expect(res.status).toBe(200);
      expect(res.body.props.auth.user.id).toBe(user.id);
    }
    // The column alone does not make a cookie.
    expect(first.cookie).not.toContain(token!);
  });

  // Found by the request fuzz: an id past PostgreSQL's integer range reached the users query (500).
  it.each(['99999999999999999999|x', '2147483648|x', '1e3|x', '0x1|x', '-1|x', '|', '1.5|x'])(
    'a cookie naming no possible user (%s) signs nobody in and is cleared',
    async (cookie) => {
      const logged = app.logs().length;
      const res = await withOnly(`remember_web=${cookie}`);
      expect(res.status, res.text.slice(0, 200)).toBe(302);
      expect(res.headers.location).toBe('/login');
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => c.startsWith('remember_web=;'))).toBe(
        true,
      );
      expect(
        app
          .logs()
          .slice(logged)
          .filter((line) => Number(line.level) >= 50),
      ).toEqual([]);
    },
  );

  it('logging out cycles the token: no browser is remembered any more, as in Laravel', async () => {
    const user = await createUser(app.services);
    const first = await rememberedLogin(user);
    const second = await rememberedLogin(user);
    const token = (await storedUser(app.services, user.id)).rememberToken;

    expect((await first.client.send('post', '/logout', {})).status).toBe(303);
    expect((await storedUser(app.services, user.id)).rememberToken).not.toBe(token);
    for (const cookie of [first.cookie, second.cookie]) {
      const res = await withOnly(cookie);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/login');
    }
    // The other browser's session itself goes on until it ends.
    expect((await second.client.visit('/dashboard')).status).toBe(200);

    // The next remembered login is remembered again, under the new token.
    const again = await rememberedLogin(user);
    expect((await withOnly(again.cookie)).status).toBe(200);
    expect((await withOnly(second.cookie)).status).toBe(302);
  });
});

describe('logout', () => {
  it('ends the session, rotates the token and sends the browser home', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const before = client.token;
    const res = await client.send('post', '/logout', {});
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(client.token).not.toBe(before);
    const home = await client.visit('/');
    expect(home.body.clearHistory).toBe(true);
    const dashboard = await client.visit('/dashboard');
    expect(dashboard.headers.location).toBe('/login');
    const rows = await app.services.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('is refused to guests and without a CSRF token', async () => {
    const client = await browser(app.app);
    const res = await client.agent.post('/logout');
    expect(res.status).toBe(419);
  });
});
