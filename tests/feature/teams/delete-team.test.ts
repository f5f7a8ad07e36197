import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { confirmPassword } from '../../helpers/two-factor';
import { authUser, currentTeamId, expectRedirect, fromTeamPage, teamPage } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createInvitation, createMember, createOwnedTeam, createTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { personalAccessTokens, teamInvitations, teams, teamUser } from '../../../server/db/schema/index';
import { teamRepository } from '../../../server/db/repositories/team-repository';
import { notificationCreatedEvent } from '../../../server/domain/notifications/notify';
import { membershipChangedEvent } from '../../../server/domain/notifications/team-events';
import type { NotificationsSummary } from '../../../server/presenters/notification-presenter';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.services.db;

describe('delete a team', () => {
  it('asks for the password first, then comes back to the team page', async () => {
    const { owner, team } = await createOwnedTeam(app.services);
    const client = await signedIn(app.app, owner);
    const res = await fromTeamPage(client, team.id).delete(`/teams/${team.id}`);
    expectRedirect(res, '/user/confirm-password');
    expect(await db().select().from(teams).where(eq(teams.id, team.id))).toHaveLength(1);
    // As JSON (the confirm-before-acting modal's way of asking), 423.
    const json = await client.agent
      .delete(`/teams/${team.id}`)
      .set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token });
    expect(json.status).toBe(423);
  });

  it('deletes the team with its members, invitations and tokens; members fall back to their personal team', async () => {
    const { owner, team } = await createOwnedTeam(app.services, {
      name: 'Doomed',
      current: true,
      owner: { name: 'Gita Owner' },
    });
    const member = await createMember(app.services, team, 'editor', { name: 'Hadi Member', current: true });
    await createInvitation(app.services, team, 'pending@example.com', 'viewer');
    await createApiToken(app.services, owner, { teamId: team.id });
    const client = await signedIn(app.app, owner);
    await confirmPassword(client);

    const res = await fromTeamPage(client, team.id).delete(`/teams/${team.id}`, {}, 'deleteTeam');
    expectRedirect(res, '/dashboard');
    expect(await db().select().from(teams).where(eq(teams.id, team.id))).toEqual([]);
    expect(await db().select().from(teamUser).where(eq(teamUser.teamId, team.id))).toEqual([]);
    expect(await db().select().from(teamInvitations).where(eq(teamInvitations.teamId, team.id))).toEqual([]);
    expect(await db().select().from(personalAccessTokens).where(eq(personalAccessTokens.teamId, team.id))).toEqual([]);

    expect(await currentTeamId(app.services, owner.id)).toBeNull();
    expect(await currentTeamId(app.services, member.id)).toBeNull();
    const ownerDashboard = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect(authUser(ownerDashboard).current_team?.name).toBe("Gita's Team");
    const memberDashboard = expectPage(await (await signedIn(app.app, member)).visit('/dashboard'), 'Dashboard');
    expect(authUser(memberDashboard).current_team?.name).toBe("Hadi's Team");
    expect(authUser(memberDashboard).all_teams.map((t) => t.name)).toEqual(["Hadi's Team"]);
  });

  it('tells every member in the bell and open team pages on the team channel, once the deletion commits', async () => {
    const { owner, team } = await createOwnedTeam(app.services, {
      name: 'Closing Down',
      owner: { name: 'Gita Owner' },
    });
    const admin = await createMember(app.services, team, 'admin');
    const viewer = await createMember(app.services, team, 'viewer');
    const client = await signedIn(app.app, owner);
    await confirmPassword(client);
    app.broadcasts.length = 0;

    expectRedirect(await fromTeamPage(client, team.id).delete(`/teams/${team.id}`, {}, 'deleteTeam'), '/dashboard');

    for (const member of [admin, viewer]) {
      const page = expectPage(await (await signedIn(app.app, member)).visit('/dashboard'), 'Dashboard');
      const bell = page.props.notifications as NotificationsSummary;
      expect(bell.unread_count).toBe(1);
      expect(bell.recent[0]).toMatchObject({
        type: 'team-deleted',
        data: { message: 'Gita Owner deleted the Closing Down team.', team_name: 'Closing Down' },
      });
    }
    const ownerBell = expectPage(await client.visit('/dashboard'), 'Dashboard').props
      .notifications as NotificationsSummary;
    expect(ownerBell.unread_count).toBe(0);
    expect(app.broadcasts.map((sent) => [sent.channels, sent.event, sent.data])).toEqual([
      [
        [`private-App.Models.User.${admin.id}`],
        notificationCreatedEvent,
        expect.objectContaining({ type: 'team-deleted' }),
      ],
      [
        [`private-App.Models.User.${viewer.id}`],
        notificationCreatedEvent,
        expect.objectContaining({ type: 'team-deleted' }),
      ],
      [[`private-teams.${team.id}`], membershipChangedEvent, { team_id: team.id, action: 'deleted' }],
    ]);
  });

  it('never deletes the personal team: "You may not delete your personal team." in the deleteTeam bag', async () => {
    const owner = await createUser(app.services);
    const personal = (await teamRepository(db()).personalTeamOf(owner.id))!;
    const client = await signedIn(app.app, owner);
    await confirmPassword(client);
    const res = await fromTeamPage(client, personal.id).delete(`/teams/${personal.id}`, {}, 'deleteTeam');
    expectRedirect(res, `/teams/${personal.id}`);
    const { page, team } = await teamPage(client, personal.id);
    expect(team.personal_team).toBe(true);
    expect(page.props.errors).toEqual({ deleteTeam: { team: 'You may not delete your personal team.' } });
    expect(await db().select().from(teams).where(eq(teams.id, personal.id))).toHaveLength(1);
  });

  it('refuses every member who is not the owner with a 403, admins included', async () => {
    const { team } = await createOwnedTeam(app.services);
    for (const role of ['admin', 'editor', 'agent', 'viewer'] as const) {
      const client = await signedIn(app.app, await createMember(app.services, team, role));
      await confirmPassword(client);
      expect((await fromTeamPage(client, team.id).delete(`/teams/${team.id}`)).status).toBe(403);
    }
    expect(await db().select().from(teams).where(eq(teams.id, team.id))).toHaveLength(1);
  });

  it('is a 404 for someone outside the team', async () => {
    const team = await createTeam(app.services, await createUser(app.services));
    const client = await signedIn(app.app, await createUser(app.services));
    await confirmPassword(client);
    expect((await client.send('delete', `/teams/${team.id}`)).status).toBe(404);
    expect(await db().select().from(teams).where(eq(teams.id, team.id))).toHaveLength(1);
  });
});
