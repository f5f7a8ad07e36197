import type { Request, Response } from 'express';
import { apiTokenRepository } from '../../../db/repositories/api-token-repository';
import { createApiToken } from '../../../domain/api-tokens/actions/create-api-token';
import { updateApiToken } from '../../../domain/api-tokens/actions/update-api-token';
import { revokeApiToken } from '../../../domain/api-tokens/actions/revoke-api-token';
import { apiTokenPolicy } from '../../../domain/api-tokens/api-token-policy';
import { pickCurrentTeam } from '../../../domain/api-tokens/memberships';
import { expirationChoices } from '../../../domain/api-tokens/schemas';
import { asRole } from '../../../domain/teams/team-access';
import { defaultTokenAbilities, tokenAbilities } from '../../../domain/teams/roles';
import { teamRepository } from '../../../db/repositories/team-repository';
import { presentApiToken, type ApiTokensPageProps } from '../../../presenters/api-token-presenter';
import { routeId } from '../../route-params';

/** API/Index: the user's tokens, what abilities exist, and whether the current team lets them make one. */
export async function index(req: Request) {
  const user = req.user!;
  const { db } = req.services;
  const [tokens, teams] = await Promise.all([
    apiTokenRepository(db).forUser(user.id),
    teamRepository(db).forUser(user.id),
  ]);
  const current = pickCurrentTeam(teams, user.currentTeamId);
  const roleIn = (teamId: number) => {
    const team = teams.find((t) => t.id === teamId);
    return team ? asRole(team.role) : undefined;
  };
  const props: ApiTokensPageProps = {
    tokens: tokens.map((token) =>
      presentApiToken(token, { update: apiTokenPolicy.update(roleIn(token.teamId)), delete: apiTokenPolicy.delete() }),
    ),
    availablePermissions: [...tokenAbilities],
    defaultPermissions: [...defaultTokenAbilities],
    expirationChoices: expirationChoices.map(({ value, label }) => ({ value, label })),
    permissions: { canCreateApiTokens: apiTokenPolicy.create(current?.role) },
  };
  await req.inertia.render('API/Index', { ...props });
}

/** Creates a token and flashes its plain text to the next page, the only time it is shown. */
export async function store(req: Request, res: Response) {
  const { plainText } = await createApiToken(req.services, req.user!, req.body);
  req.inertia.flash('token', plainText);
  res.redirect(303, req.services.route('api-tokens.index'));
}

export async function update(req: Request, res: Response) {
  await updateApiToken(req.services, req.user!, routeId(req, 'token'), req.body);
  res.redirect(303, req.services.route('api-tokens.index'));
}

export async function destroy(req: Request, res: Response) {
  await revokeApiToken(req.services, req.user!, routeId(req, 'token'));
  res.redirect(303, req.services.route('api-tokens.index'));
}
