import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect, fromTeamPage, teamPage } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { teamRepository } from '../../../server/db/repositories/team-repository';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const nameOf = async (ownerId: number, teamId: number) =>
  (await teamRepository(app.services.db).findForUser(ownerId, teamId))!.name;

describe('update the team name', () => {
  it('renames the team for its owner and goes back to the team page', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    const client = await signedIn(app.app, owner);
    const res = await fromTeamPage(client, team.id).put(
      `/teams/${team.id}`,
      { name: 'Acme Indonesia' },
      'updateTeamName',
    );
    expectRedirect(res, `/teams/${team.id}`);
    const { team: shown, page } = await teamPage(client, team.id);
    expect(shown.name).toBe('Acme Indonesia');
    expect(page.props.errors).toEqual({});
  });

  it('lets an admin rename it too', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    const admin = await createMember(app.services, team, 'admin');
    const res = await fromTeamPage(await signedIn(app.app, admin), team.id).put(`/teams/${team.id}`, {
      name: 'Renamed by admin',
    });
    expectRedirect(res, `/teams/${team.id}`);
    expect(await nameOf(owner.id, team.id)).toBe('Renamed by admin');
  });

  it('answers an empty or too long name in the updateTeamName bag', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    const client = await signedIn(app.app, owner);
    for (const [name, message] of [
      ['', 'The name field is required.'],
      ['y'.repeat(256), 'The name field must not be greater than 255 characters.'],
    ]) {
      await fromTeamPage(client, team.id).put(`/teams/${team.id}`, { name }, 'updateTeamName');
      const { page } = await teamPage(client, team.id);
      expect(page.props.errors).toEqual({ updateTeamName: { name: message } });
    }
    expect(await nameOf(owner.id, team.id)).toBe('Acme');
  });

  // Found by the request fuzz: PostgreSQL cannot store a NUL character, and the update answered 500.
  it('answers a name with a NUL character in the updateTeamName bag, not with a database error', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    const client = await signedIn(app.app, owner);
    const res = await fromTeamPage(client, team.id).put(`/teams/${team.id}`, { name: 'Ac\u0000me' }, 'updateTeamName');
    expectRedirect(res, `/teams/${team.id}`);
    const { page } = await teamPage(client, team.id);
    expect(page.props.errors).toEqual({
      updateTeamName: { name: 'The name field must not contain a null character.' },
    });
    expect(await nameOf(owner.id, team.id)).toBe('Acme');
    expect(app.logs().filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('refuses editors, agents and viewers with a 403, before looking at the input', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role);
      const client = await signedIn(app.app, member);
      expect((await fromTeamPage(client, team.id).put(`/teams/${team.id}`, { name: 'Mine now' })).status).toBe(403);
      expect((await fromTeamPage(client, team.id).put(`/teams/${team.id}`, { name: '' })).status).toBe(403);
    }
    expect(await nameOf(owner.id, team.id)).toBe('Acme');
  });

  it('is a 404 for someone outside the team, and the name stays', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme' });
    const stranger = await signedIn(app.app, await createUser(app.services));
    expect((await stranger.send('put', `/teams/${team.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect(await nameOf(owner.id, team.id)).toBe('Acme');
  });
});
