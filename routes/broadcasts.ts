import type { RouteRegistry } from '../server/http/router/registry';
import * as broadcasts from '../server/http/controllers/broadcasts/broadcast-controller';

/**
 * WhatsApp broadcasts of the current team. Signed in and verified; whoever reads conversations
 * sees them, owners, admins and editors send and cancel them; another team's broadcast is a 404.
 */
export default function broadcastRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/broadcasts', broadcasts.index).name('broadcasts.index');
    user.get('/broadcasts/create', broadcasts.create).name('broadcasts.create');
    user.post('/broadcasts', broadcasts.store).name('broadcasts.store');
    user.get('/broadcasts/audience', broadcasts.audience).name('broadcasts.audience');
    user
      .get('/broadcasts/{broadcast}', broadcasts.show)
      .name('broadcasts.show')
      .whereNumber('broadcast')
      .bind('broadcast');
    user
      .get('/broadcasts/{broadcast}/export', broadcasts.exportRecipients)
      .name('broadcasts.export')
      .whereNumber('broadcast')
      .bind('broadcast');
    user
      .post('/broadcasts/{broadcast}/cancel', broadcasts.cancel)
      .name('broadcasts.cancel')
      .whereNumber('broadcast')
      .bind('broadcast');
  });
}
