import type { RouteRegistry } from '../server/http/router/registry';
import * as notifications from '../server/http/controllers/notifications/notification-controller';

const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * The notifications bell: the list (JSON), marking one or all read, following one (from the bell or
 * an e-mail: read, in its team, where it leads). Signed in; a notification of
 * someone else is a 404. New notifications arrive live on `private-App.Models.User.{id}`.
 */
export default function notificationRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth'] }, (user) => {
    user.get('/user/notifications', notifications.index).name('notifications.index');
    user.put('/user/notifications/read-all', notifications.readAll).name('notifications.read-all');
    user
      .get('/user/notifications/{notification}/open', notifications.open)
      .name('notifications.open')
      .where('notification', uuid)
      .bind('notification');
    user
      .put('/user/notifications/{notification}', notifications.read)
      .name('notifications.read')
      .where('notification', uuid)
      .bind('notification');
  });
}
