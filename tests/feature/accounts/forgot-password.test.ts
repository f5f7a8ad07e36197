import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { actionPath } from '../../helpers/mail';
import { createUser } from '../../factories/users';
import { passwordResetTokenRepository } from '../../../server/db/repositories/password-reset-token-repository';
import { sha256 } from '../../../server/support/crypto';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const sentStatus = 'We have emailed your password reset link.';
let ipSequence = 0;
/** Each test asks from its own address, so the per-IP limit of one test does not reach another. */
const fromNewIp = () => ({ 'X-Forwarded-For': `203.0.113.${++ipSequence}` });

const tokens = () => passwordResetTokenRepository(app.services.db);

async function requestLink(email: string, headers = fromNewIp()) {
  const client = await browser(app.app);
  const res = await client.send('post', '/forgot-password', { email }, { Referer: '/forgot-password', ...headers });
  return { client, res };
}

describe('forgot password', () => {
  it('shows the form to guests', async () => {
    const client = await browser(app.app);
    const page = expectPage(await client.visit('/forgot-password'), 'Auth/ForgotPassword');
    expect(page.props.status).toBeNull();
  });

  it('sends signed-in users to the dashboard', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    const res = await client.visit('/forgot-password');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
  });

  it('mails a reset link to a known address, stores only the hash of its token and says so', async () => {
    const user = await createUser(app.services, { name: 'Ayu Lestari', email: 'ayu.forgot@example.com' });
    const { client, res } = await requestLink('AYU.Forgot@Example.com');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/forgot-password');
    const page = expectPage(await client.visit('/forgot-password'), 'Auth/ForgotPassword');
    expect(page.props.status).toBe(sentStatus);
    expect(page.props.errors).toEqual({});

    const mails = app.mailbox.to(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Reset Password Notification');
    expect(mail.text).toContain(
      'You are receiving this email because we received a password reset request for your account.',
    );
    expect(mail.text).toContain('This password reset link will expire in 60 minutes.');
    expect(mail.text).toContain('If you did not request a password reset, no further action is required.');
    expect(mail.html).toContain('>Reset Password</a>');

    const link = actionPath(mail, 'Reset Password');
    const match = /^\/reset-password\/([\w-]+)\?email=(.+)$/.exec(link);
    expect(match, link).not.toBeNull();
    const [, token, email] = match!;
    expect(decodeURIComponent(email)).toBe('ayu.forgot@example.com');

    const row = await tokens().find(user.email);
    expect(row?.token).toBe(sha256(token));
    expect(row?.token).not.toContain(token);
    expect(JSON.stringify(page.props)).not.toContain(token);
  });

  it('answers a second request within 60 seconds the same way, without a second mail or a new token', async () => {
    const user = await createUser(app.services);
    await requestLink(user.email);
    const first = await tokens().find(user.email);

    const { client, res } = await requestLink(user.email);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/forgot-password');
    const page = expectPage(await client.visit('/forgot-password'), 'Auth/ForgotPassword');
    expect(page.props.status).toBe(sentStatus);
    expect(page.props.errors).toEqual({});
    expect(app.mailbox.to(user.email)).toHaveLength(1);
    expect(await tokens().find(user.email)).toEqual(first);
  });

  it('sends a new link once 60 seconds have passed, and the old one stops working', async () => {
    const user = await createUser(app.services);
    await requestLink(user.email);
    const first = (await tokens().find(user.email))!;
    await tokens().put(user.email, first.token, new Date(Date.now() - 61_000));

    await requestLink(user.email);
    const mails = app.mailbox.to(user.email);
    expect(mails).toHaveLength(2);
    expect(actionPath(mails[0], 'Reset Password')).not.toBe(actionPath(mails[1], 'Reset Password'));
    expect((await tokens().find(user.email))!.token).not.toBe(first.token);
  });

  it('answers an unknown address exactly like a known one, and sends and stores nothing (docs/decisions/002)', async () => {
    const known = await createUser(app.services);
    const sent = app.mailbox.messages.length;

    const unknown = await requestLink('nobody-here@example.com');
    const existing = await requestLink(known.email);
    expect(unknown.res.status).toBe(existing.res.status);
    expect(unknown.res.headers.location).toBe(existing.res.headers.location);

    const unknownPage = expectPage(await unknown.client.visit('/forgot-password'), 'Auth/ForgotPassword');
    const knownPage = expectPage(await existing.client.visit('/forgot-password'), 'Auth/ForgotPassword');
    expect(unknownPage.props.status).toBe(sentStatus);
    expect(unknownPage.props.errors).toEqual(knownPage.props.errors);
    expect(unknownPage.props.status).toBe(knownPage.props.status);

    expect(app.mailbox.to('nobody-here@example.com')).toHaveLength(0);
    expect(app.mailbox.messages.length).toBe(sent + 1);
    expect(await tokens().find('nobody-here@example.com')).toBeUndefined();
  });

  it('answers the same when the mail cannot be sent, logs it without the link, and lets the user ask again at once', async () => {
    const user = await createUser(app.services);
    const { client, res } = await app.mailbox.failing(() => requestLink(user.email));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/forgot-password');
    const page = expectPage(await client.visit('/forgot-password'), 'Auth/ForgotPassword');
    expect(page.props.status).toBe(sentStatus);
    expect(page.props.errors).toEqual({});
    expect(app.mailbox.to(user.email)).toHaveLength(0);
    // No token waits for a mail that never left, so the next request is not held back 60 seconds.
    expect(await tokens().find(user.email)).toBeUndefined();

    const logged = app.logs().filter((line) => line.msg === 'mail not sent' && line.userId === user.id);
    expect(logged).toMatchObject([
      { mail: 'reset-password', error: { message: 'connect ECONNREFUSED 127.0.0.1:587' } },
    ]);
    expect(JSON.stringify(logged)).not.toMatch(/reset-password\/|Reset Password/);

    await requestLink(user.email);
    const [mail] = app.mailbox.to(user.email);
    expect(mail.subject).toBe('Reset Password Notification');
    const token = /^\/reset-password\/([\w-]+)\?/.exec(actionPath(mail, 'Reset Password'))![1];
    expect((await tokens().find(user.email))!.token).toBe(sha256(token));
  });

  it('answers JSON requests with 200 and the same message for known and unknown addresses', async () => {
    const user = await createUser(app.services);
    for (const email of [user.email, 'nobody-json@example.com']) {
      const client = await browser(app.app);
      const res = await client.agent
        .post('/forgot-password')
        .set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token, ...fromNewIp() })
        .send({ email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: sentStatus });
    }
  });

  it('still validates the address', async () => {
    for (const [email, message] of [
      ['', 'The email field is required.'],
      ['not-an-email', 'The email field must be a valid email address.'],
    ]) {
      const { client } = await requestLink(email);
      const page = expectPage(await client.visit('/forgot-password'), 'Auth/ForgotPassword');
      expect(page.props.errors).toEqual({ email: message });
      expect(page.props.status).toBeNull();
    }
  });

  it('limits requests to 5 a minute per IP, whatever the address', async () => {
    const user = await createUser(app.services);
    const ip = fromNewIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const { res } = await requestLink(attempt % 2 ? user.email : `someone${attempt}@example.com`, ip);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    const { res } = await requestLink(user.email);
    expect(res.status).toBe(303);
  });
});
