import type { Request } from 'express';
import { currentTeamAndRole, teamAndRoleOf } from '../../../domain/api-tokens/memberships';
import type { KnowledgeActor } from '../../../domain/knowledges/knowledge-policy';
import { ForbiddenError, NotFoundError } from '../../../support/errors';

/**
 * Who acts on knowledge in this request: a browser session acts in the user's current team, an
 * API token in its own team and within its abilities. Knowledge of any other team is not found.
 */
export async function knowledgeActor(req: Request): Promise<KnowledgeActor> {
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
