import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { actionPath } from '../../helpers/mail';
import { createUser } from '../../factories/users';
import { userRepository, type UserRow } from '../../../server/db/repositories/user-repository';
import { sha1 } from '../../../server/support/crypto';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const users = () => userRepository(app.services.db);
const verifiedAt = async (user: UserRow) => (await users().find(user.id))!.emailVerifiedAt;

/** The link of the newest verification mail sent to the user. */
const mailedLink = (user: Pick<UserRow, 'email'>) => actionPath(app.mailbox.to(user.email)[0], 'Verify Email Address');

const linkFor = (user: UserRow, expiresAt = new Date(Date.now() + 60 * 60_000)) =>
  app.services.signedRoute('verification.verify', { id: user.id, hash: sha1(user.email) }, expiresAt);

describe('email verification', () => {
  it('mails a link at registration and keeps the unverified user on the notice until it is opened', async () => {
    const client = await browser(app.app);
    const registered = await client.send('post', '/register', {
      name: 'Ayu Lestari',
      email: 'ayu.verify@example.com',
      password: 'password',
      password_confirmation: 'password',
      terms: true,
    });
    expect(registered.headers.location).toBe('/dashboard');

    const dashboard = await client.visit('/dashboard');
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.location).toBe('/email/verify');
    const notice = expectPage(await client.visit('/email/verify'), 'Auth/VerifyEmail');
    expect(notice.props.status).toBeNull();

    const [mail] = app.mailbox.to('ayu.verify@example.com');
    expect(mail.subject).toBe('Verify Email Address');
    expect(mail.text).toContain('Please click the button below to verify your email address.');
    expect(mail.text).toContain('If you did not create an account, no further action is required.');
    const link = mailedLink({ email: 'ayu.verify@example.com' });
    const user = (await users().findByEmail('ayu.verify@example.com'))!;
    expect(link).toMatch(new RegExp(`^/email/verify/${user.id}/${sha1(user.email)}\\?expires=\\d+&signature=[0-9a-f]{64}$`));

    const verified = await client.visit(link);
    expect(verified.status).toBe(303);
    expect(verified.headers.location).toBe('/dashboard?verified=1');
    expect(await verifiedAt(user)).toBeInstanceOf(Date);
    expectPage(await client.visit('/dashboard?verified=1'), 'Dashboard');

    // Opening it again changes nothing and lands in the same place; the notice now sends the user on.
    const again = await client.visit(link);
    expect(again.headers.location).toBe('/dashboard?verified=1');
    const noticeAgain = await client.visit('/email/verify');
    expect(noticeAgain.headers.location).toBe('/dashboard');
  });

  it('refuses a link whose signature was changed, or that expired', async () => {
    const user = await createUser(app.services, { verified: false });
    const client = await signedIn(app.app, user);
    const link = linkFor(user);
    const last = link.at(-1) === '0' ? '1' : '0';
    expect((await client.visit(link.slice(0, -1) + last)).status).toBe(403);
    expect((await client.visit(link.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 7200}`))).status).toBe(403);
    expect((await client.visit(linkFor(user, new Date(Date.now() - 1000)))).status).toBe(403);
    expect(await verifiedAt(user)).toBeNull();
  });

  it("refuses another user's link: it must name the signed-in user and their current address", async () => {
    const owner = await createUser(app.services, { verified: false });
    const other = await createUser(app.services, { verified: false });
    const client = await signedIn(app.app, other);
    const res = await client.visit(linkFor(owner));
    expect(res.status).toBe(403);
    expectPage(res, 'Error', 403);
    expect(await verifiedAt(owner)).toBeNull();
    expect(await verifiedAt(other)).toBeNull();
  });

  it('refuses a link for an address the user has since changed', async () => {
    const user = await createUser(app.services, { verified: false });
    const client = await signedIn(app.app, user);
    const link = linkFor(user);
    await users().update(user.id, { email: `changed-${user.email}` });
    expect((await client.visit(link)).status).toBe(403);
    expect(await verifiedAt(user)).toBeNull();
  });

  it('sends a signed-out visitor to log in first, then verifies and goes to the dashboard', async () => {
    const user = await createUser(app.services, { verified: false });
    const link = linkFor(user);
    const client = await browser(app.app);
    const guest = await client.visit(link);
    expect(guest.status).toBe(302);
    expect(guest.headers.location).toBe('/login');

    const login = await client.send('post', '/login', { email: user.email, password: 'password' });
    expect(login.headers.location).toBe(link);
    const verified = await client.visit(login.headers.location);
    expect(verified.headers.location).toBe('/dashboard?verified=1');
    expect(await verifiedAt(user)).toBeInstanceOf(Date);
  });

  it('resends the link on request with the status for the notice, and 6 a minute per user', async () => {
    const user = await createUser(app.services, { verified: false });
    const client = await signedIn(app.app, user);
    const res = await client.send('post', '/email/verification-notification', {}, { Referer: '/email/verify' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/email/verify');
    const notice = expectPage(await client.visit('/email/verify'), 'Auth/VerifyEmail');
    expect(notice.props.status).toBe('verification-link-sent');
    expect(app.mailbox.to(user.email)).toHaveLength(1);
    expect(app.mailbox.to(user.email)[0].subject).toBe('Verify Email Address');

    const statuses = [res.status];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await client.send('post', '/email/verification-notification', {}, { Referer: '/email/verify' })).status);
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 303, 429]);
    expect(app.mailbox.to(user.email)).toHaveLength(6);
  });

  it('counts link openings and resends against one budget per user', async () => {
    const user = await createUser(app.services, { verified: false });
    const client = await signedIn(app.app, user);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await client.send('post', '/email/verification-notification', {}, { Referer: '/email/verify' })).status).toBe(303);
    }
    expect((await client.visit(linkFor(user))).status).toBe(303);
    expect((await client.visit(linkFor(user))).status).toBe(429);
  });

  it('does not resend to a verified address', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const res = await client.send('post', '/email/verification-notification', {}, { Referer: '/email/verify' });
    expect(res.headers.location).toBe('/dashboard');
    expect(app.mailbox.to(user.email)).toHaveLength(0);
  });

  it('answers JSON requests with 202 for a resend and 204 for a verification', async () => {
    const user = await createUser(app.services, { verified: false });
    const client = await signedIn(app.app, user);
    const json = { Accept: 'application/json', 'X-XSRF-TOKEN': client.token };
    expect((await client.agent.post('/email/verification-notification').set(json)).status).toBe(202);
    expect((await client.agent.get(linkFor(user)).set(json)).status).toBe(204);
    expect((await client.agent.post('/email/verification-notification').set(json)).status).toBe(204);
  });

  it('is for signed-in users only', async () => {
    const client = await browser(app.app);
    const res = await client.visit('/email/verify');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
    const json = await client.agent.post('/email/verification-notification').set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token });
    expect(json.status).toBe(401);
  });
});
