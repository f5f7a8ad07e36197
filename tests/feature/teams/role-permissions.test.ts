import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Response } from 'supertest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { confirmPassword } from '../../helpers/two-factor';
import { currentTeamId, fromTeamPage, roleIn, teamPage } from '../../helpers/teams';
import { createUser } from '../../factories/users';
import { createInvitation, createMember, createOwnedTeam } from '../../factories/teams';
import { teamInvitations, teams } from '../../../server/db/schema/index';
import { teamRepository } from '../../../server/db/repositories/team-repository';
import type { TeamRow } from '../../../server/db/repositories/team-repository';
import type { UserRow } from '../../../server/db/repositories/user-repository';

/**
 * Every role against every team action, through the real routes: allowed (the change happens),
 * refused with a 403 (nothing changes), or refused with a form error (`invalid`, nothing changes).
 * The expectations are written out, not derived from roles.ts: this table is the specification.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const roles = ['owner', 'admin', 'editor', 'agent', 'viewer'] as const;
type ActorRole = (typeof roles)[number];
type Outcome = 'allowed' | 'forbidden' | 'invalid';
const A: Outcome = 'allowed';
const F: Outcome = 'forbidden';
const X: Outcome = 'invalid';

interface World {
  team: TeamRow;
  people: Record<ActorRole, UserRow>;
  /** Members the actions are done to (never the actor). */
  targets: { editor: UserRow; admin: UserRow };
  invitations: { editor: { id: number }; admin: { id: number } };
}

interface Action {
  name: string;
  /** owner, admin, editor, agent, viewer */
  expected: [Outcome, Outcome, Outcome, Outcome, Outcome];
  run(client: Awaited<ReturnType<typeof signedIn>>, world: World, actor: UserRow): Promise<Response>;
  /** Whether the action's effect is visible in the database. */
  happened(world: World, actor: UserRow): Promise<boolean>;
}

const invitationExists = async (id: number) =>
  (await app.services.db.select().from(teamInvitations).where(eq(teamInvitations.id, id))).length > 0;
const teamName = async (world: World) =>
  (await teamRepository(app.services.db).findForUser(world.people.owner.id, world.team.id))?.name;

const actions: Action[] = [
  {
    name: 'view the team',
    expected: [A, A, A, A, A],
    run: (client, world) => client.visit(`/teams/${world.team.id}`),
    happened: async () => true,
  },
  {
    name: 'rename the team',
    expected: [A, A, F, F, F],
    run: (client, world) => fromTeamPage(client, world.team.id).put(`/teams/${world.team.id}`, { name: 'Renamed' }),
    happened: async (world) => (await teamName(world)) === 'Renamed',
  },
  {
    name: 'delete the team',
    expected: [A, F, F, F, F],
    run: async (client, world) => {
      await confirmPassword(client);
      return fromTeamPage(client, world.team.id).delete(`/teams/${world.team.id}`);
    },
    happened: async (world) =>
      (await app.services.db.select().from(teams).where(eq(teams.id, world.team.id))).length === 0,
  },
  {
    name: 'invite an editor',
    expected: [A, A, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).post(`/teams/${world.team.id}/members`, {
        email: `ed-${world.team.id}@example.com`,
        role: 'editor',
      }),
    happened: async (world) => app.mailbox.to(`ed-${world.team.id}@example.com`).length === 1,
  },
  {
    name: 'invite an admin',
    expected: [A, F, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).post(`/teams/${world.team.id}/members`, {
        email: `ad-${world.team.id}@example.com`,
        role: 'admin',
      }),
    happened: async (world) => app.mailbox.to(`ad-${world.team.id}@example.com`).length === 1,
  },
  {
    name: "change an editor's role to viewer",
    expected: [A, A, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).put(`/teams/${world.team.id}/members/${world.targets.editor.id}`, {
        role: 'viewer',
      }),
    happened: async (world) => (await roleIn(app.services, world.team.id, world.targets.editor.id)) === 'viewer',
  },
  {
    name: 'promote an editor to admin',
    expected: [A, F, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).put(`/teams/${world.team.id}/members/${world.targets.editor.id}`, {
        role: 'admin',
      }),
    happened: async (world) => (await roleIn(app.services, world.team.id, world.targets.editor.id)) === 'admin',
  },
  {
    name: "change an admin's role",
    expected: [A, F, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).put(`/teams/${world.team.id}/members/${world.targets.admin.id}`, {
        role: 'editor',
      }),
    happened: async (world) => (await roleIn(app.services, world.team.id, world.targets.admin.id)) === 'editor',
  },
  {
    name: "change the owner's role",
    expected: [F, F, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).put(`/teams/${world.team.id}/members/${world.people.owner.id}`, {
        role: 'viewer',
      }),
    happened: async (world) => (await roleIn(app.services, world.team.id, world.people.owner.id)) !== 'owner',
  },
  {
    name: 'remove an editor',
    expected: [A, A, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).delete(`/teams/${world.team.id}/members/${world.targets.editor.id}`),
    happened: async (world) => (await roleIn(app.services, world.team.id, world.targets.editor.id)) === undefined,
  },
  {
    name: 'remove another admin',
    expected: [A, F, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).delete(`/teams/${world.team.id}/members/${world.targets.admin.id}`),
    happened: async (world) => (await roleIn(app.services, world.team.id, world.targets.admin.id)) === undefined,
  },
  {
    name: 'remove the owner',
    expected: [X, F, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).delete(
        `/teams/${world.team.id}/members/${world.people.owner.id}`,
        {},
        'removeTeamMember',
      ),
    happened: async (world) => (await roleIn(app.services, world.team.id, world.people.owner.id)) !== 'owner',
  },
  {
    name: 'leave the team',
    expected: [X, A, A, A, A],
    run: (client, world, actor) =>
      fromTeamPage(client, world.team.id).delete(`/teams/${world.team.id}/members/${actor.id}`, {}, 'removeTeamMember'),
    happened: async (world, actor) => (await roleIn(app.services, world.team.id, actor.id)) === undefined,
  },
  {
    name: 'cancel an editor invitation',
    expected: [A, A, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).delete(`/team-invitations/${world.invitations.editor.id}`),
    happened: async (world) => !(await invitationExists(world.invitations.editor.id)),
  },
  {
    name: 'cancel an admin invitation',
    expected: [A, F, F, F, F],
    run: (client, world) =>
      fromTeamPage(client, world.team.id).delete(`/team-invitations/${world.invitations.admin.id}`),
    happened: async (world) => !(await invitationExists(world.invitations.admin.id)),
  },
  {
    name: 'make it the current team',
    expected: [A, A, A, A, A],
    run: (client, world) => client.send('put', '/current-team', { team_id: world.team.id }),
    happened: async (world, actor) => (await currentTeamId(app.services, actor.id)) === world.team.id,
  },
];

