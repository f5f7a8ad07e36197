import type { UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { NotFoundError } from '../../../support/errors';
import { validate } from '../../shared/validation';
import { updateRoleSchema } from '../schemas';
import { asRole, authorize, membershipOf } from '../team-access';
import { teamPolicy } from '../team-policy';
import { teamEvents, type TeamEventServices } from '../../notifications/team-events';

/**
 * Jetstream's UpdateTeamMemberRole (default error bag). The member must belong to the team (else
 * 404); the owner's role never changes; admins change only editors, agents and viewers, and only
 * to those roles.
 */
export async function updateTeamMemberRole(
  services: TeamEventServices,
  actor: UserRow,
  subject: { teamId: number; userId: number },
  input: unknown,
): Promise<void> {
  const membership = await membershipOf(services.db, actor, subject.teamId);
  const members = teamMembershipRepository(services.db, actor.id);
  const target = await members.member(subject.teamId, subject.userId);
  if (!target) throw new NotFoundError();
  const current = asRole(target.role);
  authorize(teamPolicy.updateTeamMember(membership, current));
  const { role } = validate(updateRoleSchema, input);
  authorize(teamPolicy.updateTeamMember(membership, current, role));
  await members.updateRole(subject.teamId, subject.userId, role);
  await teamEvents.roleUpdated(services, { team: membership.team, memberId: subject.userId, role, actor });
}
