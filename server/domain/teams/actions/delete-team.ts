import type { UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { ValidationError } from '../../../support/errors';
import { bags, messages } from '../schemas';
import { authorize, membershipOf } from '../team-access';
import { teamPolicy } from '../team-policy';
import { teamEvents, type TeamEventServices } from '../../notifications/team-events';

/**
 * Jetstream's DeleteTeam (the route has already asked for the password): only the owner, never
 * the personal team. The team's memberships, invitations, tokens and other data go with it;
 * whoever had it as their current team falls back to their personal team. The members hear of it
 * (the bell), and open team pages leave for the dashboard (MembershipChanged `deleted`).
 */
export async function deleteTeam(services: TeamEventServices, actor: UserRow, teamId: number): Promise<void> {
  const membership = await membershipOf(services.db, actor, teamId);
  authorize(teamPolicy.delete(membership));
  if (membership.team.personalTeam) {
    throw new ValidationError({ team: messages.cannotDeletePersonalTeam }, bags.deleteTeam);
  }
  const members = await teamMembershipRepository(services.db, actor.id).members(teamId);
  await services.db.transaction(async (tx) => {
    const deleted = await teamMembershipRepository(tx, actor.id).delete(teamId);
    if (deleted) await teamEvents.deleted({ ...services, db: tx }, { team: membership.team, members, actor });
  });
}
