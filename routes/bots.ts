import type { RouteRegistry } from '../server/http/router/registry';
import * as bots from '../server/http/controllers/bots/bot-controller';

/**
 * Bots of the current team. Signed in and verified; a bot of another team is a 404 on every route
 * that names one. Owners, admins and editors build and publish; agents and viewers read and may
 * use the test chat.
 */
export default function botRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/bots', bots.index).name('bots.index');
    user.get('/bots/create', bots.create).name('bots.create');
    user.post('/bots', bots.store).name('bots.store');
    user.get('/bots/{bot}', bots.show).name('bots.show').whereNumber('bot').bind('bot');
    user.get('/bots/{bot}/edit', bots.edit).name('bots.edit').whereNumber('bot').bind('bot');
    user.put('/bots/{bot}', bots.update).name('bots.update').whereNumber('bot').bind('bot');
    user.delete('/bots/{bot}', bots.destroy).name('bots.destroy').whereNumber('bot').bind('bot');
    user.post('/bots/{bot}/publish', bots.publish).name('bots.publish').whereNumber('bot').bind('bot');
    user
      .post('/bots/{bot}/versions/{version}/restore', bots.restore)
      .name('bots.versions.restore')
      .whereNumber('bot', 'version')
      .bind('bot')
      .bind('version');
    user.post('/bots/{bot}/replay', bots.replay).name('bots.replay').whereNumber('bot').bind('bot');
    user.post('/bots/{bot}/chat', bots.chat).name('bots.chat').whereNumber('bot').bind('bot');
    user
      .put('/bots/{bot}/turns/{turn}/feedback', bots.feedback)
      .name('bots.turns.feedback')
      .whereNumber('bot', 'turn')
      .bind('bot')
      .bind('turn');
  });
}
