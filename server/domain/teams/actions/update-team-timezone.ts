import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { reportsRebuildJob } from '../../../reports/rollup';
import { validate } from '../../shared/validation';
import { bags, teamTimezoneSchema } from '../schemas';
import { authorize, membershipOf } from '../team-access';
import { teamPolicy } from '../team-policy';
import { NotFoundError } from '../../../support/errors';

/**
 * Owners and admins set the time zone the team's reports count days and hours in (bag
 * `updateTeamTimezone`). Days are other days in another zone, so a change recomputes every day
 * of the team's reports in a job.
 */
export async function updateTeamTimezone(
  services: Pick<Services, 'db' | 'jobs'>,
  actor: UserRow,
  teamId: number,
  input: unknown,
): Promise<void> {
  const membership = await membershipOf(services.db, actor, teamId);
  authorize(teamPolicy.update(membership));
  const { timezone } = validate(teamTimezoneSchema, input, bags.updateTeamTimezone);
  await services.db.transaction(async (tx) => {
    const changed = await teamMembershipRepository(tx, actor.id).setTimezone(teamId, timezone);
    if (!changed) throw new NotFoundError();
    if (changed.previous !== timezone) await services.jobs.send(reportsRebuildJob, { teamId });
  });
}
