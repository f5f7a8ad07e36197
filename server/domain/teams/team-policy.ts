import { allows, type AssignableRole, type Permission, type Role, type TokenAbility } from './roles';

/**
 * Who may do what to a team, read from the one permission table in roles.ts. Actions call it
 * before they write; GET controllers call it before they render; pages get its booleans.
 * See docs/decisions/005-team-roles.md.
 *
 * A membership exists only for a team the user belongs to: the repositories never return
 * another team, so "not a member" is a 404 before any of these questions is asked.
 */
export interface Membership {
  team: {
    id: number;
    userId: number;
    name: string;
    personalTeam: boolean;
    timezone: string;
    autoAssign: boolean;
    autoAssignLimit: number | null;
    firstReplyTargetMinutes: number | null;
    nextReplyTargetMinutes: number | null;
  };
  userId: number;
  role: Role;
  /** Abilities of the API token the request came with; absent for browser sessions. */
  abilities?: readonly TokenAbility[];
}

/** The five booleans Teams/Show receives (Jetstream's `permissions`). */
export interface TeamPermissions {
  canAddTeamMembers: boolean;
  canDeleteTeam: boolean;
  canRemoveTeamMembers: boolean;
  canUpdateTeam: boolean;
  canUpdateTeamMembers: boolean;
}

/**
 * What the member may do in their current team, as the navigation and the dashboard offer it
 * (`auth.user.current_team.can`, Dashboard's `can`): a page shows a link or an invitation to act
 * only when its boolean is true, and never reads the role itself.
 */
export interface TeamAbilities {
  /** Team settings: renaming the team or managing its members and invitations. */
  manageTeam: boolean;
  inviteMembers: boolean;
  viewMembers: boolean;
  viewBots: boolean;
  createBots: boolean;
  viewKnowledges: boolean;
  createKnowledges: boolean;
  viewChannels: boolean;
  createChannels: boolean;
  viewConversations: boolean;
  /** Taking a conversation over from a bot, replying and resolving it. */
  handleConversations: boolean;
  viewReports: boolean;
  /** The Billing page (owners and admins). */
  viewBilling: boolean;
  /** Buying, changing and cancelling the plan (owners). */
  manageBilling: boolean;
}

/**
 * Rank decides whom a manager may manage: only roles strictly below their own. The owner
 * outranks admins; admins outrank editors, agents and viewers, but not one another.
 */
const rank: Record<Role, number> = { owner: 3, admin: 2, editor: 1, agent: 1, viewer: 1 };

const outranks = (actor: Role, target: Role) => rank[actor] > rank[target];

/** The role allows the permission, and the API token (if any) carries the ability it needs. */
export function can(membership: Membership, permission: Permission): boolean {
  return allows(membership.role, permission, membership.abilities);
}

export const teamPolicy = {
  /** Every member sees the team, its members and their roles. */
  view(membership: Membership): boolean {
    return can(membership, 'members:view');
  },

  update(membership: Membership): boolean {
    return can(membership, 'team:update');
  },

  delete(membership: Membership): boolean {
    return can(membership, 'team:delete');
  },

  addTeamMember(membership: Membership): boolean {
    return can(membership, 'members:invite');
  },

  /** Roles the actor may give, to an invitation or to a member: only those below their own. */
  assignableRoles(membership: Membership, roles: readonly AssignableRole[]): AssignableRole[] {
    if (!can(membership, 'members:invite') && !can(membership, 'members:update')) return [];
    return roles.filter((role) => outranks(membership.role, role));
  },

  /** Inviting with this role: an admin cannot make admins. */
  inviteAs(membership: Membership, role: AssignableRole): boolean {
    return can(membership, 'members:invite') && outranks(membership.role, role);
  },

  /** Changing a member's role from `from` to `to`: both must rank below the actor. */
  updateTeamMember(membership: Membership, from: Role, to?: AssignableRole): boolean {
    return (
      can(membership, 'members:update') &&
      outranks(membership.role, from) &&
      (to === undefined || outranks(membership.role, to))
    );
  },

  /**
   * Removing a member: anyone may leave (the owner is refused later, with a message); managers
   * remove members ranked below them.
   */
  removeTeamMember(membership: Membership, target: { userId: number; role: Role }): boolean {
    if (target.userId === membership.userId) return true;
    return can(membership, 'members:remove') && outranks(membership.role, target.role);
  },

  /** Withdrawing an invitation is part of inviting: the same people, for the same roles. */
  cancelInvitation(membership: Membership, role: AssignableRole): boolean {
    return teamPolicy.inviteAs(membership, role);
  },

  abilities(membership: Membership): TeamAbilities {
    const allowed = (permission: Permission) => can(membership, permission);
    return {
      manageTeam: (['team:update', 'members:invite', 'members:update', 'members:remove'] as const).some(allowed),
      inviteMembers: teamPolicy.addTeamMember(membership),
      viewMembers: teamPolicy.view(membership),
      viewBots: allowed('bots:view'),
      createBots: allowed('bots:create'),
      viewKnowledges: allowed('knowledges:view'),
      createKnowledges: allowed('knowledges:create'),
      viewChannels: allowed('channels:view'),
      createChannels: allowed('channels:create'),
      viewConversations: allowed('conversations:view'),
      handleConversations: allowed('conversations:reply'),
      viewReports: allowed('reports:view'),
      viewBilling: allowed('billing:view'),
      manageBilling: allowed('billing:manage'),
    };
  },

  permissions(membership: Membership): TeamPermissions {
    return {
      canAddTeamMembers: teamPolicy.addTeamMember(membership),
      canDeleteTeam: teamPolicy.delete(membership),
      canRemoveTeamMembers: can(membership, 'members:remove'),
      canUpdateTeam: teamPolicy.update(membership),
      canUpdateTeamMembers: can(membership, 'members:update'),
    };
  },
};
