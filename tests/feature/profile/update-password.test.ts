import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { browser, createTestApp, expectPage, signedIn, testVersion, type TestApp } from '../../helpers/app';
import { errorsOf, rememberCookieOf, storedUser } from '../../helpers/profile';
import { createUser } from '../../factories/users';
import { sessions } from '../../../server/db/schema/index';
import { checkPassword } from '../../../server/support/passwords';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const bag = 'updatePassword';
const sessionRows = (userId: number) =>
  app.services.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));

type Client = Awaited<ReturnType<typeof browser>>;
const changePassword = (client: Client, body: Record<string, string>) =>
  client.send('put', '/user/password', body, { Referer: '/user/profile', 'X-Inertia-Error-Bag': bag });

const valid = { current_password: 'password', password: 'new-secret-123', password_confirmation: 'new-secret-123' };

describe('update password', () => {
  it('refuses a wrong current password in the updatePassword bag and keeps the old hash', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const res = await changePassword(client, { ...valid, current_password: 'not-my-password' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/user/profile');
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(errorsOf(page, bag)).toEqual({
      current_password: 'The provided password does not match your current password.',
    });
    expect((await storedUser(app.services, user.id)).password).toBe(user.password);
  });

  it('checks the new password: required, at least 8 characters, confirmed', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        {},
        { current_password: 'The current password field is required.', password: 'The password field is required.' },
      ],
      [
        { ...valid, password: 'short', password_confirmation: 'short' },
        { password: 'The password field must be at least 8 characters.' },
      ],
      [
        { ...valid, password_confirmation: 'something-else' },
        { password: 'The password field confirmation does not match.' },
      ],
    ];
    for (const [body, errors] of cases) {
      await changePassword(client, body);
      expect(errorsOf(expectPage(await client.visit('/user/profile'), 'Profile/Show'), bag)).toEqual(errors);
    }
    expect((await storedUser(app.services, user.id)).password).toBe(user.password);
  });

  it('saves the new hash, keeps this browser signed in and signs every other browser out', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const other = await signedIn(app.app, user);
    expectPage(await other.visit('/user/profile'), 'Profile/Show');
    expect(await sessionRows(user.id)).toHaveLength(2);

    const res = await changePassword(client, valid);
    expect(res.status).toBe(303);
    const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    expect(page.flash).toEqual({ status: 'password-updated' });
    expect(page.props.errors).toEqual({});

    const row = await storedUser(app.services, user.id);
    expect(await checkPassword('new-secret-123', row.password)).toBe(true);
    expect(await checkPassword('password', row.password)).toBe(false);
    expect(await sessionRows(user.id)).toHaveLength(1);

    const kicked = await other.visit('/user/profile');
    expect(kicked.status).toBe(302);
    expect(kicked.headers.location).toBe('/login');

    // The new password signs in; the old one does not.
    const fresh = await browser(app.app);
    expect(
      (await fresh.send('post', '/login', { email: user.email, password: 'password' }, { Referer: '/login' })).headers
        .location,
    ).toBe('/login');
    expect(
      (await fresh.send('post', '/login', { email: user.email, password: 'new-secret-123' })).headers.location,
    ).toBe('/dashboard');
  });

  it("ends other browsers' remember-me cookies and gives this browser a fresh one", async () => {
    const user = await createUser(app.services);
    const client = await browser(app.app);
    const mine = rememberCookieOf(
      await client.send('post', '/login', { email: user.email, password: 'password', remember: 'on' }),
    )!;
    const elsewhere = await browser(app.app);
    const theirs = rememberCookieOf(
      await elsewhere.send('post', '/login', { email: user.email, password: 'password', remember: 'on' }),
    )!;
    expect(theirs).toBeDefined();

    const res = await changePassword(client, valid);
    const renewed = rememberCookieOf(res);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(mine);

    const withCookie = (cookie: string) =>
      browser(app.app).then((fresh) =>
        fresh.agent.get('/user/profile').set({ Cookie: cookie, 'X-Inertia': 'true', 'X-Inertia-Version': testVersion }),
      );
    expect((await withCookie(theirs)).status).toBe(302);
    expect((await withCookie(mine)).status).toBe(302);
    expect((await withCookie(renewed!)).status).toBe(200);
  });

  it('answers JSON clients with 200', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const res = await client.agent
      .put('/user/password')
      .set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token })
      .send(valid);
    expect(res.status).toBe(200);
    expect(await checkPassword('new-secret-123', (await storedUser(app.services, user.id)).password)).toBe(true);
  });
});
