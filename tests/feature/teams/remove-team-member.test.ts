import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { authUser, currentTeamId, expectRedirect, fromTeamPage, roleIn, teamPage } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createMember, createOwnedTeam } from '../../factories/teams';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const acme = () => createOwnedTeam(app.services, { name: 'Acme' });

describe('remove a team member, or leave', () => {
  it('removes a member for the owner; their current team falls back to their personal team', async () => {
    const { owner, team } = await acme();
    const member = await createMember(app.services, team, 'editor', { name: 'Sari Member', current: true });
    const client = await signedIn(app.app, owner);
    expectRedirect(
      await fromTeamPage(client, team.id).delete(`/teams/${team.id}/members/${member.id}`),
      `/teams/${team.id}`,
    );
    expect(await roleIn(app.services, team.id, member.id)).toBeUndefined();
    expect(await currentTeamId(app.services, member.id)).toBeNull();
    expect((await teamPage(client, team.id)).team.users).toEqual([]);
    const memberClient = await signedIn(app.app, member);
    expect(authUser(expectPage(await memberClient.visit('/dashboard'), 'Dashboard')).current_team?.name).toBe(
      "Sari's Team",
    );
    expectPage(await memberClient.visit(`/teams/${team.id}`), 'Error', 404);
  });

  it('lets any member leave: to the dashboard, the team gone from their list and their current team', async () => {
    const { team } = await acme();
    for (const role of ['admin', 'editor', 'agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role, { current: true });
      const client = await signedIn(app.app, member);
      expectRedirect(
        await fromTeamPage(client, team.id).delete(`/teams/${team.id}/members/${member.id}`),
        '/dashboard',
      );
      const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
      expect(authUser(page).all_teams.map((t) => t.id)).not.toContain(team.id);
      expect(authUser(page).current_team?.personal_team).toBe(true);
    }
  });

  it('keeps the current team of a member who leaves another team', async () => {
    const { team } = await acme();
    const member = await createMember(app.services, team, 'viewer');
    const before = await currentTeamId(app.services, member.id);
    expect(before).not.toBe(team.id);
    await fromTeamPage(await signedIn(app.app, member), team.id).delete(`/teams/${team.id}/members/${member.id}`);
    expect(await currentTeamId(app.services, member.id)).toBe(before);
  });

  it('does not let the owner leave: "You may not leave a team that you created." in the removeTeamMember bag', async () => {
    const { owner, team } = await acme();
    const client = await signedIn(app.app, owner);
    const res = await fromTeamPage(client, team.id).delete(
      `/teams/${team.id}/members/${owner.id}`,
      {},
      'removeTeamMember',
    );
    expectRedirect(res, `/teams/${team.id}`);
    const { page } = await teamPage(client, team.id);
    expect(page.props.errors).toEqual({ removeTeamMember: { team: 'You may not leave a team that you created.' } });
    expect(await roleIn(app.services, team.id, owner.id)).toBe('owner');
  });

  it('lets an admin remove editors, agents and viewers, not another admin nor the owner (403)', async () => {
    const { owner, team } = await acme();
    const admin = await createMember(app.services, team, 'admin');
    const otherAdmin = await createMember(app.services, team, 'admin');
    const client = await signedIn(app.app, admin);
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role);
      expectRedirect(
        await fromTeamPage(client, team.id).delete(`/teams/${team.id}/members/${member.id}`),
        `/teams/${team.id}`,
      );
      expect(await roleIn(app.services, team.id, member.id)).toBeUndefined();
    }
    expect((await client.send('delete', `/teams/${team.id}/members/${otherAdmin.id}`)).status).toBe(403);
    expect((await client.send('delete', `/teams/${team.id}/members/${owner.id}`)).status).toBe(403);
    expect(await roleIn(app.services, team.id, otherAdmin.id)).toBe('admin');
  });

  it('refuses editors, agents and viewers removing others (403); a user outside the team is a 404', async () => {
    const { owner, team } = await acme();
    const target = await createMember(app.services, team, 'viewer');
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const client = await signedIn(app.app, await createMember(app.services, team, role));
      expect((await client.send('delete', `/teams/${team.id}/members/${target.id}`)).status).toBe(403);
    }
    const outsider = await createUser(app.services);
    expect(
      (await (await signedIn(app.app, owner)).send('delete', `/teams/${team.id}/members/${outsider.id}`)).status,
    ).toBe(404);
    expect(
      (await (await signedIn(app.app, outsider)).send('delete', `/teams/${team.id}/members/${target.id}`)).status,
    ).toBe(404);
    expect(await roleIn(app.services, team.id, target.id)).toBe('viewer');
  });
});
