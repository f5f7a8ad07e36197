import type { RouteRegistry } from '../server/http/router/registry';
import { receive } from '../server/http/controllers/webhooks/webhook-controller';

/**
 * Where providers deliver channel events: public (no session, no CSRF token; each request is
 * verified by its channel's own signature or secret) and kept out of the client's route manifest.
 * `{key}` is the channel's public key.
 */
export default function webhookRoutes(routes: RouteRegistry): void {
  routes.get('/webhooks/whatsapp/{key}', receive('whatsapp')).name('webhooks.whatsapp.verify').hidden();
  routes.post('/webhooks/whatsapp/{key}', receive('whatsapp')).name('webhooks.whatsapp').hidden();
  routes.post('/webhooks/telegram/{key}', receive('telegram')).name('webhooks.telegram').hidden();
  routes.post('/webhooks/custom/{key}', receive('webhook')).name('webhooks.custom').hidden();
}
