import type { UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { NotFoundError, ValidationError } from '../../../support/errors';
import { bags, messages } from '../schemas';
import { asRole, authorize, membershipOf } from '../team-access';
import { teamPolicy } from '../team-policy';
import { teamEvents, type TeamEventServices } from '../../notifications/team-events';

/**
 * Jetstream's RemoveTeamMember: a member leaves, or a manager removes someone ranked below them.
 * The owner cannot leave (bag `removeTeamMember`). The removed member's current team falls back
 * to their personal team. Returns whether the actor left.
 */
export async function removeTeamMember(
  services: TeamEventServices,
  actor: UserRow,
  subject: { teamId: number; userId: number },
): Promise<{ left: boolean }> {
  const membership = await membershipOf(services.db, actor, subject.teamId);
  const members = teamMembershipRepository(services.db, actor.id);
  const target = await members.member(subject.teamId, subject.userId);
  if (!target) throw new NotFoundError();
  const role = asRole(target.role);
  authorize(teamPolicy.removeTeamMember(membership, { userId: target.id, role }));
  if (role === 'owner') throw new ValidationError({ team: messages.cannotLeaveOwnTeam }, bags.removeTeamMember);
  await members.remove(subject.teamId, subject.userId);
  await teamEvents.removed(services, {
    team: { ...membership.team, ownerId: membership.team.userId },
    member: target,
    actor,
  });
  return { left: target.id === actor.id };
}
