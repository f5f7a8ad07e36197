import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { userRepository } from '../../../server/db/repositories/user-repository';
import { teamRepository } from '../../../server/db/repositories/team-repository';
import { checkPassword } from '../../../server/support/passwords';
import { users } from '../../../server/db/schema/index';
import { eq } from 'drizzle-orm';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const valid = {
  name: 'Taylor Otwell',
  email: 'Taylor@Example.com',
  password: 'correct horse',
  password_confirmation: 'correct horse',
  terms: true,
};

describe('registration', () => {
  it('shows the form to guests', async () => {
    const client = await browser(app.app);
    expectPage(await client.visit('/register'), 'Auth/Register');
  });

  it('creates the account with a personal team, sends the verification mail and signs in', async () => {
    const client = await browser(app.app);
    const res = await client.send('post', '/register', valid);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');

    const user = (await userRepository(app.services.db).findByEmail('taylor@example.com'))!;
    expect(user.name).toBe('Taylor Otwell');
    expect(user.emailVerifiedAt).toBeNull();
    expect(await checkPassword('correct horse', user.password)).toBe(true);
    const teams = await teamRepository(app.services.db).forUser(user.id);
    expect(teams).toMatchObject([{ name: "Taylor's Team", personalTeam: true, role: 'owner' }]);
    expect(user.currentTeamId).toBe(teams[0].id);

    const [mail] = app.mailbox.to('taylor@example.com');
    expect(mail.subject).toBe('Verify Email Address');
    expect(mail.text).toMatch(/\/email\/verify\/\d+\/[0-9a-f]{40}\?expires=\d+&signature=[0-9a-f]{64}/);

    // Signed in but unverified: the application areas send the user to the notice.
    const dashboard = await client.visit('/dashboard');
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.location).toBe('/email/verify');
    const notice = expectPage(await client.visit('/email/verify'), 'Auth/VerifyEmail');
    expect(notice.props.auth).toMatchObject({ user: { email: 'taylor@example.com', email_verified_at: null } });
    const serialized = JSON.stringify(notice);
    expect(serialized).not.toContain(user.password);
    expect(serialized).not.toContain('password');
  });

  it.each([
    [{ email: 'TAYLOR@example.com' }, 'email', 'The email has already been taken.'],
    [
      { password: 'short', password_confirmation: 'short' },
      'password',
      'The password field must be at least 8 characters.',
    ],
    [{ password_confirmation: 'different!' }, 'password', 'The password field confirmation does not match.'],
    [{ name: 'x'.repeat(256) }, 'name', 'The name field must not be greater than 255 characters.'],
    [{ terms: false }, 'terms', 'The terms field must be accepted.'],
    [{ email: 'nope' }, 'email', 'The email field must be a valid email address.'],
  ])('refuses %j with an error on %s and creates nothing', async (change, field, message) => {
    await createUser(app.services, { email: 'taylor@example.com' }).catch(() => undefined);
    const client = await browser(app.app);
    const before = await app.services.db.$count((await import('../../../server/db/schema/index')).users);
    const res = await client.send(
      'post',
      '/register',
      { ...valid, email: `new-${Math.random()}@example.com`, ...change },
      { Referer: '/register' },
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/register');
    const page = expectPage(await client.visit('/register'), 'Auth/Register');
    expect((page.props.errors as Record<string, string>)[field]).toBe(message);
    expect(await app.services.db.$count((await import('../../../server/db/schema/index')).users)).toBe(before);
  });

  it('answers two sign-ups with the same address at the same moment with one account and one field error, never a 500', async () => {
    // Both requests pass the "is the address free?" check before either inserts; the unique key
    // decides, and the loser gets the same answer as a sign-up with a taken address.
    for (let round = 0; round < 3; round++) {
      const email = `race${round}-${Date.now()}@example.com`;
      const clients = await Promise.all([browser(app.app), browser(app.app)]);
      const responses = await Promise.all(
        clients.map((client, index) =>
          client.send(
            'post',
            '/register',
            { ...valid, email },
            { Referer: '/register', 'X-Forwarded-For': `198.51.100.${round * 2 + index + 10}` },
          ),
        ),
      );
      expect(responses.map((res) => res.status)).toEqual([303, 303]);
      expect(responses.map((res) => res.headers.location).sort()).toEqual(['/dashboard', '/register']);

      const loser = clients[responses.findIndex((res) => res.headers.location === '/register')];
      const page = expectPage(await loser.visit('/register'), 'Auth/Register');
      expect(page.props.errors).toEqual({ email: 'The email has already been taken.' });
      expect(JSON.stringify(page)).not.toMatch(/argon2|insert into/i);
      expect(await app.services.db.$count(users, eq(users.email, email))).toBe(1);
    }
  });

  it('answers a JSON sign-up that loses the race with 422 and the field error', async () => {
    const email = `race-json-${Date.now()}@example.com`;
    const clients = await Promise.all([browser(app.app), browser(app.app)]);
    const responses = await Promise.all(
      clients.map((client, index) =>
        client.agent
          .post('/register')
          .set({
            Accept: 'application/json',
            'X-XSRF-TOKEN': client.token,
            'X-Forwarded-For': `198.51.100.${index + 30}`,
          })
          .send({ ...valid, email }),
      ),
    );
    expect(responses.map((res) => res.status).sort()).toEqual([303, 422]);
    const refused = responses.find((res) => res.status === 422)!;
    expect(refused.body).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
  });

  it('keeps the account when the verification mail cannot be sent: the failure is logged and the notice sends another', async () => {
    const client = await browser(app.app);
    const email = `mail-down-${Date.now()}@example.com`;
    const res = await app.mailbox.failing(() =>
      client.send('post', '/register', { ...valid, email }, { 'X-Forwarded-For': '198.51.100.40' }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const user = (await userRepository(app.services.db).findByEmail(email))!;
    expect(user).toBeDefined();
    expect(app.mailbox.to(email)).toHaveLength(0);

    const logged = app.logs().filter((line) => line.msg === 'mail not sent' && line.userId === user.id);
    expect(logged).toMatchObject([{ mail: 'verify-email', error: { message: 'connect ECONNREFUSED 127.0.0.1:587' } }]);
    expect(JSON.stringify(logged)).not.toMatch(/verify\/|signature|Verify Email Address/);

    // The notice page's "Resend Verification Email" works once mail goes out again.
    expectPage(await client.visit('/email/verify'), 'Auth/VerifyEmail');
    expect(
      (await client.send('post', '/email/verification-notification', {}, { Referer: '/email/verify' })).status,
    ).toBe(303);
    expect(app.mailbox.to(email).map((mail) => mail.subject)).toEqual(['Verify Email Address']);
  });

  it('sends signed-in users away from the guest pages', async () => {
    const user = await createUser(app.services);
    const client = await browser(app.app);
    await client.send('post', '/login', { email: user.email, password: 'password' });
    for (const path of ['/register', '/login']) {
      const res = await client.visit(path);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/dashboard');
    }
  });

  it('limits sign-up attempts per IP so that the taken-address error cannot list accounts', async () => {
    const client = await browser(app.app);
    let last;
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await client.send('post', '/register', { ...valid, email: `probe${attempt}@example.com`, terms: false });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
