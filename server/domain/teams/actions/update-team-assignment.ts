import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { validate } from '../../shared/validation';
import { bags, teamAssignmentSchema } from '../schemas';
import { authorize, membershipOf } from '../team-access';
import { teamPolicy } from '../team-policy';
import { NotFoundError } from '../../../support/errors';

/**
 * Owners and admins choose whether conversations handed to a person are assigned automatically to
 * an online member who takes conversations, and how many in hand one may be given at most (bag
 * `updateTeamAssignment`;
 * server/domain/conversations/auto-assign.ts).
 */
export async function updateTeamAssignment(
  services: Pick<Services, 'db'>,
  actor: UserRow,
  teamId: number,
  input: unknown,
): Promise<void> {
  const membership = await membershipOf(services.db, actor, teamId);
  authorize(teamPolicy.update(membership));
  const { auto_assign: autoAssign, auto_assign_limit: limit } = validate(
    teamAssignmentSchema,
    input,
    bags.updateTeamAssignment,
  );
  if (!(await teamMembershipRepository(services.db, actor.id).setAutoAssign(teamId, autoAssign, limit))) {
    throw new NotFoundError();
  }
}
