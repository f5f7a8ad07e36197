import type { Request, RequestHandler } from 'express';
import { HttpError } from '../../support/errors';
import { authenticateToken, type AccessToken } from '../../domain/api-tokens/authenticate-token';
import { isTokenAbility, tokenCan } from '../../domain/api-tokens/token-permissions';
import type { TokenAbility } from '../../domain/teams/roles';
import type { MiddlewareFactory } from '../router/dispatch';
import { teamPlan } from '../../billing/limits';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The personal access token an API request was authenticated with. */
      accessToken?: AccessToken;
    }
  }
}

const unauthenticated = () => new HttpError(401, 'Unauthenticated.', { 'WWW-Authenticate': 'Bearer' });

/** The value of `Authorization: Bearer <value>`, if the request sent one. */
export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}

/**
 * `auth.token`: the request must carry a valid personal access token; its user becomes `req.user`
 * and the token `req.accessToken`. A browser session is never enough here (and never looked at):
 * the API skips CSRF checks, so it must not honour cookies. Anything else is 401 JSON.
 */
export const authenticateBearer = (): RequestHandler => (req, _res, next) => {
  req.user = undefined;
  req.accessToken = undefined;
  const bearer = bearerToken(req);
  if (!bearer) return next(unauthenticated());
  authenticateToken(req.services, bearer)
    .then(async (result) => {
      if (!result) return next(unauthenticated());
      // The API is part of the plan: a team whose plan leaves it out gets a 403 saying so.
      const plan = await teamPlan(req.services.db, req.services.config, result.token.teamId);
      if (!plan.limits.apiAccess) {
        return next(
          new HttpError(
            403,
            `The ${plan.name} plan does not include API access. Upgrade the team's plan on the Billing page.`,
          ),
        );
      }
      req.user = result.user;
      req.accessToken = result.token;
      next();
    })
    .catch(next);
};

function abilityList(argument: string | undefined, middleware: string): TokenAbility[] {
  const names = (argument ?? '').split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !isTokenAbility(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`${middleware} needs known abilities (${middleware}:read,update); got '${argument ?? ''}'`);
  }
  return names as TokenAbility[];
}

const listed = (abilities: string[], joiner: string) =>
  abilities.length === 1 ? abilities[0] : `${abilities.slice(0, -1).join(', ')} ${joiner} ${abilities.at(-1)}`;

/** `abilities:a,b` (Sanctum's CheckAbilities): the token must carry every one; 403 names those missing. */
export const requireAbilities: MiddlewareFactory = (argument) => {
  const required = abilityList(argument, 'abilities');
  return (req, _res, next) => {
    const token = req.accessToken;
    if (!token) return next(unauthenticated());
    const missing = required.filter((ability) => !tokenCan(token.abilities, ability));
    if (missing.length === 0) return next();
    const noun = missing.length === 1 ? 'ability' : 'abilities';
    next(new HttpError(403, `This token does not have the ${listed(missing, 'and')} ${noun}.`));
  };
};

/** `ability:a,b` (Sanctum's CheckForAnyAbility): the token must carry at least one. */
export const requireAnyAbility: MiddlewareFactory = (argument) => {
  const accepted = abilityList(argument, 'ability');
  return (req, _res, next) => {
    const token = req.accessToken;
    if (!token) return next(unauthenticated());
    if (accepted.some((ability) => tokenCan(token.abilities, ability))) return next();
    next(new HttpError(403, `This token does not have the ${listed(accepted, 'or')} ability.`));
  };
};

/** The token middleware by name, for server/http/route-middleware.ts. */
export const tokenMiddleware: Record<string, MiddlewareFactory> = {
  'auth.token': authenticateBearer,
  abilities: requireAbilities,
  ability: requireAnyAbility,
};
