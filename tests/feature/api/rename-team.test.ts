import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { api, leaveTeam } from '../../helpers/api-tokens';
import { createApiToken } from '../../factories/api-tokens';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { teamRepository } from '../../../server/db/repositories/team-repository';

/** `PUT /api/team`: the token's team renamed through the same action as the team settings page. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const nameOf = async (ownerId: number, teamId: number) =>
  (await teamRepository(app.services.db).findForUser(ownerId, teamId))!.name;

const rename = (token: string, body: unknown) => api(app.app, '/api/team', token, 'put').send(body as object);

describe('PUT /api/team', () => {
  it("renames the owner's team and answers with it", async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read', 'update'] });
    const res = await rename(plainText, { name: '  Acme Indonesia  ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: team.id, name: 'Acme Indonesia', role: 'owner' });
    expect(await nameOf(owner.id, team.id)).toBe('Acme Indonesia');
  });

  it('lets an admin rename it; refuses editors, agents and viewers with 403', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    const admin = await createMember(app.services, team, 'admin');
    const adminToken = await createApiToken(app.services, admin, { teamId: team.id, abilities: ['update'] });
    expect((await rename(adminToken.plainText, { name: 'By admin' })).status).toBe(200);
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role);
      const token = await createApiToken(app.services, member, { teamId: team.id, abilities: ['update'] });
      const res = await rename(token.plainText, { name: `By ${role}` });
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({ message: 'This action is unauthorized.' });
    }
    expect(await nameOf(owner.id, team.id)).toBe('By admin');
  });

  it('needs the update ability, named in the 403', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['read'] });
    const res = await rename(plainText, { name: 'Nope' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'This token does not have the update ability.' });
    expect(await nameOf(owner.id, team.id)).toBe('Acme');
  });

  it('answers an empty or too long name with 422, message and errors per field', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['update'] });
    for (const [body, message] of [
      [{}, 'The name field is required.'],
      [{ name: '   ' }, 'The name field is required.'],
      [{ name: 'y'.repeat(256) }, 'The name field must not be greater than 255 characters.'],
    ] as const) {
      const res = await rename(plainText, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message, errors: { name: [message] } });
    }
    expect(await nameOf(owner.id, team.id)).toBe('Acme');
  });

  it('refuses a token whose user left its team with 403, as GET /api/team does', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    const admin = await createMember(app.services, team, 'admin');
    const { plainText } = await createApiToken(app.services, admin, { teamId: team.id, abilities: ['update'] });
    await leaveTeam(app.services, team, admin);
    const res = await rename(plainText, { name: 'After leaving' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "This token's user no longer belongs to its team." });
    expect(await nameOf(owner.id, team.id)).toBe('Acme');
  });
});
