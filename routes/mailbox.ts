import type { RouteRegistry } from '../server/http/router/registry';
import * as mailbox from '../server/http/controllers/dev/mailbox-controller';

/**
 * The development mailbox. Hidden from the client's route list; the controller answers 404 in
 * production and whenever MAIL_URL sends mail for real.
 */
export default function mailboxRoutes(routes: RouteRegistry): void {
  routes.group({ prefix: '/_mailbox', as: 'mailbox.', exposed: false }, (dev) => {
    dev.get('/', mailbox.index).name('index');
    dev.get('/{id}', mailbox.show).name('show').where('id', '[\\w-]+');
  });
}
