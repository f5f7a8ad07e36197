import type { TeamMemberRow } from '../db/repositories/team-membership-repository';
import type { TeamInvitationRow } from '../db/repositories/team-invitation-repository';
import type { TeamView } from '../domain/teams/actions/view-team';
import { assignableRoles, isAssignableRole, roleDescriptions, type AssignableRole } from '../domain/teams/roles';
import { teamPolicy, type TeamPermissions } from '../domain/teams/team-policy';
import { asRole } from '../domain/teams/team-access';
import { profilePhotoUrl } from './user-presenter';

/** A role as the role picker shows it. */
export interface RoleOption {
  key: AssignableRole;
  name: string;
  description: string;
}

export interface TeamUser {
  id: number;
  name: string;
  email: string;
  profile_photo_url: string;
}

/** A member (not the owner) with their role, and what the viewer may do to them. */
export interface TeamMember extends TeamUser {
  membership: { role: string; role_name: string };
  is_current_user: boolean;
  can_update_role: boolean;
  can_remove: boolean;
}

export interface PendingInvitation {
  id: number;
  email: string;
  role: string;
  role_name: string;
  can_cancel: boolean;
}

/** Teams/Show's props (Jetstream's names; rows picked, never raw). */
export interface TeamShowProps {
  team: {
    id: number;
    name: string;
    personal_team: boolean;
    /** The IANA time zone of the team's reports. */
    timezone: string;
    /** Conversations handed to a person go to an online member who takes conversations. */
    auto_assign: boolean;
    /** With automatic assignment, the most conversations in hand one member is given (null: no limit). */
    auto_assign_limit: number | null;
    /** How soon, in minutes, a customer handed to a person should have the first reply (null: no target). */
    first_reply_target_minutes: number | null;
    /** How soon each next reply should come after the customer writes again (null: no target). */
    next_reply_target_minutes: number | null;
    owner: TeamUser;
    users: TeamMember[];
    team_invitations: PendingInvitation[];
  };
  /** The roles this viewer may give (empty when they manage no one), with their descriptions. */
  availableRoles: RoleOption[];
  permissions: TeamPermissions;
}

export const roleOption = (key: AssignableRole): RoleOption => ({ key, ...roleDescriptions[key] });

const roleName = (role: string) =>
  role === 'owner' ? 'Owner' : isAssignableRole(role) ? roleDescriptions[role].name : role;

const presentUser = (user: TeamMemberRow): TeamUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  profile_photo_url: profilePhotoUrl(user),
});

export function presentTeamShow(view: TeamView): TeamShowProps {
  const { membership } = view;
  return {
    team: {
      id: membership.team.id,
      name: membership.team.name,
      personal_team: membership.team.personalTeam,
      timezone: membership.team.timezone,
      auto_assign: membership.team.autoAssign,
      auto_assign_limit: membership.team.autoAssignLimit,
      first_reply_target_minutes: membership.team.firstReplyTargetMinutes,
      next_reply_target_minutes: membership.team.nextReplyTargetMinutes,
      owner: presentUser(view.owner),
      users: view.members.map((member) => presentMember(view, member)),
      team_invitations: view.invitations.map((invitation) => presentInvitation(view, invitation)),
    },
    availableRoles: teamPolicy.assignableRoles(membership, assignableRoles).map(roleOption),
    permissions: teamPolicy.permissions(membership),
  };
}

function presentMember({ membership }: TeamView, member: TeamMemberRow): TeamMember {
  const role = asRole(member.role);
  return {
    ...presentUser(member),
    membership: { role: member.role, role_name: roleName(member.role) },
    is_current_user: member.id === membership.userId,
    can_update_role: teamPolicy.updateTeamMember(membership, role),
    can_remove: teamPolicy.removeTeamMember(membership, { userId: member.id, role }),
  };
}

function presentInvitation({ membership }: TeamView, invitation: TeamInvitationRow): PendingInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    role_name: roleName(invitation.role),
    can_cancel: teamPolicy.cancelInvitation(membership, isAssignableRole(invitation.role) ? invitation.role : 'admin'),
  };
}
