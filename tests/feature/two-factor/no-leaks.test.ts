import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'supertest';
import { browser, expectPage, pageOf } from '../../helpers/app';
import { createLoggingTestApp, expectNoSecretIn, storedSessions, type LoggingTestApp } from '../../helpers/leaks';
import { createUser } from '../../factories/users';
import { confirmPassword, json, storedTwoFactor } from '../../helpers/two-factor';
import { awayFromStepBoundary, totpNow, wrongCode } from '../../helpers/totp';

let app: LoggingTestApp;
beforeAll(async () => {
  app = await createLoggingTestApp();
});
afterAll(() => app.close());

describe('secrets stay out of pages, sessions and logs', () => {
  it('shows the secret and the recovery codes only through the JSON endpoints meant for them', async () => {
    const { services } = app;
    const user = await createUser(services);
    const pages: string[] = [];
    const keepPage = (res: Response) => {
      pageOf(res);
      pages.push(res.text);
      return res;
    };
    const secrets = new Set<string>();
    const remember = async () => {
      const stored = await storedTwoFactor(services, user.id);
      if (stored.secret) secrets.add(stored.secret);
      for (const code of stored.recoveryCodes) secrets.add(code);
      if (stored.user.twoFactorSecret) secrets.add(stored.user.twoFactorSecret);
      if (stored.user.twoFactorRecoveryCodes) secrets.add(stored.user.twoFactorRecoveryCodes);
      return stored;
    };

    // Set up two-factor authentication from the profile page.
    const client = await browser(app.app);
    await client.send('post', '/login', { email: user.email, password: 'password' });
    await confirmPassword(client);
    keepPage(await client.load('/user/profile'));
    await client.send('post', '/user/two-factor-authentication', {}, { Referer: '/user/profile' });
    keepPage(await client.visit('/user/profile'));
    const { secret, recoveryCodes } = await remember();

    const qr = await json(client, 'get', '/user/two-factor-qr-code');
    expect(qr.body.url).toContain(secret!);
    expect((await json(client, 'get', '/user/two-factor-secret-key')).body.secretKey).toBe(secret);
    expect((await json(client, 'get', '/user/two-factor-recovery-codes')).body).toEqual(recoveryCodes);

    await client.send(
      'post',
      '/user/confirmed-two-factor-authentication',
      { code: wrongCode(secret!) },
      { Referer: '/user/profile' },
    );
    keepPage(await client.visit('/user/profile'));
    await awayFromStepBoundary();
    await client.send(
      'post',
      '/user/confirmed-two-factor-authentication',
      { code: totpNow(secret!) },
      { Referer: '/user/profile' },
    );
    keepPage(await client.visit('/user/profile'));
    await client.send('post', '/user/two-factor-recovery-codes', {}, { Referer: '/user/profile' });
    keepPage(await client.visit('/user/profile'));
    const regenerated = await remember();
    await client.send('post', '/logout');

    // Sign in again through the challenge: a wrong code, then a recovery code.
    await client.send('post', '/login', { email: user.email, password: 'password' });
    keepPage(await client.load('/two-factor-challenge'));
    await client.send('post', '/two-factor-challenge', { code: wrongCode(secret!) });
    keepPage(await client.visit('/two-factor-challenge'));
    const passed = await client.send('post', '/two-factor-challenge', { recovery_code: regenerated.recoveryCodes[0] });
    expect(passed.headers.location).toBe('/dashboard');
    keepPage(await client.visit('/dashboard'));
    const dashboard = expectPage(await client.visit('/user/profile'), 'Profile/Show');
    await remember();

    const authUser = (dashboard.props.auth as { user: Record<string, unknown> }).user;
    expect(Object.keys(authUser).filter((key) => key.startsWith('two_factor'))).toEqual(['two_factor_enabled']);

    expect(secrets.size).toBeGreaterThan(20);
    const logs = app.logs();
    expect(logs).toContain('two-factor authentication confirmed');
    expectNoSecretIn({ pages, sessions: await storedSessions(app.database), logs }, secrets);
  });
});
