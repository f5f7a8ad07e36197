import type { Request, Response } from 'express';
import { teamAndRoleOf, type TeamAndRole } from '../../../domain/api-tokens/memberships';
import { effectivePermissions } from '../../../domain/api-tokens/token-permissions';
import { updateTeamName } from '../../../domain/teams/actions/update-team-name';
import { presentApiTeam } from '../../../presenters/api-presenter';
import { ForbiddenError } from '../../../support/errors';

/**
 * The token's team with the user's role there. A token whose user has left (or was removed from)
 * its team is refused with 403: the token still proves who the user is, but it no longer speaks
 * for that team (docs/decisions/006).
 */
async function tokenTeam(req: Request): Promise<TeamAndRole> {
  const token = req.accessToken!;
  const membership = await teamAndRoleOf(req.services.db, token.userId, token.teamId);
  if (!membership) throw new ForbiddenError("This token's user no longer belongs to its team.");
  return membership;
}

function respond(req: Request, res: Response, { team, role }: TeamAndRole) {
  res.json(presentApiTeam(team, role, effectivePermissions(role, req.accessToken!.abilities)));
}

/** `GET /api/team`: the token's team, the user's role there and what the token may do. */
export async function show(req: Request, res: Response) {
  respond(req, res, await tokenTeam(req));
}

/** `PUT /api/team`: renames the token's team through the same action as the team settings page. */
export async function update(req: Request, res: Response) {
  const { team } = await tokenTeam(req);
  await updateTeamName(req.services, req.user!, team.id, req.body);
  respond(req, res, await tokenTeam(req));
}
