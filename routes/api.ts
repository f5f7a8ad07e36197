import type { RouteRegistry } from '../server/http/router/registry';
import * as user from '../server/http/controllers/api/user-controller';
import * as team from '../server/http/controllers/api/team-controller';
import * as reference from '../server/http/controllers/api/reference-controller';
import { teamNameSchema } from '../server/domain/teams/schemas';
import { apiTeamSchema, apiUserSchema } from '../server/presenters/api-schemas';
import { effectivePermissions } from '../server/domain/api-tokens/token-permissions';

/** An administrator's team as a token with read and update sees it. */
const teamExample = {
  id: 7,
  name: 'Warung Kopi Nusantara',
  personal_team: false,
  role: 'admin',
  permissions: effectivePermissions('admin', ['read', 'update']),
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-22T08:30:00.000Z',
};

/**
 * The bearer-token API (`api.*`): a personal access token in `Authorization: Bearer …`, checked for
 * the ability each route needs, 60 requests a minute per token. JSON in and out; no session, no CSRF.
 * Every route under /api says what it does in `.openapi()`: that is the reference served at
 * /api/openapi.json and shown at /docs/api (server/http/openapi), and a test fails without it.
 */
export default function apiRoutes(routes: RouteRegistry): void {
  routes.group({ prefix: '/api', as: 'api.', middleware: ['auth.token', 'throttle:api'] }, (api) => {
    api
      .get('/user', user.show)
      .name('user')
      .middleware('abilities:read')
      .openapi({
        tag: 'Account',
        summary: "The token's user",
        response: {
          description: 'The user the token belongs to.',
          schema: apiUserSchema,
          example: {
            id: 1,
            name: 'Dewi Lestari',
            email: 'demo@kawan.test',
            email_verified_at: '2026-11-01T09:00:00.000Z',
            created_at: '2026-11-01T09:00:00.000Z',
            updated_at: '2026-11-01T09:00:00.000Z',
          },
        },
      });
    api
      .get('/team', team.show)
      .name('team')
      .middleware('abilities:read')
      .openapi({
        tag: 'Team',
        summary: "The token's team",
        description: "The team the token acts in, the user's role there and the permissions this token has in it.",
        response: { description: 'The team.', schema: apiTeamSchema, example: teamExample },
        errors: { 403: "The token's user no longer belongs to its team." },
      });
    api
      .put('/team', team.update)
      .name('team.update')
      .middleware('abilities:update')
      .openapi({
        tag: 'Team',
        summary: "Rename the token's team",
        description: 'Owners and administrators may rename the team, as on the team settings page.',
        body: teamNameSchema,
        bodyExample: { name: 'Warung Kopi Nusantara' },
        response: { description: 'The team with its new name.', schema: apiTeamSchema, example: teamExample },
        errors: {
          403: "The user's role may not rename the team, or the user no longer belongs to it.",
        },
      });
  });

  // The reference itself: public (it holds no secrets), so tools can read it without a token.
  routes
    .get('/api/openapi.json', reference.document)
    .name('api.openapi')
    .openapi({
      tag: 'Reference',
      summary: 'This API as an OpenAPI 3.1 document',
      response: {
        description: 'The OpenAPI document, generated from the routes and the schemas that validate them.',
      },
    });

  // The same reference for people, in the signed-in app next to the API tokens.
  routes.get('/docs/api', reference.show).name('api-docs').middleware('auth', 'verified');
}
