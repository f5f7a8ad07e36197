import type { Request, Response } from 'express';
import { teamAndRoleOf } from '../../../domain/api-tokens/memberships';
import { effectivePermissions } from '../../../domain/api-tokens/token-permissions';
import { presentApiTeam } from '../../../presenters/api-presenter';
import { ForbiddenError } from '../../../support/errors';

/**
 * `GET /api/team`: the token's team with the user's role there and what the token may do. A token
 * whose user has left (or was removed from) its team is refused with 403: the token still proves
 * who the user is, but it no longer speaks for that team (docs/decisions/006).
 */
export async function show(req: Request, res: Response) {
  const token = req.accessToken!;
  const membership = await teamAndRoleOf(req.services.db, token.userId, token.teamId);
  if (!membership) throw new ForbiddenError("This token's user no longer belongs to its team.");
  const { team, role } = membership;
  res.json(presentApiTeam(team, role, effectivePermissions(role, token.abilities)));
}
