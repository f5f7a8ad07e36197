import { cachedRead, copied } from '../../../cache/cached-reads';
import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository, type TeamMemberRow } from '../../../db/repositories/team-membership-repository';
import { teamInvitationRepository, type TeamInvitationRow } from '../../../db/repositories/team-invitation-repository';
import { authorize, membershipOf } from '../team-access';
import { teamPolicy, type Membership } from '../team-policy';

export interface TeamView {
  membership: Membership;
  owner: TeamMemberRow;
  members: TeamMemberRow[];
  /** Only for those who may invite: the others do not see who was invited. */
  invitations: TeamInvitationRow[];
}

/** What Teams/Show shows, for a member of the team (404 for anyone else). */
export async function viewTeam(services: Pick<Services, 'db'>, actor: UserRow, teamId: number): Promise<TeamView> {
  const membership = await membershipOf(services.db, actor, teamId);
  authorize(teamPolicy.view(membership));
  const repository = teamMembershipRepository(services.db, actor.id);
  const seesInvitations = teamPolicy.addTeamMember(membership);
  // Read on every visit of the team page: kept in the hot cache until any of these tables is written.
  const [owner, members, invitations] = await cachedRead(
    services.db,
    `team-view:${teamId}:${actor.id}:${seesInvitations ? 'invitations' : 'members'}`,
    { groups: ['teams', 'team_user', 'users', 'team_invitations'] },
    () =>
      Promise.all([
        repository.owner(teamId),
        repository.members(teamId),
        seesInvitations ? teamInvitationRepository(services.db, actor.id).forTeam(teamId) : [],
      ]),
    copied,
  );
  return { membership, owner: owner!, members, invitations };
}
