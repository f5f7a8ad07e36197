import type { Services } from '../../server/services';
import { teamRepository, type TeamRow } from '../../server/db/repositories/team-repository';
import { userRepository, type UserRow } from '../../server/db/repositories/user-repository';
import { teamInvitations, teamUser } from '../../server/db/schema/index';
import type { AssignableRole } from '../../server/domain/teams/roles';
import { createUser, type UserOverrides } from './users';

type Deps = Pick<Services, 'db'>;

/** A (non-personal) team owned by the user; `current` makes it the owner's current team. */
export async function createTeam(
  services: Deps,
  owner: UserRow,
  overrides: { name?: string; personal?: boolean; current?: boolean } = {},
): Promise<TeamRow> {
  const team = await teamRepository(services.db).create({
    userId: owner.id,
    name: overrides.name ?? `Team ${Math.random().toString(36).slice(2, 8)}`,
    personalTeam: overrides.personal ?? false,
  });
  if (overrides.current) await userRepository(services.db).update(owner.id, { currentTeamId: team.id });
  return team;
}

/** A new user and a (non-personal) team they own: `owner` names the user, the rest the team. */
export async function createOwnedTeam(
  services: Deps,
  overrides: { name?: string; current?: boolean; owner?: UserOverrides } = {},
): Promise<{ owner: UserRow; team: TeamRow }> {
  const { owner: ownerOverrides, ...teamOverrides } = overrides;
  const owner = await createUser(services, ownerOverrides);
  return { owner, team: await createTeam(services, owner, teamOverrides) };
}

/** Makes the user a member of the team with the role (and, with `current`, their current team). */
export async function addMember(
  services: Deps,
  team: Pick<TeamRow, 'id'>,
  user: UserRow,
  role: AssignableRole,
  options: { current?: boolean } = {},
): Promise<UserRow> {
  await services.db.insert(teamUser).values({ teamId: team.id, userId: user.id, role });
  if (options.current) return (await userRepository(services.db).update(user.id, { currentTeamId: team.id }))!;
  return user;
}

/** A new user who is a member of the team with the role. */
export async function createMember(
  services: Deps,
  team: Pick<TeamRow, 'id'>,
  role: AssignableRole,
  overrides: UserOverrides & { current?: boolean } = {},
): Promise<UserRow> {
  return addMember(services, team, await createUser(services, overrides), role, { current: overrides.current });
}

/** A pending invitation, as the invite form leaves it (without the mail). */
export async function createInvitation(services: Deps, team: Pick<TeamRow, 'id'>, email: string, role: AssignableRole) {
  const [row] = await services.db
    .insert(teamInvitations)
    .values({ teamId: team.id, email: email.toLowerCase(), role })
    .returning();
  return row;
}
