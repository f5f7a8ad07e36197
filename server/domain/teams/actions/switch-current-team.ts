import type { Services } from '../../../services';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { ForbiddenError } from '../../../support/errors';

const maxId = 2_147_483_647;

/**
 * Jetstream's switchTeam: the current team may only become a team the actor belongs to. Any
 * other value, an unknown team included, is a 403 that says nothing about whether it exists.
 */
export async function switchCurrentTeam(services: Pick<Services, 'db'>, actor: UserRow, input: unknown): Promise<void> {
  const raw = (input && typeof input === 'object' ? (input as Record<string, unknown>).team_id : undefined) ?? '';
  const teamId = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isInteger(teamId) || teamId < 1 || teamId > maxId) throw new ForbiddenError();
  const found = await teamMembershipRepository(services.db, actor.id).find(teamId);
  if (!found) throw new ForbiddenError();
  await userRepository(services.db).update(actor.id, { currentTeamId: teamId });
}
