import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { teamRepository, type TeamRow } from '../../../db/repositories/team-repository';
import { userRepository } from '../../../db/repositories/user-repository';
import { validate } from '../../shared/validation';
import { bags, teamNameSchema } from '../schemas';

/**
 * Jetstream's CreateTeam: a team owned by the actor, made their current team. Anyone signed in
 * and verified may create teams (plan limits, when billing arrives, are checked here).
 */
export async function createTeam(services: Pick<Services, 'db'>, actor: UserRow, input: unknown): Promise<TeamRow> {
  const { name } = validate(teamNameSchema, input, bags.createTeam);
  return services.db.transaction(async (tx) => {
    const team = await teamRepository(tx).create({ userId: actor.id, name, personalTeam: false });
    await userRepository(tx).update(actor.id, { currentTeamId: team.id });
    return team;
  });
}
