import type { Database } from '../../db/client';
import type { UserRow } from '../../db/repositories/user-repository';
import { teamRepository, type TeamRow } from '../../db/repositories/team-repository';
import type { Role } from '../teams/roles';
import { asRole } from '../teams/team-access';

/** A team the user belongs to, with their role there. */
export interface TeamAndRole {
  team: TeamRow;
  role: Role;
}

/**
 * The user's current team and role in it, resolved as `auth.user.current_team` is: the team of
 * `current_team_id` when the user still belongs to it, else the personal team, else the first.
 */
export async function currentTeamAndRole(
  db: Database,
  user: Pick<UserRow, 'id' | 'currentTeamId'>,
): Promise<TeamAndRole | undefined> {
  return pickCurrentTeam(await teamRepository(db).forUser(user.id), user.currentTeamId);
}

/** The current team among the user's teams (as `teamRepository.forUser` lists them). */
export function pickCurrentTeam(
  teams: (TeamRow & { role: string })[],
  currentTeamId: number | null,
): TeamAndRole | undefined {
  const team = teams.find((t) => t.id === currentTeamId) ?? teams.find((t) => t.personalTeam) ?? teams[0];
  return team ? { team, role: asRole(team.role) } : undefined;
}

/** The user's membership of one team; undefined when they own it no longer nor belong to it. */
export async function teamAndRoleOf(db: Database, userId: number, teamId: number): Promise<TeamAndRole | undefined> {
  const team = await teamRepository(db).findForUser(userId, teamId);
  return team ? { team, role: asRole(team.role) } : undefined;
}
