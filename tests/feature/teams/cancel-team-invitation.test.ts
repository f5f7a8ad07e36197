import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect, fromTeamPage, teamPage } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createInvitation, createMember, createOwnedTeam } from '../../factories/teams';
import { teamInvitations } from '../../../server/db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const exists = async (id: number) =>
  (await app.services.db.select().from(teamInvitations).where(eq(teamInvitations.id, id))).length === 1;

describe('cancel a team invitation', () => {
  it('deletes the invitation for the owner and goes back to the team page', async () => {
    const { owner, team } = await createOwnedTeam(app.services);
    const invitation = await createInvitation(app.services, team, 'soon@example.com', 'editor');
    const client = await signedIn(app.app, owner);
    expectRedirect(
      await fromTeamPage(client, team.id).delete(`/team-invitations/${invitation.id}`),
      `/teams/${team.id}`,
    );
    expect(await exists(invitation.id)).toBe(false);
    expect((await teamPage(client, team.id)).team.team_invitations).toEqual([]);
  });

  it("lets an admin cancel invitations below admin, not an admin's invitation (403)", async () => {
    const { team } = await createOwnedTeam(app.services);
    const editorInvitation = await createInvitation(app.services, team, 'ed@example.com', 'editor');
    const adminInvitation = await createInvitation(app.services, team, 'ad@example.com', 'admin');
    const admin = await signedIn(app.app, await createMember(app.services, team, 'admin'));
    expectRedirect(
      await fromTeamPage(admin, team.id).delete(`/team-invitations/${editorInvitation.id}`),
      `/teams/${team.id}`,
    );
    expect((await fromTeamPage(admin, team.id).delete(`/team-invitations/${adminInvitation.id}`)).status).toBe(403);
    expect(await exists(editorInvitation.id)).toBe(false);
    expect(await exists(adminInvitation.id)).toBe(true);
  });

  it('refuses editors, agents and viewers (403) and strangers (404)', async () => {
    const { team } = await createOwnedTeam(app.services);
    const invitation = await createInvitation(app.services, team, 'stay@example.com', 'viewer');
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const client = await signedIn(app.app, await createMember(app.services, team, role));
      expect((await client.send('delete', `/team-invitations/${invitation.id}`)).status).toBe(403);
    }
    const stranger = await signedIn(app.app, await createUser(app.services, { email: 'stay@example.com' }));
    expect((await stranger.send('delete', `/team-invitations/${invitation.id}`)).status).toBe(404);
    expect((await stranger.send('delete', '/team-invitations/424242')).status).toBe(404);
    expect(await exists(invitation.id)).toBe(true);
  });
});
