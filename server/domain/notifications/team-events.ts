import type { Services } from '../../services';
import { userRepository } from '../../db/repositories/user-repository';
import { notificationRepository } from '../../db/repositories/notification-repository';
import { inviteeInvitationRepository } from '../../db/repositories/team-invitation-repository';
import { isAssignableRole, roleDescriptions } from '../teams/roles';
import { teamChannel } from './channels';
import { notify, type NotificationData } from './notify';
import { broadcastNotificationsRead } from './notifications-read';

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

/** What an invitation's notification carries: the signed accept link (the mail's) as its action. */
function invitationData(
  services: Pick<Services, 'signedRoute'>,
  team: TeamRef,
  invitation: { id: number; role: string },
  inviter?: { name: string },
): NotificationData {
  const joining = `join the ${team.name} team as ${roleName(invitation.role)}.`;
  return {
    message: inviter ? `${inviter.name} invited you to ${joining}` : `You have been invited to ${joining}`,
    url: services.signedRoute('team-invitations.accept', { invitation: invitation.id }),
    action: 'Accept invitation',
    team_id: team.id,
    team_name: team.name,
    role: invitation.role,
    invitation_id: invitation.id,
  };
}

/**
 * The invitation is accepted or withdrawn: the invitee's notification of it is read and loses its
 * Accept link (it leads nowhere now); their other tabs' bells catch up.
 */
async function settleInvitationNotice(
  services: TeamEventServices,
  inviteeId: number,
  invitationId: number,
): Promise<void> {
  const notifications = notificationRepository(services.db, inviteeId);
  const ids = await notifications.settleWith(teamNotificationTypes.invitation, { invitation_id: invitationId }, [
    'url',
    'action',
  ]);
  if (ids.length > 0) {
    await broadcastNotificationsRead(services, inviteeId, { ids, unreadCount: await notifications.unreadCount() });
  }
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
      await notify(
        services,
        invitee.id,
        teamNotificationTypes.invitation,
        invitationData(services, team, invitation, inviter),
      );
    }
    await membershipChanged(services, team.id, 'invited');
  },

  /**
   * An address was just verified: invitations sent to it before it had an account (or while it
   * was unverified) reach its bell now, each once, with the same Accept link as the mail.
   */
  async invitationsAwaiting(services: TeamEventServices, user: { id: number; email: string }): Promise<void> {
    const notifications = notificationRepository(services.db, user.id);
    for (const invitation of await inviteeInvitationRepository(services.db, user).pending()) {
      const match = { invitation_id: invitation.id };
      if (await notifications.existsWith(teamNotificationTypes.invitation, match)) continue;
      await notify(
        services,
        user.id,
        teamNotificationTypes.invitation,
        invitationData(services, { id: invitation.teamId, name: invitation.teamName }, invitation),
      );
    }
  },

  async invitationCancelled(
    services: TeamEventServices,
    event: { teamId: number; invitation: { id: number; email: string } },
  ): Promise<void> {
    const invitee = await userRepository(services.db).findByEmail(event.invitation.email);
    if (invitee) await settleInvitationNotice(services, invitee.id, event.invitation.id);
    await membershipChanged(services, event.teamId, 'invitation-cancelled');
  },

  /**
   * Someone accepted an invitation: the team's owner hears of it; the invitee's own notification
   * of the invitation (when it came with one) is settled.
   */
  async joined(
    services: TeamEventServices,
    event: { team: TeamRef & { ownerId: number }; member: { id: number; name: string }; invitationId?: number },
  ): Promise<void> {
    const { team, member } = event;
    if (event.invitationId !== undefined) await settleInvitationNotice(services, member.id, event.invitationId);
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
