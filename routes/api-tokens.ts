import type { RouteRegistry } from '../server/http/router/registry';
import * as apiTokens from '../server/http/controllers/api-tokens/api-token-controller';

/** Jetstream's API token screen (`api-tokens.*`): signed in and verified. */
export default function apiTokenRoutes(routes: RouteRegistry): void {
  routes.group({ prefix: '/user/api-tokens', as: 'api-tokens.', middleware: ['auth', 'verified'] }, (tokens) => {
    tokens.get('/', apiTokens.index).name('index');
    tokens.post('/', apiTokens.store).name('store');
    tokens.put('/{token}', apiTokens.update).name('update').bind('token').whereNumber('token');
    tokens.delete('/{token}', apiTokens.destroy).name('destroy').bind('token').whereNumber('token');
  });
}
