import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { api, storedToken, tokensPage, userWithRole } from '../../helpers/api-tokens';
import { createApiToken } from '../../factories/api-tokens';
import { teamUser } from '../../../server/db/schema/index';
import { and, eq } from 'drizzle-orm';
import type { Role, TokenAbility } from '../../../server/domain/teams/roles';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const roles: Role[] = ['owner', 'admin', 'editor', 'agent', 'viewer'];

/**
 * Every role in the current team × every token action, as the browser and the API answer it.
 * Making a token, or changing its abilities, needs `tokens:create` in the team concerned
 * (owner, admin, editor); looking at one's tokens, revoking them and using them is for everyone.
 */
const expected: Record<Role, Record<string, number>> = {
  owner: { list: 200, create: 303, update: 303, delete: 303, 'api.user': 200, 'api.team': 200 },
  admin: { list: 200, create: 303, update: 303, delete: 303, 'api.user': 200, 'api.team': 200 },
  editor: { list: 200, create: 303, update: 303, delete: 303, 'api.user': 200, 'api.team': 200 },
  agent: { list: 200, create: 403, update: 403, delete: 303, 'api.user': 200, 'api.team': 200 },
  viewer: { list: 200, create: 403, update: 403, delete: 303, 'api.user': 200, 'api.team': 200 },
};

const views = ['members:view', 'bots:view', 'channels:view', 'knowledges:view', 'conversations:view', 'reports:view'];

/** An admin's read+delete token; the owner's may also delete the team. */
const adminReadDelete = [
  'members:view',
  'members:remove',
  'bots:view',
  'bots:delete',
  'channels:view',
  'channels:delete',
  'knowledges:view',
  'knowledges:delete',
  'conversations:view',
  'reports:view',
  'billing:view',
];

/** What GET /api/team says a token may do: the role's permissions narrowed to the token's abilities. */
const narrowed: [Role, TokenAbility[], string[]][] = [
  ['owner', ['read'], [...views.slice(0, 5), 'reports:view', 'billing:view']],
  ['owner', ['read', 'delete'], ['team:delete', ...adminReadDelete]],
  ['admin', ['read', 'delete'], adminReadDelete],
  [
    'editor',
    ['read', 'create'],
    [
      'members:view',
      'bots:view',
      'bots:create',
      'channels:view',
      'channels:create',
      'knowledges:view',
      'knowledges:create',
      'conversations:view',
      'reports:view',
      'tokens:create',
    ],
  ],
  [
    'agent',
    ['read', 'update'],
    [
      'members:view',
      'bots:view',
      'channels:view',
      'knowledges:view',
      'conversations:view',
      'conversations:reply',
      'conversations:resolve',
      'reports:view',
    ],
  ],
  ['agent', ['read'], views],
  ['viewer', ['read', 'create', 'update', 'delete'], views],
];

describe('every role × every token action', () => {
  for (const role of roles) {
    it(`${role}: ${Object.entries(expected[role])
      .map(([action, status]) => `${action} ${status}`)
      .join(', ')}`, async () => {
      const { user, team } = await userWithRole(app.services, role);
      const client = await signedIn(app.app, user);
      const mine = await createApiToken(app.services, user, { abilities: ['read'] });
      const headers = { Referer: '/user/api-tokens' };

      const list = await client.visit('/user/api-tokens');
      const create = await client.send('post', '/user/api-tokens', { name: 'table', permissions: ['read'] }, headers);
      const update = await client.send(
        'put',
        `/user/api-tokens/${mine.token.id}`,
        { permissions: ['read', 'update'] },
        headers,
      );
      const apiUser = await api(app.app, '/api/user', mine.plainText);
      const apiTeam = await api(app.app, '/api/team', mine.plainText);
      const deleted = await client.send('delete', `/user/api-tokens/${mine.token.id}`, {}, headers);

      expect({
        list: list.status,
        create: create.status,
        update: update.status,
        delete: deleted.status,
        'api.user': apiUser.status,
        'api.team': apiTeam.status,
      }).toEqual(expected[role]);

      // What each answer did (or did not do) to the data.
      const page = await tokensPage(client);
      expect(page.props.permissions.canCreateApiTokens).toBe(expected[role].create === 303);
      expect(page.props.tokens.map((t) => t.name)).toEqual(expected[role].create === 303 ? ['table'] : []);
      expect(await storedToken(app.services, mine.token.id)).toBeUndefined();
      expect(apiTeam.body).toMatchObject({ id: team.id, role });
    });
  }

  for (const [role, abilities, permissions] of narrowed) {
    it(`a ${role}'s token with ${abilities.join('+')} may do only what both allow`, async () => {
      const { user } = await userWithRole(app.services, role);
      const { plainText } = await createApiToken(app.services, user, { abilities });
      const res = await api(app.app, '/api/team', plainText);
      expect(res.status).toBe(200);
      expect(res.body.permissions).toEqual(permissions);
    });
  }

  it("follows the holder's role as it changes: a demoted editor's token loses what the role lost", async () => {
    const { user, team } = await userWithRole(app.services, 'editor');
    const { token, plainText } = await createApiToken(app.services, user, { abilities: ['read', 'create'] });
    expect((await api(app.app, '/api/team', plainText)).body.permissions).toContain('bots:create');

    await app.services.db
      .update(teamUser)
      .set({ role: 'viewer' })
      .where(and(eq(teamUser.teamId, team.id), eq(teamUser.userId, user.id)));
    const res = await api(app.app, '/api/team', plainText);
    expect(res.body).toMatchObject({ role: 'viewer', permissions: views });

    // The demoted user may no longer widen the token, but may still revoke it.
    const client = await signedIn(app.app, user);
    const headers = { Referer: '/user/api-tokens' };
    const [listed] = (await tokensPage(client)).props.tokens;
    expect(listed.can).toEqual({ update: false, delete: true });
    expect(
      (await client.send('put', `/user/api-tokens/${token.id}`, { permissions: ['delete'] }, headers)).status,
    ).toBe(403);
    expect((await client.send('delete', `/user/api-tokens/${token.id}`, {}, headers)).status).toBe(303);
  });

  it('a token of a team the user has left can be revoked but not edited', async () => {
    const { user, team } = await userWithRole(app.services, 'admin');
    const { token } = await createApiToken(app.services, user, { abilities: ['read'] });
    await app.services.db.delete(teamUser).where(and(eq(teamUser.teamId, team.id), eq(teamUser.userId, user.id)));
    const client = await signedIn(app.app, user);
    const headers = { Referer: '/user/api-tokens' };
    expect((await tokensPage(client)).props.tokens[0].can).toEqual({ update: false, delete: true });
    expect((await client.send('put', `/user/api-tokens/${token.id}`, { permissions: [] }, headers)).status).toBe(403);
    expect((await client.send('delete', `/user/api-tokens/${token.id}`, {}, headers)).status).toBe(303);
  });
});
