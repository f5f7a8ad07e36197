import type { RouteRegistry } from '../server/http/router/registry';
import * as user from '../server/http/controllers/api/user-controller';
import * as team from '../server/http/controllers/api/team-controller';

/**
 * The bearer-token API (`api.*`): a personal access token in `Authorization: Bearer …`, checked for
 * the ability each route needs, 60 requests a minute per token. JSON in and out; no session, no CSRF.
 */
export default function apiRoutes(routes: RouteRegistry): void {
  routes.group({ prefix: '/api', as: 'api.', middleware: ['auth.token', 'throttle:api'] }, (api) => {
    api.get('/user', user.show).name('user').middleware('abilities:read');
    api.get('/team', team.show).name('team').middleware('abilities:read');
  });
}
