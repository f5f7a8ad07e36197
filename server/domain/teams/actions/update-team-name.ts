import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { validate } from '../../shared/validation';
import { bags, teamNameSchema } from '../schemas';
import { authorize, membershipOf } from '../team-access';
import { teamPolicy } from '../team-policy';

/** Jetstream's UpdateTeamName: owners and admins rename the team (bag `updateTeamName`). */
export async function updateTeamName(
  services: Pick<Services, 'db'>,
  actor: UserRow,
  teamId: number,
  input: unknown,
): Promise<void> {
  const membership = await membershipOf(services.db, actor, teamId);
  authorize(teamPolicy.update(membership));
  const { name } = validate(teamNameSchema, input, bags.updateTeamName);
  await teamMembershipRepository(services.db, actor.id).rename(teamId, name);
}
