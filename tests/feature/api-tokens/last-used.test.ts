import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { api, storedToken, tokensPage } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { createApiToken } from '../../factories/api-tokens';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const lastUsed = async (id: number) => (await storedToken(app.services, id)).lastUsedAt;

describe('last_used_at', () => {
  it('is written on first use, then at most once a minute', async () => {
    const user = await createUser(app.services);
    const { token, plainText } = await createApiToken(app.services, user);
    expect(token.lastUsedAt).toBeNull();

    const before = Date.now();
    await api(app.app, '/api/user', plainText);
    const first = await lastUsed(token.id);
    expect(first!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    for (let i = 0; i < 3; i += 1) await api(app.app, '/api/user', plainText);
    expect(await lastUsed(token.id)).toEqual(first);
  });

  it('is written again once the recorded use is more than a minute old', async () => {
    const user = await createUser(app.services);
    const recent = await createApiToken(app.services, user, { lastUsedAt: new Date(Date.now() - 30_000) });
    const stale = await createApiToken(app.services, user, { lastUsedAt: new Date(Date.now() - 61_000) });
    await api(app.app, '/api/user', recent.plainText);
    await api(app.app, '/api/user', stale.plainText);
    expect(await lastUsed(recent.token.id)).toEqual(recent.token.lastUsedAt);
    expect((await lastUsed(stale.token.id))!.getTime()).toBeGreaterThan(stale.token.lastUsedAt!.getTime() + 60_000);
  });

  it('does not change updated_at, and is not written by refused requests', async () => {
    const user = await createUser(app.services);
    const { token, plainText } = await createApiToken(app.services, user, { abilities: [] });
    const res = await api(app.app, '/api/user', plainText);
    expect(res.status).toBe(403); // authenticated, then refused for want of `read`: still a use
    const row = await storedToken(app.services, token.id);
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.updatedAt).toEqual(token.updatedAt);

    const expired = await createApiToken(app.services, user, { expiresAt: new Date(Date.now() - 1000) });
    await api(app.app, '/api/user', expired.plainText);
    expect(await lastUsed(expired.token.id)).toBeNull();
  });

  it('shows on the token list after a call (scenario 56)', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user);
    const client = await signedIn(app.app, user);
    expect((await tokensPage(client)).props.tokens[0].last_used_at).toBeNull();
    await api(app.app, '/api/user', plainText);
    const [listed] = (await tokensPage(client)).props.tokens;
    expect(Date.parse(listed.last_used_at!)).toBeGreaterThan(Date.now() - 60_000);
  });
});
