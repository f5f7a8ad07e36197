import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { errorsOf } from '../../helpers/profile';
import { createUser } from '../../factories/users';
import { passwordResetTokenRepository } from '../../../server/db/repositories/password-reset-token-repository';
import { userRepository } from '../../../server/db/repositories/user-repository';
import { randomToken, sha256 } from '../../../server/support/crypto';
import { checkPassword } from '../../../server/support/passwords';

/**
 * Stronger password rules, configured as Laravel's `Password::defaults(fn () =>
 * Password::min(12)->mixedCase()->numbers()->symbols())`, apply wherever a password is chosen:
 * registration, reset and update. (The default, 8 characters and nothing else, is covered by the
 * tests of each form.)
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    env: {
      PASSWORD_MIN_LENGTH: '12',
      PASSWORD_REQUIRE_MIXED_CASE: 'true',
      PASSWORD_REQUIRE_NUMBERS: 'true',
      PASSWORD_REQUIRE_SYMBOLS: 'true',
    },
  });
});
afterAll(() => app.close());

const strong = 'Kopi-Tubruk-2024';

/** Each weak password with the first message Laravel gives for it (length, mixed case, symbols, numbers). */
const weak: [string, string][] = [
  ['Ab-1', 'The password field must be at least 12 characters.'],
  ['kopi-tubruk-2024', 'The password field must contain at least one uppercase and one lowercase letter.'],
  ['KOPI-TUBRUK-2024', 'The password field must contain at least one uppercase and one lowercase letter.'],
  ['KopiTubruk2024', 'The password field must contain at least one symbol.'],
  ['Kopi-Tubruk-Dua', 'The password field must contain at least one number.'],
];

let ipSequence = 0;
const fromNewIp = () => ({ 'X-Forwarded-For': `203.0.113.${++ipSequence}` });

describe('configured password rules', () => {
  it('apply to registration, first failing rule first, and an account is made only with a password that passes', async () => {
    for (const [password, message] of weak) {
      const email = `rules-${++ipSequence}@example.com`;
      const client = await browser(app.app);
      const body = { name: 'Ayu Lestari', email, password, password_confirmation: password, terms: true };
      const res = await client.send('post', '/register', body, { Referer: '/register', ...fromNewIp() });
      expect(res.headers.location).toBe('/register');
      expect(expectPage(await client.visit('/register'), 'Auth/Register').props.errors).toEqual({ password: message });
      expect(await userRepository(app.services.db).findByEmail(email)).toBeUndefined();
    }

    const client = await browser(app.app);
    const body = {
      name: 'Ayu Lestari',
      email: 'rules-ok@example.com',
      password: strong,
      password_confirmation: strong,
      terms: true,
    };
    const res = await client.send('post', '/register', body, fromNewIp());
    expect(res.headers.location).toBe('/dashboard');
  });

  it('count characters, not bytes or UTF-16 units, as Laravel does', async () => {
    // 11 characters (the emoji is one character but two UTF-16 units): too short.
    const password = 'Kopi-Tub-1😀';
    const client = await browser(app.app);
    const body = {
      name: 'Budi',
      email: 'rules-emoji@example.com',
      password,
      password_confirmation: password,
      terms: true,
    };
    await client.send('post', '/register', body, { Referer: '/register', ...fromNewIp() });
    expect(expectPage(await client.visit('/register'), 'Auth/Register').props.errors).toEqual({
      password: 'The password field must be at least 12 characters.',
    });
  });

  it('apply to a password reset, after the token check, leaving the token usable', async () => {
    const user = await createUser(app.services);
    const token = randomToken(32);
    await passwordResetTokenRepository(app.services.db).put(user.email, sha256(token), new Date());

    for (const [password, message] of weak) {
      const client = await browser(app.app);
      const body = { token, email: user.email, password, password_confirmation: password };
      await client.send('post', '/reset-password', body, { Referer: '/reset-password/x' });
      expect(expectPage(await client.visit('/reset-password/x'), 'Auth/ResetPassword').props.errors).toEqual({
        password: message,
      });
    }
    const client = await browser(app.app);
    const body = { token, email: user.email, password: strong, password_confirmation: strong };
    expect((await client.send('post', '/reset-password', body)).headers.location).toBe('/login');
    expect(await checkPassword(strong, (await userRepository(app.services.db).find(user.id))!.password)).toBe(true);
  });

  it('apply to a password update, in the updatePassword bag', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const headers = { Referer: '/user/profile', 'X-Inertia-Error-Bag': 'updatePassword' };
    for (const [password, message] of weak) {
      await client.send(
        'put',
        '/user/password',
        { current_password: 'password', password, password_confirmation: password },
        headers,
      );
      const page = expectPage(await client.visit('/user/profile'), 'Profile/Show');
      expect(errorsOf(page, 'updatePassword')).toEqual({ password: message });
    }
    expect(await checkPassword('password', (await userRepository(app.services.db).find(user.id))!.password)).toBe(true);

    const res = await client.send(
      'put',
      '/user/password',
      { current_password: 'password', password: strong, password_confirmation: strong },
      headers,
    );
    expect(res.status).toBe(303);
    expect(await checkPassword(strong, (await userRepository(app.services.db).find(user.id))!.password)).toBe(true);
  });

  it('leave signing in alone: an existing password that predates the rules still works', async () => {
    const user = await createUser(app.services, { password: 'password' });
    await signedIn(app.app, user, 'password');
  });
});
