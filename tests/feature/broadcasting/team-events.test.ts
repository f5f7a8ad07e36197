/**
 * Team invitations and membership changes in the bell (notifications) and on the team's private
 * channel (MembershipChanged), driven through the real team routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { fromTeamPage } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createInvitation, createMember, createTeam } from '../../factories/teams';
import { notifications } from '../../../server/db/schema/index';
import { notificationCreatedEvent } from '../../../server/domain/notifications/notify';
import type { NotificationsSummary } from '../../../server/presenters/notification-presenter';
import { checkSignedUrl } from '../../../server/support/signed-url';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const notificationsOf = (userId: number) =>
  app.services.db.select().from(notifications).where(eq(notifications.userId, userId));
const membershipEvents = (teamId: number) =>
  app.broadcasts
    .filter((sent) => sent.channels.includes(`private-teams.${teamId}`))
    .map((sent) => ({ event: sent.event, data: sent.data }));
const membershipChanged = (teamId: number, action: string, userId?: number) => ({
  event: 'App\\Events\\MembershipChanged',
  data: { team_id: teamId, action, ...(userId === undefined ? {} : { user_id: userId }) },
});

describe('team invitations', () => {
  it('notifies an invited address that has an account, with a signed accept link, live and in the bell', async () => {
    const owner = await createUser(app.services, { name: 'Kartika Sari' });
    const team = await createTeam(app.services, owner, { name: 'Acme' });
    const invitee = await createUser(app.services, { email: 'lestari.bell@example.com' });
    app.broadcasts.length = 0;
    const res = await fromTeamPage(await signedIn(app.app, owner), team.id).post(
      `/teams/${team.id}/members`,
      { email: 'lestari.bell@example.com', role: 'editor' },
      'addTeamMember',
    );
    expect(res.status).toBe(303);

    const [row] = await notificationsOf(invitee.id);
    expect(row.type).toBe('team-invitation');
    expect(row.data).toMatchObject({
      message: 'Kartika Sari invited you to join the Acme team as Editor.',
      action: 'Accept invitation',
      team_id: team.id,
      team_name: 'Acme',
      role: 'editor',
    });
    expect(checkSignedUrl(app.services.config.app.key, row.data.url as string)).toBe('valid');

    const live = app.broadcasts.find((sent) => sent.event === notificationCreatedEvent);
    expect(live?.channels).toEqual([`private-App.Models.User.${invitee.id}`]);
    expect(live?.data).toMatchObject({ id: row.id, type: 'team-invitation', team_name: 'Acme' });
    expect(membershipEvents(team.id)).toEqual([membershipChanged(team.id, 'invited')]);

    const page = expectPage(await (await signedIn(app.app, invitee)).visit('/dashboard'), 'Dashboard');
    const bell = page.props.notifications as NotificationsSummary;
    expect(bell.unread_count).toBe(1);
    expect(bell.recent[0].data.message).toBe('Kartika Sari invited you to join the Acme team as Editor.');
  });

  it('sends no notification to an address without an account (the mail is enough)', async () => {
    const owner = await createUser(app.services);
    const team = await createTeam(app.services, owner);
    app.broadcasts.length = 0;
    await fromTeamPage(await signedIn(app.app, owner), team.id).post(
      `/teams/${team.id}/members`,
      { email: 'nobody.yet@example.com', role: 'viewer' },
      'addTeamMember',
    );
    expect(app.broadcasts.map((sent) => sent.event)).toEqual(['App\\Events\\MembershipChanged']);
  });

  it('tells the team’s owner when the invitation is accepted, and open team pages to reload', async () => {
    const owner = await createUser(app.services);
    const team = await createTeam(app.services, owner, { name: 'Warung' });
    const invitee = await createUser(app.services, { name: 'Nanda Putra', email: 'nanda.bell@example.com' });
    const invitation = await createInvitation(app.services, team, 'nanda.bell@example.com', 'agent');
    app.broadcasts.length = 0;
    const link = app.services.signedRoute('team-invitations.accept', { invitation: invitation.id });
    expect((await (await signedIn(app.app, invitee)).visit(link)).status).toBe(303);
    const [row] = await notificationsOf(owner.id);
    expect(row).toMatchObject({ type: 'team-member-joined' });
    expect(row.data).toMatchObject({ message: 'Nanda Putra joined the Warung team.', url: `/teams/${team.id}` });
    expect(membershipEvents(team.id)).toEqual([membershipChanged(team.id, 'joined', invitee.id)]);
  });

  it('reloads open team pages when an invitation is cancelled', async () => {
    const owner = await createUser(app.services);
    const team = await createTeam(app.services, owner);
    const invitation = await createInvitation(app.services, team, 'cancel.me@example.com', 'viewer');
    app.broadcasts.length = 0;
    const res = await fromTeamPage(await signedIn(app.app, owner), team.id).delete(
      `/team-invitations/${invitation.id}`,
    );
    expect(res.status).toBe(303);
    expect(membershipEvents(team.id)).toEqual([membershipChanged(team.id, 'invitation-cancelled')]);
  });
});

describe('membership changes', () => {
  it('tells a member whose role changed', async () => {
    const owner = await createUser(app.services, { name: 'Kartika Sari' });
    const team = await createTeam(app.services, owner, { name: 'Acme' });
    const member = await createMember(app.services, team, 'viewer');
    app.broadcasts.length = 0;
    const res = await fromTeamPage(await signedIn(app.app, owner), team.id).put(
      `/teams/${team.id}/members/${member.id}`,
      {
        role: 'admin',
      },
    );
    expect(res.status).toBe(303);
    const [row] = await notificationsOf(member.id);
    expect(row).toMatchObject({ type: 'team-role-updated' });
    expect(row.data).toMatchObject({ message: 'Kartika Sari made you Administrator of the Acme team.', role: 'admin' });
    expect(membershipEvents(team.id)).toEqual([membershipChanged(team.id, 'role-updated', member.id)]);
  });

  it('tells a removed member, and the owner when a member leaves', async () => {
    const owner = await createUser(app.services, { name: 'Kartika Sari' });
    const team = await createTeam(app.services, owner, { name: 'Acme' });
    const removed = await createMember(app.services, team, 'editor');
    const leaving = await createMember(app.services, team, 'viewer', { name: 'Lina Pergi' });
    app.broadcasts.length = 0;

    await fromTeamPage(await signedIn(app.app, owner), team.id).delete(`/teams/${team.id}/members/${removed.id}`);
    const [removal] = await notificationsOf(removed.id);
    expect(removal).toMatchObject({ type: 'team-member-removed' });
    expect(removal.data).toMatchObject({ message: 'Kartika Sari removed you from the Acme team.' });

    await fromTeamPage(await signedIn(app.app, leaving), team.id).delete(`/teams/${team.id}/members/${leaving.id}`);
    expect(await notificationsOf(leaving.id)).toEqual([]);
    const ownerNotes = await notificationsOf(owner.id);
    expect(ownerNotes.map((note) => note.data.message)).toEqual(['Lina Pergi left the Acme team.']);

    expect(membershipEvents(team.id)).toEqual([
      membershipChanged(team.id, 'removed', removed.id),
      membershipChanged(team.id, 'left', leaving.id),
    ]);
  });
});
