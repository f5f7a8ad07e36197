import type { RouteRegistry } from '../server/http/router/registry';
import * as webhooks from '../server/http/controllers/integrations/webhook-controller';

/**
 * The team's integrations: webhook endpoints that hear its conversations. Signed in and verified;
 * owners and admins only (a 403 for the other roles); another team's endpoint is a 404.
 */
export default function integrationRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/integrations/webhooks', webhooks.index).name('integrations.webhooks.index');
    user.post('/integrations/webhooks', webhooks.store).name('integrations.webhooks.store');
    user
      .get('/integrations/webhooks/{webhook}', webhooks.show)
      .name('integrations.webhooks.show')
      .whereNumber('webhook')
      .bind('webhook');
    user
      .put('/integrations/webhooks/{webhook}', webhooks.update)
      .name('integrations.webhooks.update')
      .whereNumber('webhook')
      .bind('webhook');
    user
      .delete('/integrations/webhooks/{webhook}', webhooks.destroy)
      .name('integrations.webhooks.destroy')
      .whereNumber('webhook')
      .bind('webhook');
    user
      .post('/integrations/webhooks/{webhook}/test', webhooks.test)
      .name('integrations.webhooks.test')
      .middleware('throttle:webhook-calls')
      .whereNumber('webhook')
      .bind('webhook');
    user
      .post('/integrations/webhooks/{webhook}/secret', webhooks.rotate)
      .name('integrations.webhooks.secret.rotate')
      .whereNumber('webhook')
      .bind('webhook');
    user
      .post('/integrations/webhooks/{webhook}/deliveries/{delivery}/resend', webhooks.resend)
      .name('integrations.webhooks.deliveries.resend')
      .middleware('throttle:webhook-calls')
      .whereNumber('webhook', 'delivery')
      .bind('webhook')
      .bind('delivery');
  });
}
