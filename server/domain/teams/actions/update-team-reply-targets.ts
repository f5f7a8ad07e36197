import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { validate } from '../../shared/validation';
import { bags, teamReplyTargetsSchema } from '../schemas';
import { authorize, membershipOf } from '../team-access';
import { teamPolicy } from '../team-policy';
import { NotFoundError } from '../../../support/errors';
import { reportsRebuildJob } from '../../../reports/rollup';

/**
 * Owners and admins set the team's reply targets (bag `updateTeamReplyTargets`): how soon, in
 * minutes, a customer handed to a person should have the first reply, and each next one after they
 * write again; empty for none. The inbox shows each wait against its target; a change recounts the
 * team's reports (replies on target) in the background.
 */
export async function updateTeamReplyTargets(
  services: Pick<Services, 'db' | 'jobs'>,
  actor: UserRow,
  teamId: number,
  input: unknown,
): Promise<void> {
  const membership = await membershipOf(services.db, actor, teamId);
  authorize(teamPolicy.update(membership));
  const { first_reply_minutes: first, next_reply_minutes: next } = validate(
    teamReplyTargetsSchema,
    input,
    bags.updateTeamReplyTargets,
  );
  const before = membership.team;
  if (!(await teamMembershipRepository(services.db, actor.id).setReplyTargets(teamId, { first, next }))) {
    throw new NotFoundError();
  }
  // The reports measure replies against the targets as they are: recounted for every day.
  if (before.firstReplyTargetMinutes !== first || before.nextReplyTargetMinutes !== next) {
    await services.jobs.send(reportsRebuildJob, { teamId });
  }
}
