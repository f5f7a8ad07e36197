import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { teamPage } from '../../helpers/teams';
import { expectNoSecrets } from '../../helpers/profile';
import { createUser } from '../../factories/users';
import { createInvitation, createMember, createOwnedTeam } from '../../factories/teams';
import { roleDescriptions } from '../../../server/domain/teams/roles';
import { onPlan } from '../../helpers/billing';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const allRoles = (['admin', 'editor', 'agent', 'viewer'] as const).map((key) => ({ key, ...roleDescriptions[key] }));

async function acme() {
  const { owner, team } = await createOwnedTeam(app.services, { name: 'Acme', owner: { name: 'Citra Dewi' } });
  const admin = await createMember(app.services, team, 'admin', { name: 'Dian Admin' });
  const editor = await createMember(app.services, team, 'editor', { name: 'Eko Editor' });
  const viewer = await createMember(app.services, team, 'viewer', { name: 'Fajar Viewer' });
  await createInvitation(app.services, team, 'new.editor@example.com', 'editor');
  await createInvitation(app.services, team, 'new.admin@example.com', 'admin');
  return { owner, team, admin, editor, viewer };
}

describe('show a team', () => {
  it('gives the owner the team, its owner, members with roles, invitations, every role and every permission', async () => {
    const { owner, team, admin, editor, viewer } = await acme();
    const client = await signedIn(app.app, owner);
    const { team: shown, availableRoles, permissions, page } = await teamPage(client, team.id);

    expect(shown).toMatchObject({ id: team.id, name: 'Acme', personal_team: false });
    expect(shown.owner).toMatchObject({ id: owner.id, name: 'Citra Dewi', email: owner.email });
    expect(
      shown.users.map((u) => [u.name, u.membership.role, u.membership.role_name, u.can_update_role, u.can_remove]),
    ).toEqual([
      ['Dian Admin', 'admin', 'Administrator', true, true],
      ['Eko Editor', 'editor', 'Editor', true, true],
      ['Fajar Viewer', 'viewer', 'Viewer', true, true],
    ]);
    expect(shown.users.map((u) => u.id)).toEqual([admin.id, editor.id, viewer.id]);
    expect(shown.team_invitations.map((i) => [i.email, i.role, i.role_name, i.can_cancel])).toEqual([
      ['new.admin@example.com', 'admin', 'Administrator', true],
      ['new.editor@example.com', 'editor', 'Editor', true],
    ]);
    expect(availableRoles).toEqual(allRoles);
    expect(permissions).toEqual({
      canAddTeamMembers: true,
      canDeleteTeam: true,
      canRemoveTeamMembers: true,
      canUpdateTeam: true,
      canUpdateTeamMembers: true,
    });
    for (const user of [owner, admin, editor, viewer]) expectNoSecrets(page, user);
  });

  it('lets an admin manage only the roles below theirs', async () => {
    const { team, admin } = await acme();
    const { team: shown, availableRoles, permissions } = await teamPage(await signedIn(app.app, admin), team.id);
    expect(availableRoles.map((role) => role.key)).toEqual(['editor', 'agent', 'viewer']);
    expect(permissions).toEqual({
      canAddTeamMembers: true,
      canDeleteTeam: false,
      canRemoveTeamMembers: true,
      canUpdateTeam: true,
      canUpdateTeamMembers: true,
    });
    // Their own row: they may leave but not change their role; the other rows: editors and viewers only.
    expect(shown.users.map((u) => [u.name, u.is_current_user, u.can_update_role, u.can_remove])).toEqual([
      ['Dian Admin', true, false, true],
      ['Eko Editor', false, true, true],
      ['Fajar Viewer', false, true, true],
    ]);
    expect(shown.team_invitations.map((i) => [i.email, i.can_cancel])).toEqual([
      ['new.admin@example.com', false],
      ['new.editor@example.com', true],
    ]);
  });

  it('shows a viewer the members but no invitations, no roles to give and no permissions', async () => {
    const { team, viewer } = await acme();
    const { team: shown, availableRoles, permissions } = await teamPage(await signedIn(app.app, viewer), team.id);
    expect(shown.users).toHaveLength(3);
    expect(shown.users.find((u) => u.id === viewer.id)).toMatchObject({
      is_current_user: true,
      can_update_role: false,
      can_remove: true,
    });
    expect(shown.users.filter((u) => u.id !== viewer.id).every((u) => !u.can_update_role && !u.can_remove)).toBe(true);
    expect(shown.team_invitations).toEqual([]);
    expect(availableRoles).toEqual([]);
    expect(Object.values(permissions).every((value) => value === false)).toBe(true);
  });

  it('measures the members against the plan, invitations included, for those who invite', async () => {
    const { owner, team, admin, viewer } = await acme();
    // The owner, three members and two pending invitations, of Business's 15 (the tests' default plan).
    const { page } = await teamPage(await signedIn(app.app, owner), team.id);
    expect(page.props.limit).toEqual({ used: 6, limit: 15, reached: false, plan: 'Business' });
    expect((await teamPage(await signedIn(app.app, admin), team.id)).page.props.limit).toMatchObject({ used: 6 });
    // Those who do not invite are not told how many invitations are pending.
    expect((await teamPage(await signedIn(app.app, viewer), team.id)).page.props.limit).toBeNull();

    // On Growth (5 places) the team is past its plan: the form gives way to the notice.
    await onPlan(app, team.id, 'growth');
    expect((await teamPage(await signedIn(app.app, owner), team.id)).page.props.limit).toEqual({
      used: 6,
      limit: 5,
      reached: true,
      plan: 'Growth',
    });
  });

  it('is a 404, never a 403, for a team the user does not belong to, an unknown one or an impossible id', async () => {
    const { team } = await acme();
    const stranger = await signedIn(app.app, await createUser(app.services));
    for (const url of [`/teams/${team.id}`, '/teams/999999', '/teams/99999999999999999999', '/teams/0']) {
      const res = await stranger.visit(url);
      expectPage(res, 'Error', 404);
      expect(res.text).not.toContain('Acme');
    }
  });
});
