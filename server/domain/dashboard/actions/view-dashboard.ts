import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { currentTeamAndRole, type TeamAndRole } from '../../api-tokens/memberships';
import { teamPolicy, type TeamAbilities } from '../../teams/team-policy';

export interface DashboardView {
  /** The team the dashboard speaks of (the current one) and the actor's role in it. */
  current: TeamAndRole | undefined;
  /** What that role lets the actor start from here; all false without a team. */
  can: TeamAbilities;
}

const nothing: TeamAbilities = {
  manageTeam: false,
  inviteMembers: false,
  viewMembers: false,
  viewBots: false,
  createBots: false,
  viewKnowledges: false,
  createKnowledges: false,
  viewChannels: false,
  createChannels: false,
  viewConversations: false,
  handleConversations: false,
  viewReports: false,
  manageBilling: false,
};

/** The dashboard of the actor's current team, seen through their role there. */
export async function viewDashboard(services: Pick<Services, 'db'>, actor: UserRow): Promise<DashboardView> {
  const current = await currentTeamAndRole(services.db, actor);
  if (!current) return { current, can: nothing };
  return {
    current,
    can: teamPolicy.abilities({ team: current.team, userId: actor.id, role: current.role }),
  };
}
