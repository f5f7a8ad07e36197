import type { Services } from '../../../services';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { teamInvitationRepository, type TeamInvitationRow } from '../../../db/repositories/team-invitation-repository';
import { ValidationError } from '../../../support/errors';
import { validate } from '../../shared/validation';
import { addTeamMemberSchema, bags, messages } from '../schemas';
import { authorize, membershipOf } from '../team-access';
import { teamPolicy } from '../team-policy';
import { sendTeamInvitation } from '../notifications';
import { teamEvents } from '../../notifications/team-events';

type Deps = Pick<Services, 'db' | 'mailer' | 'signedRoute' | 'route' | 'routes' | 'config' | 'broadcaster'>;

/**
 * Jetstream's InviteTeamMember (bag `addTeamMember`): an invitation with a role, mailed with a
 * signed accept link. Admins invite editors, agents and viewers; only the owner invites admins.
 */
export async function inviteTeamMember(
  services: Deps,
  actor: UserRow,
  teamId: number,
  input: unknown,
): Promise<TeamInvitationRow> {
  const membership = await membershipOf(services.db, actor, teamId);
  authorize(teamPolicy.addTeamMember(membership));
  const { email, role } = validate(addTeamMemberSchema, input, bags.addTeamMember);
  authorize(teamPolicy.inviteAs(membership, role));

  const invitations = teamInvitationRepository(services.db, actor.id);
  const alreadyInvited = new ValidationError({ email: messages.alreadyInvited }, bags.addTeamMember);
  if (await invitations.exists(teamId, email)) throw alreadyInvited;
  if (await teamMembershipRepository(services.db, actor.id).hasUserWithEmail(teamId, email)) {
    throw new ValidationError({ email: messages.alreadyMember }, bags.addTeamMember);
  }

  const invitation = await invitations.create(teamId, { email, role });
  if (!invitation) throw alreadyInvited;
  const hasAccount = (await userRepository(services.db).findByEmail(email)) !== undefined;
  await sendTeamInvitation(services, invitation, membership.team, hasAccount);
  await teamEvents.invited(services, { team: membership.team, invitation, inviter: actor });
  return invitation;
}
