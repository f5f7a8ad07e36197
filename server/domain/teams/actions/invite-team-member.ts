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
import { sendOrLog } from '../../../support/mail/mailer';
import { withinLimit } from '../../../billing/limits';

type Deps = Pick<Services, 'db' | 'logger' | 'mailer' | 'signedRoute' | 'route' | 'routes' | 'config' | 'broadcaster'>;

/**
 * Jetstream's InviteTeamMember (bag `addTeamMember`): an invitation with a role, mailed with a
 * signed accept link. Admins invite editors, agents and viewers; only the owner invites admins.
 * When the mail cannot be sent the failure is logged, the invitation withdrawn and the form says
 * so, so that inviting again works (docs/decisions/005).
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

  // Members and pending invitations count against the plan, under one team lock.
  const invitation = await withinLimit(
    services.db,
    services.config,
    teamId,
    'members',
    { field: 'email', bag: bags.addTeamMember },
    (tx) => teamInvitationRepository(tx, actor.id).create(teamId, { email, role }),
  );
  if (!invitation) throw alreadyInvited;
  const hasAccount = (await userRepository(services.db).findByEmail(email)) !== undefined;
  const sent = await sendOrLog(services.logger, { mail: 'team-invitation', teamId, invitationId: invitation.id }, () =>
    sendTeamInvitation(services, invitation, membership.team, hasAccount),
  );
  if (!sent) {
    await invitations.delete(teamId, invitation.id);
    throw new ValidationError({ email: messages.invitationNotSent }, bags.addTeamMember);
  }
  await teamEvents.invited(services, { team: membership.team, invitation, inviter: actor });
  return invitation;
}
