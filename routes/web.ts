import type { RouteRegistry } from '../server/http/router/registry';
import * as welcome from '../server/http/controllers/pages/welcome-controller';
import * as legal from '../server/http/controllers/pages/legal-controller';
import * as health from '../server/http/controllers/pages/health-controller';
import * as earlyAccess from '../server/http/controllers/early-access/early-access-controller';

export default function web(routes: RouteRegistry): void {
  routes.get('/', welcome.show).name('welcome');

  routes.get('/early-access', earlyAccess.create).name('early-access.create');
  routes.post('/early-access', earlyAccess.store).name('early-access.store').middleware('throttle:early-access');

  routes.get('/privacy', legal.show('privacy')).name('privacy');
  routes.get('/privacy-policy', legal.show('privacy-policy')).name('privacy-policy');
  routes.get('/terms', legal.show('terms')).name('terms');
  routes.get('/terms-of-service', legal.show('terms-of-service')).name('terms-of-service');

  routes.get('/up', health.show).name('up').hidden();
}
