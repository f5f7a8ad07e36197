import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { api } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { createApiToken } from '../../factories/api-tokens';
import { limiterDefinitions } from '../../../server/http/limiters';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('per-token rate limit', () => {
  it('allows 60 requests a minute per token, then 429 with Retry-After; other tokens are not affected', async () => {
    expect(limiterDefinitions.api).toMatchObject({ points: 60, duration: 60 });
    const user = await createUser(app.services);
    const busy = await createApiToken(app.services, user);
    const calm = await createApiToken(app.services, user);

    for (let i = 1; i <= 60; i += 1) {
      const res = await api(app.app, '/api/user', busy.plainText);
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('60');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(60 - i));
    }
    const limited = await api(app.app, '/api/team', busy.plainText);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    expect((await api(app.app, '/api/user', calm.plainText)).status).toBe(200);
    // The same token sent in the {id}|{token} form is the same token.
    expect((await api(app.app, '/api/user', `${busy.token.id}|${busy.plainText}`)).status).toBe(429);
  });

  it('does not count requests that fail authentication against any token', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user);
    for (let i = 0; i < 5; i += 1) expect((await api(app.app, '/api/user', `${plainText}x`)).status).toBe(401);
    const res = await api(app.app, '/api/user', plainText);
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
  });
});
