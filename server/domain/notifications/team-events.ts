import type { Services } from '../../services';
import { userRepository } from '../../db/repositories/user-repository';
import { isAssignableRole, roleDescriptions } from '../teams/roles';
import { teamChannel } from './channels';
import { notify, type NotificationData } from './notify';

/**
 * What happens around a team's membership, as the team actions report it: the people concerned
 * get a notification (the bell), and the team's private channel `private-teams.{id}` gets
 * MembershipChanged so that an open Teams/Show reloads its members. Each action makes one call,
 * after its write (inside a transaction both wait for the commit).
 */
export type TeamEventServices = Pick<Services, 'db' | 'broadcaster' | 'route' | 'signedRoute'>;

/** Echo: `listen('MembershipChanged')` on `private-teams.{id}`. */
export const membershipChangedEvent = 'App\\Events\\MembershipChanged';

export type MembershipAction =
  'invited' | 'invitation-cancelled' | 'joined' | 'role-updated' | 'removed' | 'left' | 'deleted';

/** The notification types of team events (the `type` column and Echo's notification `type`). */
export const teamNotificationTypes = {
  invitation: 'team-invitation',
  memberJoined: 'team-member-joined',
  roleUpdated: 'team-role-updated',
  removed: 'team-member-removed',
  memberLeft: 'team-member-left',
  teamDeleted: 'team-deleted',
} as const;

interface TeamRef {
  id: number;
  name: string;
}

const roleName = (role: string) => (isAssignableRole(role) ? roleDescriptions[role].name : role);

/** MembershipChanged on the team's channel: `{team_id, action, user_id?}`. */
export async function membershipChanged(
  services: Pick<Services, 'broadcaster'>,
  teamId: number,
  action: MembershipAction,
  userId?: number,
): Promise<void> {
  await services.broadcaster.broadcast({
    channels: [teamChannel(teamId)],
    event: membershipChangedEvent,
    data: { team_id: teamId, action, ...(userId === undefined ? {} : { user_id: userId }) },
  });
}

/** What the owner's "X joined the team" notification carries. */
export function memberJoinedData(
  services: Pick<Services, 'route'>,
  team: TeamRef,
  member: { id: number; name: string },
): NotificationData {
  return {
    message: `${member.name} joined the ${team.name} team.`,
    url: services.route('teams.show', { team: team.id }),
    action: 'View team',
    team_id: team.id,
    team_name: team.name,
    member_id: member.id,
  };
}

export const teamEvents = {
  /** An invitation was sent: its addressee hears of it in the bell when they have an account. */
  async invited(
    services: TeamEventServices,
    event: { team: TeamRef; invitation: { id: number; email: string; role: string }; inviter: { name: string } },
  ): Promise<void> {
    const { team, invitation, inviter } = event;
    const invitee = await userRepository(services.db).findByEmail(invitation.email);
    if (invitee) {
      await notify(services, invitee.id, teamNotificationTypes.invitation, {
        message: `${inviter.name} invited you to join the ${team.name} team as ${roleName(invitation.role)}.`,
        url: services.signedRoute('team-invitations.accept', { invitation: invitation.id }),
        action: 'Accept invitation',
        team_id: team.id,
        team_name: team.name,
        role: invitation.role,
        invitation_id: invitation.id,
      });
    }
    await membershipChanged(services, team.id, 'invited');
  },

  async invitationCancelled(services: TeamEventServices, event: { teamId: number }): Promise<void> {
    await membershipChanged(services, event.teamId, 'invitation-cancelled');
  },

  /** Someone accepted an invitation: the team's owner hears of it. */
  async joined(
    services: TeamEventServices,
    event: { team: TeamRef & { ownerId: number }; member: { id: number; name: string } },
  ): Promise<void> {
    const { team, member } = event;
    if (team.ownerId !== member.id) {
      await notify(
        services,
        team.ownerId,
        teamNotificationTypes.memberJoined,
        memberJoinedData(services, team, member),
      );
    }
    await membershipChanged(services, team.id, 'joined', member.id);
  },

  /** A member's role changed: they hear of it (unless they changed it themselves). */
  async roleUpdated(
    services: TeamEventServices,
    event: { team: TeamRef; memberId: number; role: string; actor: { id: number; name: string } },
  ): Promise<void> {
    const { team, memberId, role, actor } = event;
    if (memberId !== actor.id) {
      await notify(services, memberId, teamNotificationTypes.roleUpdated, {
        message: `${actor.name} made you ${roleName(role)} of the ${team.name} team.`,
        url: services.route('teams.show', { team: team.id }),
        action: 'View team',
        team_id: team.id,
        team_name: team.name,
        role,
      });
    }
    await membershipChanged(services, team.id, 'role-updated', memberId);
  },

  /**
   * A member left or was removed: someone removed hears of it; when a member leaves, the
   * team's owner does.
   */
  async removed(
    services: TeamEventServices,
    event: {
      team: TeamRef & { ownerId: number };
      member: { id: number; name: string };
      actor: { id: number; name: string };
    },
  ): Promise<void> {
    const { team, member, actor } = event;
    const left = member.id === actor.id;
    if (!left) {
      await notify(services, member.id, teamNotificationTypes.removed, {
        message: `${actor.name} removed you from the ${team.name} team.`,
        team_id: team.id,
        team_name: team.name,
      });
    } else if (team.ownerId !== member.id) {
      await notify(services, team.ownerId, teamNotificationTypes.memberLeft, {
        message: `${member.name} left the ${team.name} team.`,
        url: services.route('teams.show', { team: team.id }),
        action: 'View team',
        team_id: team.id,
        team_name: team.name,
        member_id: member.id,
      });
    }
    await membershipChanged(services, team.id, left ? 'left' : 'removed', member.id);
  },

  /** The owner deleted the team: every other member hears of it; open team pages move on. */
  async deleted(
    services: TeamEventServices,
    event: { team: TeamRef; members: { id: number }[]; actor: { id: number; name: string } },
  ): Promise<void> {
    const { team, members, actor } = event;
    for (const member of members) {
      if (member.id === actor.id) continue;
      await notify(services, member.id, teamNotificationTypes.teamDeleted, {
        message: `${actor.name} deleted the ${team.name} team.`,
        team_name: team.name,
      });
    }
    await membershipChanged(services, team.id, 'deleted');
  },
};
