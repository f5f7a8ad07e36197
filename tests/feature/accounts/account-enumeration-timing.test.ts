import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Argon2 from '@node-rs/argon2';
import { browser, createTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { resetLinkMinimumMs } from '../../../server/domain/auth/actions/send-password-reset-link';

// Every argon2 check the app makes is counted: an unknown address must cost the same one check as
// a wrong password (docs/decisions/002), which no stopwatch in a test could show reliably.
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2.verifications += 1;
      return original.verify(...args);
    },
  };
});

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('login does not tell by its timing whether an account exists', () => {
  it('an unknown e-mail is checked against a dummy hash, as a wrong password is against the real one', async () => {
    const user = await createUser(app.services);
    const attempt = async (email: string) => {
      const client = await browser(app.app);
      const before = argon2.verifications;
      const res = await client.send('post', '/login', { email, password: 'not-the-password' });
      expect(res.status).toBe(303);
      return argon2.verifications - before;
    };
    expect(await attempt(user.email)).toBe(1);
    expect(await attempt(`nobody-${Date.now()}@example.com`)).toBe(1);
  });
});

describe('forgot-password does not tell by its timing whether an account exists', () => {
  it('answers a known and an unknown address alike, neither sooner than the minimum', async () => {
    const user = await createUser(app.services);
    for (const email of [user.email, `nobody-${Date.now()}@example.com`]) {
      const client = await browser(app.app);
      const started = performance.now();
      const res = await client.send('post', '/forgot-password', { email });
      const elapsed = performance.now() - started;
      expect(res.status).toBe(303);
      expect(elapsed).toBeGreaterThanOrEqual(resetLinkMinimumMs - 1);
    }
    expect(app.mailbox.messages).toHaveLength(1);
  });
});
