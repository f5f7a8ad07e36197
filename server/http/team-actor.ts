import type { Request } from 'express';
import { currentTeamAndRole, teamAndRoleOf } from '../domain/api-tokens/memberships';
import type { Role } from '../domain/teams/roles';
import { ForbiddenError, NotFoundError } from '../support/errors';

/** A member acting in one team: the policies of bots, knowledge… take this. */
export interface TeamActor {
  userId: number;
  teamId: number;
  role: Role;
  /** Abilities of the API token the request came with; absent for browser sessions. */
  abilities?: readonly string[];
}

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
