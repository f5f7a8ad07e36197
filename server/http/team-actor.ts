import type { Request } from 'express';
import { currentTeamAndRole, teamAndRoleOf } from '../domain/api-tokens/memberships';
import type { TeamActor } from '../domain/teams/team-access';
import { ForbiddenError, NotFoundError } from '../support/errors';

/**
 * Who acts in this request: a browser session acts in the user's current team, an API token in its
 * own team and within its abilities. Rows of any other team are not found.
 */
export async function teamActor(req: Request): Promise<TeamActor> {
  const { db } = req.services;
  const token = req.accessToken;
  if (token) {
    const membership = await teamAndRoleOf(db, token.userId, token.teamId);
    if (!membership) throw new ForbiddenError("This token's user no longer belongs to its team.");
    return { userId: token.userId, teamId: membership.team.id, role: membership.role, abilities: token.abilities };
  }
  const membership = await currentTeamAndRole(db, req.user!);
  if (!membership) throw new NotFoundError();
  return { userId: req.user!.id, teamId: membership.team.id, role: membership.role };
}
