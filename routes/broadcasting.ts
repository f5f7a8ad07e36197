import type { RouteRegistry } from '../server/http/router/registry';
import * as broadcasting from '../server/http/controllers/broadcasting/broadcasting-controller';

/**
 * Laravel's Broadcast::routes() and Broadcast::userRoutes(): the endpoints Echo posts `socket_id`
 * (and `channel_name`) to, with the X-CSRF-TOKEN of the page's meta tag. A browser session or a
 * personal access token (`Authorization: Bearer`) names the user; guests get 403. Who may join
 * which channel is decided in server/broadcasting/channels.ts (Laravel's routes/channels.php).
 */
export default function broadcastingRoutes(routes: RouteRegistry): void {
  routes.post('/broadcasting/auth', broadcasting.auth).name('broadcasting.auth');
  routes.post('/broadcasting/user-auth', broadcasting.userAuth).name('broadcasting.user-auth');
}
