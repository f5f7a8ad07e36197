import type { RouteRegistry } from '../server/http/router/registry';
import * as channels from '../server/http/controllers/channels/channel-controller';

/**
 * Channels of the current team. Signed in and verified; a channel of another team is a 404 on
 * every route that names one. Owners, admins and editors manage; agents and viewers read.
 */
export default function channelRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/channels', channels.index).name('channels.index');
    user.get('/channels/create', channels.create).name('channels.create');
    user.post('/channels', channels.store).name('channels.store');
    user.get('/channels/{channel}', channels.show).name('channels.show').whereNumber('channel').bind('channel');
    user.get('/channels/{channel}/edit', channels.edit).name('channels.edit').whereNumber('channel').bind('channel');
    user.put('/channels/{channel}', channels.update).name('channels.update').whereNumber('channel').bind('channel');
    user
      .delete('/channels/{channel}', channels.destroy)
      .name('channels.destroy')
      .whereNumber('channel')
      .bind('channel');
    user
      .post('/channels/{channel}/check', channels.check)
      .name('channels.check')
      .whereNumber('channel')
      .bind('channel');
    user
      .post('/channels/{channel}/secret', channels.rotate)
      .name('channels.secret.rotate')
      .whereNumber('channel')
      .bind('channel');
    user
      .post('/channels/{channel}/templates/sync', channels.templates)
      .name('channels.templates.sync')
      .whereNumber('channel')
      .bind('channel');
    user
      .post('/channels/{channel}/events/{event}/replay', channels.replay)
      .name('channels.events.replay')
      .whereNumber('channel', 'event')
      .bind('channel')
      .bind('event');
  });
}
