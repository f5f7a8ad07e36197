import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { allSessionIds, api, expectUnauthenticated, leaveTeam } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { addMember } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { teamRepository } from '../../../server/db/repositories/team-repository';
import { userRepository } from '../../../server/db/repositories/user-repository';
import { checksumOf, tokenPrefix } from '../../../server/domain/api-tokens/token-format';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('bearer authentication on /api', () => {
  it('answers GET /api/user with the token user, picked fields only', async () => {
    const user = await createUser(app.services, { name: 'Api Person' });
    const { plainText } = await createApiToken(app.services, user);
    const res = await api(app.app, '/api/user', plainText);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      name: 'Api Person',
      email: user.email,
      email_verified_at: user.emailVerifiedAt!.toISOString(),
      created_at: user.createdAt.toISOString(),
      updated_at: expect.any(String),
    });
  });

  it("accepts Sanctum's {id}|{token} form, but only with the token's own id", async () => {
    const user = await createUser(app.services);
    const { token, plainText } = await createApiToken(app.services, user);
    const other = await createApiToken(app.services, user);
    expect((await api(app.app, '/api/user', `${token.id}|${plainText}`)).status).toBe(200);
    expectUnauthenticated(await api(app.app, '/api/user', `${other.token.id}|${plainText}`));
    expectUnauthenticated(await api(app.app, '/api/user', `0${token.id}|${plainText}`));
    expectUnauthenticated(await api(app.app, '/api/user', `x|${plainText}`));
    expectUnauthenticated(await api(app.app, '/api/user', `${token.id}|`));
  });

  it('refuses a missing, malformed, tampered or unknown token with 401 JSON', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user);
    expectUnauthenticated(await api(app.app, '/api/user'));
    const noScheme = await api(app.app, '/api/user').set('Authorization', plainText);
    expectUnauthenticated(noScheme);
    expect(noScheme.headers['www-authenticate']).toBe('Bearer');
    expectUnauthenticated(await api(app.app, '/api/user').set('Authorization', `Basic ${plainText}`));
    expectUnauthenticated(await api(app.app, '/api/user', ''));
    expectUnauthenticated(await api(app.app, '/api/user', plainText.slice(0, -1)));
    expectUnauthenticated(await api(app.app, '/api/user', `${plainText}x`));

    // One character of the random part changed: the checksum no longer matches.
    const random = plainText.slice(tokenPrefix.length, -6);
    const flipped = random[0] === 'a' ? 'b' + random.slice(1) : 'a' + random.slice(1);
    expectUnauthenticated(await api(app.app, '/api/user', tokenPrefix + flipped + plainText.slice(-6)));

    // A well-formed token with a valid checksum that was never issued.
    const forged = 'Z'.repeat(40);
    expectUnauthenticated(await api(app.app, '/api/user', tokenPrefix + forged + checksumOf(forged)));
  });

  it('the scheme is case-insensitive, as RFC 6750 allows', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user);
    expect((await api(app.app, '/api/user').set('Authorization', `bearer ${plainText}`)).status).toBe(200);
  });

  it('never signs in with a browser session: a signed-in browser without a token gets 401', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const res = await client.agent.get('/api/user').set('Accept', 'application/json');
    expectUnauthenticated(res);
  });

  it("uses the token's user even when a browser session of someone else comes along", async () => {
    const alice = await createUser(app.services);
    const bob = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, bob);
    const client = await signedIn(app.app, alice);
    const res = await client.agent.get('/api/user').set('Authorization', `Bearer ${plainText}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(bob.id);
  });

  it('answers GET /api/team with the token team, the role there and what the token may do', async () => {
    const owner = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, owner, { abilities: ['read'] });
    const team = (await teamRepository(app.services.db).personalTeamOf(owner.id))!;
    const res = await api(app.app, '/api/team', plainText);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: team.id, name: team.name, personal_team: true, role: 'owner' });
    expect(res.body.permissions).toContain('bots:view');
    expect(res.body.permissions).not.toContain('bots:create');
  });

  it('refuses /api/team with 403 once the user has left the token team, while /api/user still works', async () => {
    const owner = await createUser(app.services);
    const member = await createUser(app.services);
    const team = await teamRepository(app.services.db).create({
      userId: owner.id,
      name: 'Shared',
      personalTeam: false,
    });
    await addMember(app.services, team, member, 'editor');
    const { plainText } = await createApiToken(app.services, member, { teamId: team.id });
    expect((await api(app.app, '/api/team', plainText)).body).toMatchObject({ id: team.id, role: 'editor' });

    await leaveTeam(app.services, team, member);
    const res = await api(app.app, '/api/team', plainText);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "This token's user no longer belongs to its team." });
    expect((await api(app.app, '/api/user', plainText)).status).toBe(200);
  });

  it('stops working when its user is deleted (the token goes with them)', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user);
    await teamRepository(app.services.db).deleteOwnedBy(user.id);
    await userRepository(app.services.db).delete(user.id);
    expectUnauthenticated(await api(app.app, '/api/user', plainText));
  });

  it('unknown paths under /api answer 404 in JSON', async () => {
    const res = await api(app.app, '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.' });
  });

  // KNOWN GAP, expected to fail until server/http/kernel.ts stops running the session, CSRF and
  // session-user middleware for /api/ (proposed in the API-token hand-over): today every API call,
  // even a 401, saves a new row in `sessions` and sets the session and XSRF-TOKEN cookies, because
  // the session middleware records ip/user agent and verifyCsrfToken() creates `_token`.
  it('creates no session and sets no session cookie for an API call', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user);
    const before = await allSessionIds(app.services);
    const res = await api(app.app, '/api/user', plainText);
    expect(res.status).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(await allSessionIds(app.services)).toEqual(before);
    expect(cookies).toEqual([]);
  });
});
