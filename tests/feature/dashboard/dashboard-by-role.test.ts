import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { authUser } from '../../helpers/teams';
import { createOwnedTeam, createMember } from '../../factories/teams';
import { demoLogin, demoMembers, demoTeamName, seedDemo } from '../../../server/db/seed';
import type { DashboardProps } from '../../../server/presenters/dashboard-presenter';
import type { TeamAbilities } from '../../../server/domain/teams/team-policy';
import type { AssignableRole } from '../../../server/domain/teams/roles';

// The dashboard and the navigation offer what the role in the current team allows, as booleans the
// policy computed on the server (STYLE convention 5): the page never reads the role.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const everything: TeamAbilities = {
  manageTeam: true,
  inviteMembers: true,
  viewMembers: true,
  viewBots: true,
  createBots: true,
  viewKnowledges: true,
  createKnowledges: true,
  viewChannels: true,
  createChannels: true,
  viewConversations: true,
  handleConversations: true,
  viewReports: true,
  viewBilling: true,
  manageBilling: true,
};

const readOnly: TeamAbilities = {
  ...everything,
  manageTeam: false,
  inviteMembers: false,
  createBots: false,
  createKnowledges: false,
  createChannels: false,
  handleConversations: false,
  viewBilling: false,
  manageBilling: false,
};

const expected: Record<'owner' | AssignableRole, { name: string; can: TeamAbilities }> = {
  owner: { name: 'Owner', can: everything },
  // Admins see billing; only the owner buys, changes and cancels.
  admin: { name: 'Administrator', can: { ...everything, manageBilling: false } },
  editor: {
    name: 'Editor',
    can: { ...everything, manageTeam: false, inviteMembers: false, viewBilling: false, manageBilling: false },
  },
  agent: { name: 'Agent', can: { ...readOnly, handleConversations: true } },
  viewer: { name: 'Viewer', can: readOnly },
};

async function dashboardOf(user: { email: string }, password?: string) {
  const client = await signedIn(app.app, user, password);
  const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
  return { page, props: page.props as unknown as DashboardProps & Record<string, unknown>, user: authUser(page) };
}

describe('the dashboard by role', () => {
  it('gives the page the current team, the role in words and the policy booleans, for every role', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { name: 'Toko Maju', current: true });
    const seen: Record<string, unknown> = {};
    seen.owner = (await dashboardOf(owner)).props;
    for (const role of ['admin', 'editor', 'agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role, { current: true });
      seen[role] = (await dashboardOf(member)).props;
    }
    for (const [role, { name, can }] of Object.entries(expected)) {
      const props = seen[role] as DashboardProps;
      expect(props.team, role).toMatchObject({ id: team.id, name: 'Toko Maju', personal_team: false, role_name: name });
      expect(props.team!.role_description.length, role).toBeGreaterThan(10);
      expect(props.can, role).toEqual(can);
      // Booleans and words only: no role key for the page to branch on, no row.
      expect(Object.values(props.can).every((value) => typeof value === 'boolean')).toBe(true);
      expect(Object.keys(props.team!).sort()).toEqual(['id', 'name', 'personal_team', 'role_description', 'role_name']);
      // The live state follows the same booleans: every role here sees conversations, reports and
      // channels; an agent's figures are their own (as on Reports), so the team's credits are not theirs.
      expect(props.queue, role).not.toBeNull();
      expect(props.channels, role).toEqual([]);
      expect(props.today?.scope, role).toBe(role === 'agent' ? 'mine' : 'team');
      expect(props.credits === null, role).toBe(role === 'agent');
      expect(props.onboarding?.complete, role).toBe(false);
    }
  });

  it('shares the same booleans with the navigation (auth.user.current_team.can) on every page', async () => {
    const { team } = await createOwnedTeam(app.services, { name: 'Kedai Senja' });
    const agent = await createMember(app.services, team, 'agent', { current: true });
    const client = await signedIn(app.app, agent);
    for (const url of ['/dashboard', '/user/profile', `/teams/${team.id}`]) {
      const current = authUser(await client.visit(url).then((res) => expectPage(res, pageFor(url)))).current_team;
      expect(current, url).toMatchObject({ id: team.id, role: 'agent', role_name: 'Agent', can: expected.agent.can });
    }
  });

  it('speaks of the personal team to a new account, where the user owns everything', async () => {
    const { owner } = await createOwnedTeam(app.services, { owner: { name: 'Lina Marlina' } });
    const { props, user } = await dashboardOf(owner);
    expect(props.team).toMatchObject({ name: "Lina's Team", personal_team: true, role_name: 'Owner' });
    expect(props.can).toEqual(everything);
    expect(user.current_team?.can).toEqual(everything);
  });
});

describe('the demo members', () => {
  it('start in the demo team, each seeing it through their role at once', async () => {
    await seedDemo(app.services);
    const teamId = (await dashboardOf(demoLogin, demoLogin.password)).props.team!.id;
    for (const member of demoMembers) {
      const { props, user } = await dashboardOf(member, demoLogin.password);
      expect(props.team, member.email).toMatchObject({ id: teamId, name: demoTeamName });
      expect(props.team!.role_name).toBe(expected[member.role].name);
      expect(props.can).toEqual(expected[member.role].can);
      expect(props.today?.scope).toBe(member.role === 'agent' ? 'mine' : 'team');
      expect(props.channels!.length).toBeGreaterThan(0);
      expect(props.feed!.length).toBeGreaterThan(0);
      expect(user.current_team).toMatchObject({ id: teamId, role: member.role, can: expected[member.role].can });
      // Their personal team is still theirs to switch to.
      expect(user.all_teams.map((team) => team.name)).toContain(`${member.name.split(' ')[0]}'s Team`);
    }
  });
});

function pageFor(url: string): string {
  if (url === '/dashboard') return 'Dashboard';
  if (url === '/user/profile') return 'Profile/Show';
  return 'Teams/Show';
}