async function createWorld(): Promise<World> {
  const { owner, team } = await createOwnedTeam(app.services, { name: 'Table Team' });
  const member = (role: 'admin' | 'editor' | 'agent' | 'viewer') => createMember(app.services, team, role);
  return {
    team,
    people: {
      owner,
      admin: await member('admin'),
      editor: await member('editor'),
      agent: await member('agent'),
      viewer: await member('viewer'),
    },
    targets: { editor: await member('editor'), admin: await member('admin') },
    invitations: {
      editor: await createInvitation(app.services, team, `invited-editor-${team.id}@example.com`, 'editor'),
      admin: await createInvitation(app.services, team, `invited-admin-${team.id}@example.com`, 'admin'),
    },
  };
}

const cases = actions.flatMap((action) =>
  roles.map((role, index) => [action.name, role, action.expected[index], action] as const),
);

describe('what each role may do to a team', () => {
  it.each(cases)('%s as %s: %s', async (_name, role, outcome, action) => {
    const world = await createWorld();
    const actor = world.people[role];
    const client = await signedIn(app.app, actor);
    const res = await action.run(client, world, actor);
    if (outcome === 'forbidden') {
      expect(res.status, res.text.slice(0, 200)).toBe(403);
      expect(await action.happened(world, actor)).toBe(false);
      return;
    }
    expect([200, 303], res.text.slice(0, 200)).toContain(res.status);
    if (outcome === 'invalid') {
      expect(res.status).toBe(303);
      const { page } = await teamPage(client, world.team.id);
      expect(page.props.errors).toEqual({ removeTeamMember: { team: 'You may not leave a team that you created.' } });
      expect(await action.happened(world, actor)).toBe(false);
      return;
    }
    expect(await action.happened(world, actor)).toBe(true);
  });

  const expectedPermissions: Record<ActorRole, boolean[]> = {
    // canAddTeamMembers, canDeleteTeam, canRemoveTeamMembers, canUpdateTeam, canUpdateTeamMembers
    owner: [true, true, true, true, true],
    admin: [true, false, true, true, true],
    editor: [false, false, false, false, false],
    agent: [false, false, false, false, false],
    viewer: [false, false, false, false, false],
  };
  const expectedRoles: Record<ActorRole, string[]> = {
    owner: ['admin', 'editor', 'agent', 'viewer'],
    admin: ['editor', 'agent', 'viewer'],
    editor: [],
    agent: [],
    viewer: [],
  };

  it.each(roles)('gives the %s the page booleans and the roles they may assign', async (role) => {
    const world = await createWorld();
    const { permissions, availableRoles } = await teamPage(await signedIn(app.app, world.people[role]), world.team.id);
    expect(Object.keys(permissions).sort()).toEqual([
      'canAddTeamMembers',
      'canDeleteTeam',
      'canRemoveTeamMembers',
      'canUpdateTeam',
      'canUpdateTeamMembers',
    ]);
    expect([
      permissions.canAddTeamMembers,
      permissions.canDeleteTeam,
      permissions.canRemoveTeamMembers,
      permissions.canUpdateTeam,
      permissions.canUpdateTeamMembers,
    ]).toEqual(expectedPermissions[role]);
    expect(availableRoles.map((r) => r.key)).toEqual(expectedRoles[role]);
    expect(availableRoles.every((r) => r.name.length > 0 && r.description.length > 0)).toBe(true);
  });

  it('answers every action on the team with a 404 for someone outside it', async () => {
    const world = await createWorld();
    const outsider = await createUser(app.services);
    const client = await signedIn(app.app, outsider);
    for (const action of actions.filter((a) => a.name !== 'make it the current team')) {
      const res = await action.run(client, world, outsider);
      expect(res.status, action.name).toBe(404);
    }
    expect((await client.send('put', '/current-team', { team_id: world.team.id })).status).toBe(403);
  });
});
