import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { json, withTwoFactor } from '../../helpers/two-factor';
import { awayFromStepBoundary, totpNow, wrongCode } from '../../helpers/totp';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function pendingLogin() {
  const user = await createUser(app.services);
  const { secret } = await withTwoFactor(app.services, user);
  const client = await browser(app.app);
  await client.send('post', '/login', { email: user.email, password: 'password' });
  return { user, client, secret: secret! };
}

describe('challenge attempts are limited', () => {
  it('answers the sixth attempt within a minute with 429, even with the right code (scenario 46)', async () => {
    const { client, secret } = await pendingLogin();
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await client.send('post', '/two-factor-challenge', { code: wrongCode(secret) });
      expect(res.status).toBe(303);
    }
    await awayFromStepBoundary();
    const sixth = await json(client, 'post', '/two-factor-challenge', { code: totpNow(secret) });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await client.visit('/dashboard')).headers.location).toBe('/login');
  });

  it('counts per pending login: another account is not held back', async () => {
    const first = await pendingLogin();
    for (let attempt = 0; attempt < 6; attempt++)
      await json(first.client, 'post', '/two-factor-challenge', { code: wrongCode(first.secret) });
    const other = await pendingLogin();
    await awayFromStepBoundary();
    expect((await json(other.client, 'post', '/two-factor-challenge', { code: totpNow(other.secret) })).status).toBe(
      204,
    );
  });
});
