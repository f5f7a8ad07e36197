import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { api, createThroughPage, expectUnauthenticated } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { createApiToken } from '../../factories/api-tokens';
import { authenticateToken } from '../../../server/domain/api-tokens/authenticate-token';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('token expiry', () => {
  it('refuses a token whose expires_at has passed with 401 (scenario 59)', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user, { expiresAt: new Date(Date.now() - 1000) });
    expectUnauthenticated(await api(app.app, '/api/user', plainText));
  });

  it('accepts a token until the moment it expires, and not from that moment on', async () => {
    const user = await createUser(app.services);
    const expiresAt = new Date(Date.now() + 3_600_000);
    const { plainText } = await createApiToken(app.services, user, { expiresAt });
    expect((await api(app.app, '/api/user', plainText)).status).toBe(200);
    expect(await authenticateToken(app.services, plainText, new Date(expiresAt.getTime() - 1))).toBeDefined();
    expect(await authenticateToken(app.services, plainText, expiresAt)).toBeUndefined();
    expect(await authenticateToken(app.services, plainText, new Date(expiresAt.getTime() + 1))).toBeUndefined();
  });

  it('a token made with "30 days" works now and not 30 days later', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const { plainText } = await createThroughPage(client, { name: 'month', permissions: ['read'], expiration: '30' });
    expect((await api(app.app, '/api/user', plainText)).status).toBe(200);
    const later = new Date(Date.now() + 30 * 86_400_000 + 1000);
    expect(await authenticateToken(app.services, plainText!, later)).toBeUndefined();
    expect(await authenticateToken(app.services, plainText!, new Date(Date.now() + 29 * 86_400_000))).toBeDefined();
  });

  it('a token without expiry keeps working', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user, { expiresAt: null });
    expect(await authenticateToken(app.services, plainText, new Date('2100-01-01T00:00:00Z'))).toBeDefined();
  });
});
