import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { actionPath } from '../../helpers/mail';
import { authUser, currentTeamId, expectRedirect, fromTeamPage, roleIn } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createOwnedTeam } from '../../factories/teams';
import { notifications } from '../../../server/db/schema/index';
import { userRepository } from '../../../server/db/repositories/user-repository';
import type { NotificationsSummary } from '../../../server/presenters/notification-presenter';
import type { DashboardProps } from '../../../server/presenters/dashboard-presenter';
import { checkSignedUrl } from '../../../server/support/signed-url';

// Someone invited before they had an account: after registering and verifying the address, the
// invitation waits in the bell with an Accept action; accepting joins the team and switches to it.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Client = Awaited<ReturnType<typeof browser>>;

const notificationsOf = (userId: number) =>
  app.services.db.select().from(notifications).where(eq(notifications.userId, userId));
const bellOf = async (client: Client) =>
  expectPage(await client.visit('/dashboard'), 'Dashboard').props.notifications as NotificationsSummary;

async function invite(email: string, role: string, teamName: string) {
  const { owner, team } = await createOwnedTeam(app.services, { name: teamName, owner: { name: 'Dewi Santoso' } });
  const res = await fromTeamPage(await signedIn(app.app, owner), team.id).post(
    `/teams/${team.id}/members`,
    { email, role },
    'addTeamMember',
  );
  expectRedirect(res, `/teams/${team.id}`);
  return { owner, team };
}

async function register(email: string, name: string): Promise<Client> {
  const client = await browser(app.app);
  const res = await client.send('post', '/register', {
    name,
    email,
    password: 'password',
    password_confirmation: 'password',
    terms: true,
  });
  expect(res.status).toBe(303);
  return client;
}

async function verify(client: Client, email: string) {
  const mail = app.mailbox.to(email).find((message) => message.subject === 'Verify Email Address')!;
  expectRedirect(await client.visit(actionPath(mail, 'Verify Email Address')), '/dashboard?verified=1');
}

describe('an invitation sent before the invitee registered', () => {
  it('reaches the bell once the address is verified, and accepting it there joins and switches to the team', async () => {
    const { owner, team } = await invite('wulan.new@example.com', 'agent', 'Kopi Senja');
    const client = await register('wulan.new@example.com', 'Wulan Sari');
    const user = (await userRepository(app.services.db).findByEmail('wulan.new@example.com'))!;
    // Not before the address is verified: whoever typed it in may not own it.
    expect(await notificationsOf(user.id)).toEqual([]);

    app.broadcasts.length = 0;
    await verify(client, 'wulan.new@example.com');
    const bell = await bellOf(client);
    expect(bell.unread_count).toBe(1);
    const [notice] = bell.recent;
    expect(notice).toMatchObject({
      type: 'team-invitation',
      read_at: null,
      data: {
        message: 'You have been invited to join the Kopi Senja team as Agent.',
        action: 'Accept invitation',
        team_id: team.id,
        team_name: 'Kopi Senja',
        role: 'agent',
      },
    });
    const accept = notice.data.url!;
    expect(accept).toMatch(/^\/team-invitations\/\d+\?signature=/);
    expect(checkSignedUrl(app.services.config.app.key, accept)).toBe('valid');
    // It arrives live too, on the user's private channel.
    expect(
      app.broadcasts.some(
        (sent) =>
          sent.channels.includes(`private-App.Models.User.${user.id}`) &&
          (sent.data as { id?: string }).id === notice.id,
      ),
    ).toBe(true);

    // The bell follows it through `notifications.open`: read, then on to its link.
    expectRedirect(await client.visit(`/user/notifications/${notice.id}/open`), accept, 302);
    expectRedirect(await client.visit(accept), '/dashboard');
    expect(await roleIn(app.services, team.id, user.id)).toBe('agent');
    expect(await currentTeamId(app.services, user.id)).toBe(team.id);

    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect(page.flash).toMatchObject({
      banner: 'Great! You have accepted the invitation to join the Kopi Senja team.',
    });
    expect(authUser(page).current_team).toMatchObject({ id: team.id, name: 'Kopi Senja', role: 'agent' });
    const dashboard = page.props as unknown as DashboardProps;
    expect(dashboard.team).toMatchObject({ id: team.id, role_name: 'Agent' });
    expect(dashboard.can).toMatchObject({ handleConversations: true, createBots: false, inviteMembers: false });

    // The notification stays, read, without a link that leads nowhere now.
    const after = (await bellOf(client)).recent.find((n) => n.id === notice.id)!;
    expect(after.read_at).not.toBeNull();
    expect(after.data.url).toBeUndefined();
    expect(after.data.action).toBeUndefined();
    expect(after.data.message).toBe('You have been invited to join the Kopi Senja team as Agent.');
    // The owner hears that Wulan joined.
    const ownerRows = await notificationsOf(owner.id);
    expect(ownerRows.map((row) => row.data.message)).toContain('Wulan Sari joined the Kopi Senja team.');
  });

  it('lists every pending invitation to the address, each once, however often the link is followed', async () => {
    const first = await invite('bayu.new@example.com', 'viewer', 'Toko Satu');
    const second = await invite('bayu.new@example.com', 'editor', 'Toko Dua');
    const client = await register('bayu.new@example.com', 'Bayu Aji');
    await verify(client, 'bayu.new@example.com');
    await verify(client, 'bayu.new@example.com');
    const bell = await bellOf(client);
    expect(bell.unread_count).toBe(2);
    expect(bell.recent.map((n) => [n.data.team_id, n.data.message])).toEqual([
      [second.team.id, 'You have been invited to join the Toko Dua team as Editor.'],
      [first.team.id, 'You have been invited to join the Toko Satu team as Viewer.'],
    ]);
  });

  it('does not repeat an invitation an unverified account was already told of', async () => {
    const user = await createUser(app.services, { email: 'citra.unverified@example.com', verified: false });
    const { team } = await invite('citra.unverified@example.com', 'viewer', 'Toko Tiga');
    expect(await notificationsOf(user.id)).toHaveLength(1);
    const client = await signedIn(app.app, user);
    await client.send('post', '/email/verification-notification', {}, { Referer: '/email/verify' });
    await verify(client, 'citra.unverified@example.com');
    const rows = await notificationsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toMatchObject({
      message: 'Dewi Santoso invited you to join the Toko Tiga team as Viewer.',
      team_id: team.id,
    });
  });

  it('takes the Accept link out of the bell when the team withdraws the invitation', async () => {
    const { owner, team } = await invite('eka.new@example.com', 'viewer', 'Toko Empat');
    const client = await register('eka.new@example.com', 'Eka Putri');
    await verify(client, 'eka.new@example.com');
    const [notice] = (await bellOf(client)).recent;
    expect(notice.data.url).toBeDefined();
    const invitationId = notice.data.invitation_id as number;

    const cancel = await fromTeamPage(await signedIn(app.app, owner), team.id).delete(
      `/team-invitations/${invitationId}`,
    );
    expect(cancel.status).toBe(303);
    const bell = await bellOf(client);
    expect(bell.unread_count).toBe(0);
    expect(bell.recent[0]).toMatchObject({ id: notice.id, data: { team_name: 'Toko Empat' } });
    expect(bell.recent[0].data.url).toBeUndefined();
    expect(bell.recent[0].read_at).not.toBeNull();
  });
});
