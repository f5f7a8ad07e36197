import type { UserRow } from '../../../db/repositories/user-repository';
import { teamInvitationRepository } from '../../../db/repositories/team-invitation-repository';
import { NotFoundError } from '../../../support/errors';
import { isAssignableRole } from '../roles';
import { authorize, membershipOf } from '../team-access';
import { teamPolicy } from '../team-policy';
import { teamEvents, type TeamEventServices } from '../../notifications/team-events';

/** Withdraws a pending invitation: those who may invite with its role may cancel it. */
export async function cancelTeamInvitation(
  services: TeamEventServices,
  actor: UserRow,
  invitationId: number,
): Promise<void> {
  const invitations = teamInvitationRepository(services.db, actor.id);
  const invitation = await invitations.find(invitationId);
  if (!invitation) throw new NotFoundError();
  const membership = await membershipOf(services.db, actor, invitation.teamId);
  authorize(teamPolicy.cancelInvitation(membership, isAssignableRole(invitation.role) ? invitation.role : 'admin'));
  await invitations.delete(invitation.teamId, invitationId);
  await teamEvents.invitationCancelled(services, { teamId: invitation.teamId, invitation });
}
