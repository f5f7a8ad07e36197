import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { ValidationError } from '../../../support/errors';
import { bags, messages } from '../schemas';
import { authorize, membershipOf } from '../team-access';
import { teamPolicy } from '../team-policy';

/**
 * Jetstream's DeleteTeam (the route has already asked for the password): only the owner, never
 * the personal team. The team's memberships, invitations, tokens and other data go with it;
 * whoever had it as their current team falls back to their personal team.
 */
export async function deleteTeam(services: Pick<Services, 'db'>, actor: UserRow, teamId: number): Promise<void> {
  const membership = await membershipOf(services.db, actor, teamId);
  authorize(teamPolicy.delete(membership));
  if (membership.team.personalTeam) {
    throw new ValidationError({ team: messages.cannotDeletePersonalTeam }, bags.deleteTeam);
  }
  await teamMembershipRepository(services.db, actor.id).delete(teamId);
}
