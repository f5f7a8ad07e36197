import type { RouteRegistry } from '../server/http/router/registry';
import { customFile, receive } from '../server/http/controllers/webhooks/webhook-controller';
import { stripeWebhook, xenditWebhook } from '../server/http/controllers/billing/payment-webhook-controller';

/**
 * Where providers deliver channel events: public (no session, no CSRF token; each request is
 * verified by its channel's own signature or secret) and kept out of the client's route manifest.
 * `{key}` is the channel's public key; each channel's deliveries are rate limited on their own
 * (`webhooks` in server/http/limiters.ts).
 */
export default function webhookRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['throttle:webhooks'] }, (hooks) => {
    hooks.get('/webhooks/whatsapp/{key}', receive('whatsapp')).name('webhooks.whatsapp.verify').hidden();
    hooks.post('/webhooks/whatsapp/{key}', receive('whatsapp')).name('webhooks.whatsapp').hidden();
    hooks.post('/webhooks/telegram/{key}', receive('telegram')).name('webhooks.telegram').hidden();
    hooks.post('/webhooks/custom/{key}', receive('webhook')).name('webhooks.custom').hidden();
    hooks
      .get('/webhooks/custom/{key}/files/{message}/{index}', customFile)
      .name('webhooks.custom.file')
      .whereNumber('message')
      .whereNumber('index')
      .middleware('signed')
      .hidden();
    hooks.post('/webhooks/stripe', stripeWebhook).name('webhooks.stripe').hidden();
    hooks.post('/webhooks/xendit', xenditWebhook).name('webhooks.xendit').hidden();
  });
}
