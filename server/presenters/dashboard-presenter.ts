import type { DashboardView } from '../domain/dashboard/actions/view-dashboard';
import type { TeamAbilities } from '../domain/teams/team-policy';
import { roleDescription, roleName } from '../domain/teams/roles';

/** Dashboard's props: the current team, the actor's role in words, and the policy's booleans. */
export interface DashboardProps {
  team: {
    id: number;
    name: string;
    personal_team: boolean;
    role_name: string;
    role_description: string;
  } | null;
  can: TeamAbilities;
}

export function presentDashboard(view: DashboardView): DashboardProps {
  const { current, can } = view;
  return {
    team: current
      ? {
          id: current.team.id,
          name: current.team.name,
          personal_team: current.team.personalTeam,
          role_name: roleName(current.role),
          role_description: roleDescription(current.role),
        }
      : null,
    can,
  };
}
