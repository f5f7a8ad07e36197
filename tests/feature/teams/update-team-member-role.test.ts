import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect, fromTeamPage, roleIn, teamPage } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { roleCan } from '../../../server/domain/teams/roles';
import { asRole } from '../../../server/domain/teams/team-access';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const acme = () => createOwnedTeam(app.services, { name: 'Acme' });

describe("change a member's role", () => {
  it('changes the role for the owner, and with it what the member may do', async () => {
    const { owner, team } = await acme();
    const member = await createMember(app.services, team, 'admin');
    const client = await signedIn(app.app, owner);
    expect(roleCan(asRole((await roleIn(app.services, team.id, member.id))!), 'bots:delete')).toBe(true);

    const res = await fromTeamPage(client, team.id).put(`/teams/${team.id}/members/${member.id}`, { role: 'viewer' });
    expectRedirect(res, `/teams/${team.id}`);
    expect(await roleIn(app.services, team.id, member.id)).toBe('viewer');
    expect(roleCan('viewer', 'bots:delete')).toBe(false);
    const { team: shown } = await teamPage(client, team.id);
    expect(shown.users[0].membership).toEqual({ role: 'viewer', role_name: 'Viewer' });

    // The member's own view follows: no more management rights.
    const { permissions } = await teamPage(await signedIn(app.app, member), team.id);
    expect(permissions.canUpdateTeam).toBe(false);
  });

  it('answers a missing or unknown role in the default error bag (or the one the form names)', async () => {
    const { owner, team } = await acme();
    const member = await createMember(app.services, team, 'editor');
    const client = await signedIn(app.app, owner);
    await fromTeamPage(client, team.id).put(`/teams/${team.id}/members/${member.id}`, {});
    expect((await teamPage(client, team.id)).page.props.errors).toEqual({ role: 'The role field is required.' });
    await fromTeamPage(client, team.id).put(`/teams/${team.id}/members/${member.id}`, { role: 'owner' }, 'updateRole');
    // The client repeats the header on the visit that follows the redirect; errors come nested under it.
    const page = expectPage(
      await client.visit(`/teams/${team.id}`, { 'X-Inertia-Error-Bag': 'updateRole' }),
      'Teams/Show',
    );
    expect(page.props.errors).toEqual({ updateRole: { role: 'The role must be a valid role.' } });
    expect(await roleIn(app.services, team.id, member.id)).toBe('editor');
  });

  it("lets an admin change editors, agents and viewers among those roles, never to admin, never an admin's or the owner's role", async () => {
    const { owner, team } = await acme();
    const admin = await createMember(app.services, team, 'admin');
    const otherAdmin = await createMember(app.services, team, 'admin');
    const editor = await createMember(app.services, team, 'editor');
    const client = await signedIn(app.app, admin);
    const put = (userId: number, role: string) =>
      fromTeamPage(client, team.id).put(`/teams/${team.id}/members/${userId}`, { role });

    expectRedirect(await put(editor.id, 'agent'), `/teams/${team.id}`);
    expect(await roleIn(app.services, team.id, editor.id)).toBe('agent');
    expect((await put(editor.id, 'admin')).status).toBe(403);
    expect((await put(otherAdmin.id, 'viewer')).status).toBe(403);
    expect((await put(admin.id, 'viewer')).status).toBe(403);
    expect((await put(owner.id, 'viewer')).status).toBe(403);
    expect(await roleIn(app.services, team.id, editor.id)).toBe('agent');
    expect(await roleIn(app.services, team.id, otherAdmin.id)).toBe('admin');
    expect(await roleIn(app.services, team.id, admin.id)).toBe('admin');
  });

  it("never changes the owner's role, even for the owner (403)", async () => {
    const { owner, team } = await acme();
    const client = await signedIn(app.app, owner);
    expect((await client.send('put', `/teams/${team.id}/members/${owner.id}`, { role: 'viewer' })).status).toBe(403);
    expect(await roleIn(app.services, team.id, owner.id)).toBe('owner');
  });

  it('refuses editors, agents and viewers (403); a user outside the team is a 404, as is a stranger', async () => {
    const { owner, team } = await acme();
    const viewer = await createMember(app.services, team, 'viewer');
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const client = await signedIn(app.app, await createMember(app.services, team, role));
      expect((await client.send('put', `/teams/${team.id}/members/${viewer.id}`, { role: 'editor' })).status).toBe(403);
    }
    const outsider = await createUser(app.services);
    const ownerClient = await signedIn(app.app, owner);
    expect((await ownerClient.send('put', `/teams/${team.id}/members/${outsider.id}`, { role: 'editor' })).status).toBe(
      404,
    );
    const stranger = await signedIn(app.app, outsider);
    expect((await stranger.send('put', `/teams/${team.id}/members/${viewer.id}`, { role: 'admin' })).status).toBe(404);
    expect(await roleIn(app.services, team.id, viewer.id)).toBe('viewer');
  });
});
