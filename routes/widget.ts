import type { RouteRegistry } from '../server/http/router/registry';
import * as widget from '../server/http/controllers/widget/widget-controller';

/**
 * The web chat widget: its loader script, the public endpoints its panel calls (no session, no
 * CSRF token; each checks the channel's allowed domains and the visitor's token) and a preview
 * page. Kept out of the client's route manifest.
 */
export default function widgetRoutes(routes: RouteRegistry): void {
  routes.get('/widget.js', widget.script).name('widget.script').hidden();
  routes.get('/demo/widget', widget.demo).name('demo.widget').hidden();
  // Rate limits per channel (server/http/limiters.ts), counted after the channel and its CORS
  // headers are known, so that the widget can read a 429's message and Retry-After.
  routes.group({ prefix: '/widget/{key}', as: 'widget.', middleware: ['widget.channel'] }, (api) => {
    api.get('/config', widget.config).name('config').middleware('throttle:widget').hidden();
    api.post('/session', widget.session).name('session').middleware('throttle:widget-session').hidden();
    // Each answer may make a contact: counted with the sessions that give visitor ids.
    api.post('/contact', widget.contact).name('contact').middleware('throttle:widget-session').hidden();
    api
      .post('/messages', widget.send)
      .name('messages')
      .middleware('throttle:widget-messages', 'throttle:widget-messages-ip')
      .hidden();
    api
      .post('/attachments', widget.upload)
      .name('attachments.store')
      .middleware('throttle:widget-messages', 'throttle:widget-messages-ip')
      .hidden();
    api
      .get('/messages/{message}/attachments/{index}', widget.attachment)
      .name('attachments.show')
      .whereNumber('message')
      .whereNumber('index')
      .middleware('throttle:widget')
      .hidden();
    api.post('/handoff', widget.handoff).name('handoff').middleware('throttle:widget').hidden();
    api.post('/typing', widget.typing).name('typing').middleware('throttle:widget').hidden();
    api.post('/csat', widget.csat).name('csat').middleware('throttle:widget').hidden();
    api
      .post('/messages/{message}/feedback', widget.feedback)
      .name('feedback')
      .whereNumber('message')
      .middleware('throttle:widget')
      .hidden();
    api
      .post('/broadcasting/auth', widget.broadcastingAuth)
      .name('broadcasting.auth')
      .middleware('throttle:widget')
      .hidden();
  });
}
