import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { confirmPassword, json, withTwoFactor } from '../../helpers/two-factor';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function confirmedClient(options: { twoFactor?: boolean; email?: string } = {}) {
  const user = await createUser(app.services, { email: options.email });
  const client = await signedIn(app.app, user);
  await confirmPassword(client);
  const stored =
    options.twoFactor === false ? undefined : await withTwoFactor(app.services, user, { confirmed: false });
  return { user, client, secret: stored?.secret ?? null };
}

describe('QR code and setup key', () => {
  it('gives the otpauth URL with the app name as issuer and the QR code as an inline SVG (scenario 36)', async () => {
    const { user, client, secret } = await confirmedClient({ email: "o'brien+2fa@example.com" });
    const res = await json(client, 'get', '/user/two-factor-qr-code');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store, private');
    const appName = app.services.config.app.name;
    expect(res.body.url).toBe(
      `otpauth://totp/${appName}:o%27brien%2B2fa%40example.com?secret=${secret}&issuer=${appName}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(user.email).toBe("o'brien+2fa@example.com");

    const svg: string = res.body.svg;
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toContain('<?xml');
    expect(svg).toContain('width="192"');
    expect(svg).toContain('height="192"');
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#2d3748"');
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it('gives the setup key: 32 base32 characters', async () => {
    const { client, secret } = await confirmedClient();
    const res = await json(client, 'get', '/user/two-factor-secret-key');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(res.body).toEqual({ secretKey: secret });
    expect(res.body.secretKey).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('answers [] for the QR code and 404 for the key when two-factor is off', async () => {
    const { client } = await confirmedClient({ twoFactor: false });
    const qr = await json(client, 'get', '/user/two-factor-qr-code');
    expect(qr.status).toBe(200);
    expect(qr.body).toEqual([]);
    const key = await json(client, 'get', '/user/two-factor-secret-key');
    expect(key.status).toBe(404);
    expect(key.body).toEqual({ message: 'Two factor authentication has not been enabled.' });
  });

  it('shows none of it without a recent password confirmation', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await withTwoFactor(app.services, user);
    for (const url of ['/user/two-factor-qr-code', '/user/two-factor-secret-key', '/user/two-factor-recovery-codes']) {
      const res = await json(client, 'get', url);
      expect(res.status).toBe(423);
      expect(res.body).toEqual({ message: 'Password confirmation required.' });
    }
  });

  it('sends a page visit to the password confirmation form, and back afterwards', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    await withTwoFactor(app.services, user);
    const res = await client.load('/user/two-factor-secret-key');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/user/confirm-password');
    const confirmed = await client.send('post', '/user/confirm-password', { password: 'password' });
    expect(confirmed.headers.location).toBe('/user/two-factor-secret-key');
  });
});
