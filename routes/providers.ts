import type { RouteRegistry } from '../server/http/router/registry';
import * as providers from '../server/http/controllers/teams/provider-controller';

/** A team's own OpenAI-compatible model servers (Teams/Show, owners and admins). */
export default function providerRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.post('/teams/{team}/providers', providers.store).name('team-providers.store').whereNumber('team').bind('team');
    user
      .put('/teams/{team}/providers/{provider}', providers.update)
      .name('team-providers.update')
      .whereNumber('team', 'provider')
      .bind('team')
      .bind('provider');
    user
      .delete('/teams/{team}/providers/{provider}', providers.destroy)
      .name('team-providers.destroy')
      .whereNumber('team', 'provider')
      .bind('team')
      .bind('provider');
    user
      .post('/teams/{team}/providers/{provider}/test', providers.test)
      .name('team-providers.test')
      .whereNumber('team', 'provider')
      .bind('team')
      .bind('provider');
  });
}
