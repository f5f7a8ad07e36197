import type { UserRow } from '../../../db/repositories/user-repository';
import { inviteeInvitationRepository } from '../../../db/repositories/team-invitation-repository';
import { NotFoundError } from '../../../support/errors';
import { messages } from '../schemas';
import { teamEvents, type TeamEventServices } from '../../notifications/team-events';

/**
 * Accepting an invitation (the link is signed and the actor's address verified): the signed-in
 * user joins with the invited role only when the invitation was sent to their own address, and
 * the invitation is deleted. For anyone else it is a 404 and nothing changes: unlike Jetstream,
 * whoever holds the link cannot add the invited account (jetstream#1279). Unlike Jetstream too
 * (jetstream#605), the team becomes the actor's current team: they joined to work in it.
 */
export async function acceptTeamInvitation(
  services: TeamEventServices,
  actor: UserRow,
  invitationId: number,
): Promise<{ teamName: string }> {
  const invitations = inviteeInvitationRepository(services.db, actor);
  const invitation = await invitations.find(invitationId);
  if (!invitation || !(await invitations.accept(invitationId))) throw new NotFoundError(messages.invitationNotFound);
  await teamEvents.joined(services, {
    team: { id: invitation.teamId, name: invitation.teamName, ownerId: invitation.teamOwnerId },
    member: actor,
    invitationId,
  });
  return { teamName: invitation.teamName };
}
