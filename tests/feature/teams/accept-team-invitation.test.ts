import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { actionPath } from '../../helpers/mail';
import { authUser, currentTeamId, expectRedirect, fromTeamPage, roleIn } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createOwnedTeam } from '../../factories/teams';
import { teamInvitations } from '../../../server/db/schema/index';
import { userRepository } from '../../../server/db/repositories/user-repository';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const invitationsOf = (teamId: number) =>
  app.services.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId));

/** The owner of a new team invites the address through the form; returns the mailed link. */
async function invite(email: string, role = 'editor', teamName = 'Acme') {
  const { owner, team } = await createOwnedTeam(app.services, { name: teamName });
  const client = await signedIn(app.app, owner);
  const res = await fromTeamPage(client, team.id).post(`/teams/${team.id}/members`, { email, role }, 'addTeamMember');
  expectRedirect(res, `/teams/${team.id}`);
  return { team, owner, link: actionPath(app.mailbox.to(email)[0], 'Accept Invitation') };
}

describe('accept a team invitation', () => {
  it('joins the invited user with the role, deletes the invitation, switches to the team and shows the banner', async () => {
    const invitee = await createUser(app.services, { email: 'mega@example.com' });
    const { team, link } = await invite('mega@example.com', 'editor', 'Acme');
    const client = await signedIn(app.app, invitee);

    const res = await client.visit(link);
    expectRedirect(res, '/dashboard');
    expect(await roleIn(app.services, team.id, invitee.id)).toBe('editor');
    expect(await invitationsOf(team.id)).toEqual([]);
    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect(page.flash).toEqual({
      bannerStyle: 'success',
      banner: 'Great! You have accepted the invitation to join the Acme team.',
    });
    expect(authUser(page).current_team).toMatchObject({ id: team.id, name: 'Acme', role: 'editor' });
    expect(await currentTeamId(app.services, invitee.id)).toBe(team.id);
    expect(authUser(page).all_teams.find((t) => t.id === team.id)).toMatchObject({ name: 'Acme', role: 'editor' });
    // The link is used up.
    expectPage(await client.visit(link), 'Error', 404);
  });

  it('refuses a link whose signature was changed (403) and changes nothing', async () => {
    const invitee = await createUser(app.services, { email: 'nanda@example.com' });
    const { team, link } = await invite('nanda@example.com');
    const client = await signedIn(app.app, invitee);
    const last = link.at(-1) === '0' ? '1' : '0';
    expectPage(await client.visit(link.slice(0, -1) + last), 'Error', 403);
    expectPage(await client.visit(link.replace(/\?.*$/, '')), 'Error', 403);
    expect(await roleIn(app.services, team.id, invitee.id)).toBeUndefined();
    expect(await invitationsOf(team.id)).toHaveLength(1);
  });

  it('is a 404 for a signed-in user who is not the invited address: nobody joins, the invitation stays', async () => {
    const invitee = await createUser(app.services, { email: 'oka@example.com' });
    const { team, link } = await invite('oka@example.com');
    const other = await createUser(app.services);
    const res = await (await signedIn(app.app, other)).visit(link);
    const page = expectPage(res, 'Error', 404);
    expect(page.props.message).toBe(
      'This invitation does not exist, or it was sent to another e-mail address. Sign in with the address it was sent to.',
    );
    expect(await roleIn(app.services, team.id, other.id)).toBeUndefined();
    expect(await roleIn(app.services, team.id, invitee.id)).toBeUndefined();
    expect(await invitationsOf(team.id)).toHaveLength(1);
  });

  it('works for an address that had no account, once it has registered and verified it', async () => {
    const { team, link } = await invite('putri.new@example.com', 'agent', 'Warung Putri');
    const [invitationMail] = app.mailbox.to('putri.new@example.com');
    expect(invitationMail.text).toContain('/register');

    const client = await browser(app.app);
    // Following the link before having an account: the login page, which remembers the link.
    expectRedirect(await client.visit(link), '/login', 302);
    const registered = await client.send('post', '/register', {
      name: 'Putri Ayu',
      email: 'putri.new@example.com',
      password: 'password',
      password_confirmation: 'password',
      terms: true,
    });
    expect(registered.status).toBe(303);
    // Unverified: the link waits until the address is verified.
    expectRedirect(await client.visit(link), '/email/verify', 302);
    const user = (await userRepository(app.services.db).findByEmail('putri.new@example.com'))!;
    expect(await roleIn(app.services, team.id, user.id)).toBeUndefined();

    const verify = actionPath(
      app.mailbox.to('putri.new@example.com').find((m) => m.subject === 'Verify Email Address')!,
      'Verify Email Address',
    );
    expect((await client.visit(verify)).status).toBe(303);
    expectRedirect(await client.visit(link), '/dashboard');
    expect(await roleIn(app.services, team.id, user.id)).toBe('agent');
    expect(await currentTeamId(app.services, user.id)).toBe(team.id);
  });

  it('sends a guest to the login page and back to the link afterwards', async () => {
    const invitee = await createUser(app.services, { email: 'rani@example.com' });
    const { team, link } = await invite('rani@example.com', 'viewer');
    const client = await browser(app.app);
    expectRedirect(await client.visit(link), '/login', 302);
    const login = await client.send('post', '/login', { email: invitee.email, password: 'password' });
    expectRedirect(login, link);
    expectRedirect(await client.visit(link), '/dashboard');
    expect(await roleIn(app.services, team.id, invitee.id)).toBe('viewer');
  });
});
