import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { actionPath } from '../../helpers/mail';
import { expectRedirect, fromTeamPage, teamPage } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createInvitation, createMember, createOwnedTeam } from '../../factories/teams';
import { teamInvitations } from '../../../server/db/schema/index';
import { checkSignedUrl } from '../../../server/support/signed-url';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const bag = 'addTeamMember';
const invitationsOf = (teamId: number) =>
  app.services.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId));

async function ownerOfAcme() {
  const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme', owner: { name: 'Kartika Sari' } });
  return { owner, team, client: await signedIn(app.app, owner) };
}

async function errorsAfterInvite(
  client: Awaited<ReturnType<typeof signedIn>>,
  teamId: number,
  body: Record<string, unknown>,
) {
  const res = await fromTeamPage(client, teamId).post(`/teams/${teamId}/members`, body, bag);
  expectRedirect(res, `/teams/${teamId}`);
  return (await teamPage(client, teamId)).page.props.errors;
}

describe('invite a team member', () => {
  it('records the invitation, lists it as pending and mails a signed accept link', async () => {
    const { team, client } = await ownerOfAcme();
    const existing = await createUser(app.services, { email: 'lestari@example.com' });
    const res = await fromTeamPage(client, team.id).post(
      `/teams/${team.id}/members`,
      { email: 'Lestari@Example.com', role: 'editor' },
      bag,
    );
    expectRedirect(res, `/teams/${team.id}`);

    const [invitation] = await invitationsOf(team.id);
    expect(invitation).toMatchObject({ email: 'lestari@example.com', role: 'editor' });
    const { team: shown, page } = await teamPage(client, team.id);
    expect(page.props.errors).toEqual({});
    expect(shown.team_invitations).toEqual([
      { id: invitation.id, email: 'lestari@example.com', role: 'editor', role_name: 'Editor', can_cancel: true },
    ]);

    const [mail] = app.mailbox.to(existing.email);
    expect(mail.subject).toBe('Team Invitation');
    expect(mail.text).toContain('You have been invited to join the Acme team!');
    expect(mail.text).toContain('You may accept this invitation by clicking the button below:');
    expect(mail.text).toContain(
      'If you did not expect to receive an invitation to this team, you may discard this email.',
    );
    expect(mail.text).not.toContain('create one');
    const link = actionPath(mail, 'Accept Invitation');
    expect(link).toMatch(new RegExp(`^/team-invitations/${invitation.id}\\?signature=[0-9a-f]{64}$`));
    expect(checkSignedUrl(app.services.config.app.key, link)).toBe('valid');
  });

  it('withdraws the invitation and says so when its mail cannot be sent; inviting again then works', async () => {
    const { team, client } = await ownerOfAcme();
    const broadcastsBefore = app.broadcasts.length;
    const errors = await app.mailbox.failing(() =>
      errorsAfterInvite(client, team.id, { email: 'mail-down@example.com', role: 'editor' }),
    );
    expect(errors).toEqual({
      [bag]: { email: 'The invitation e-mail could not be sent. Please try again in a few minutes.' },
    });
    expect(await invitationsOf(team.id)).toEqual([]);
    expect(app.broadcasts.length).toBe(broadcastsBefore);
    const logged = app.logs().filter((line) => line.msg === 'mail not sent' && line.teamId === team.id);
    expect(logged).toMatchObject([
      { mail: 'team-invitation', error: { message: 'connect ECONNREFUSED 127.0.0.1:587' } },
    ]);
    expect(JSON.stringify(logged)).not.toMatch(/team-invitations\/|signature|Accept Invitation/);

    expect(await errorsAfterInvite(client, team.id, { email: 'mail-down@example.com', role: 'editor' })).toEqual({});
    expect(await invitationsOf(team.id)).toHaveLength(1);
    expect(app.mailbox.to('mail-down@example.com').map((mail) => mail.subject)).toEqual(['Team Invitation']);
  });

  it('offers an address without an account a Create Account button before the acceptance button', async () => {
    const { team, client } = await ownerOfAcme();
    await fromTeamPage(client, team.id).post(
      `/teams/${team.id}/members`,
      { email: 'newcomer@example.com', role: 'viewer' },
      bag,
    );
    const [mail] = app.mailbox.to('newcomer@example.com');
    expect(mail.text).toContain('If you do not have an account, you may create one by clicking the button below.');
    expect(actionPath(mail, 'Create Account')).toBe('/register');
    expect(mail.text).toContain('If you already have an account, you may accept this invitation');
    expect(actionPath(mail, 'Accept Invitation')).toMatch(/^\/team-invitations\/\d+\?signature=/);
    expect(mail.text.indexOf('Create Account: ')).toBeLessThan(mail.text.indexOf('Accept Invitation: '));
    // Both buttons, and the paste-this-URL line under each, are in the HTML body.
    expect(mail.html).toContain('>Create Account</a>');
    expect(mail.html).toContain('>Accept Invitation</a>');
    expect(mail.html).toContain('trouble clicking the "Create Account" button');
    expect(mail.html).toContain('trouble clicking the "Accept Invitation" button');
  });

  it('refuses an address already invited, and the e-mail of the owner or of a member, in any letter case', async () => {
    const { owner, team, client } = await ownerOfAcme();
    const member = await createMember(app.services, team, 'agent', { email: 'member.acme@example.com' });
    await createInvitation(app.services, team, 'invited@example.com', 'viewer');
    const sent = app.mailbox.messages.length;

    expect(await errorsAfterInvite(client, team.id, { email: 'INVITED@example.com', role: 'admin' })).toEqual({
      addTeamMember: { email: 'This user has already been invited to the team.' },
    });
    for (const email of [owner.email.toUpperCase(), member.email]) {
      expect(await errorsAfterInvite(client, team.id, { email, role: 'viewer' })).toEqual({
        addTeamMember: { email: 'This user already belongs to the team.' },
      });
    }
    expect(await invitationsOf(team.id)).toHaveLength(1);
    expect(app.mailbox.messages.length).toBe(sent);
  });

  it('validates the e-mail and the role, every field at once', async () => {
    const { team, client } = await ownerOfAcme();
    expect(await errorsAfterInvite(client, team.id, {})).toEqual({
      addTeamMember: { email: 'The email field is required.', role: 'The role field is required.' },
    });
    expect(await errorsAfterInvite(client, team.id, { email: 'not-an-address', role: 'superuser' })).toEqual({
      addTeamMember: {
        email: 'The email field must be a valid email address.',
        role: 'The role must be a valid role.',
      },
    });
    // The owner is implicit: it is never a role one can give.
    expect(await errorsAfterInvite(client, team.id, { email: 'x@example.com', role: 'owner' })).toEqual({
      addTeamMember: { role: 'The role must be a valid role.' },
    });
    expect(await invitationsOf(team.id)).toEqual([]);
  });

  it('lets an admin invite editors, agents and viewers, but not admins (403)', async () => {
    const { team } = await ownerOfAcme();
    const admin = await signedIn(app.app, await createMember(app.services, team, 'admin'));
    for (const role of ['editor', 'agent', 'viewer']) {
      const res = await fromTeamPage(admin, team.id).post(
        `/teams/${team.id}/members`,
        { email: `${role}.by.admin@example.com`, role },
        bag,
      );
      expectRedirect(res, `/teams/${team.id}`);
    }
    const res = await fromTeamPage(admin, team.id).post(
      `/teams/${team.id}/members`,
      { email: 'admin.by.admin@example.com', role: 'admin' },
      bag,
    );
    expect(res.status).toBe(403);
    expect((await invitationsOf(team.id)).map((i) => i.role).sort()).toEqual(['agent', 'editor', 'viewer']);
  });

  it('refuses editors, agents and viewers with a 403 and a stranger with a 404', async () => {
    const { team } = await ownerOfAcme();
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const client = await signedIn(app.app, await createMember(app.services, team, role));
      expect(
        (await client.send('post', `/teams/${team.id}/members`, { email: 'x@example.com', role: 'viewer' })).status,
      ).toBe(403);
    }
    const stranger = await signedIn(app.app, await createUser(app.services));
    expect(
      (await stranger.send('post', `/teams/${team.id}/members`, { email: 'x@example.com', role: 'viewer' })).status,
    ).toBe(404);
    expect(await invitationsOf(team.id)).toEqual([]);
    expect(app.mailbox.to('x@example.com')).toEqual([]);
  });
});
