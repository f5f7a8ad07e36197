import type { RouteRegistry } from '../server/http/router/registry';
import * as loginController from '../server/http/controllers/auth/login-controller';
import * as registerController from '../server/http/controllers/auth/register-controller';
import * as dashboard from '../server/http/controllers/pages/dashboard-controller';

/** Signing in and out, registering, and the signed-in home (Fortify's route names). */
export default function auth(routes: RouteRegistry): void {
  routes.group({ middleware: ['guest'] }, (guest) => {
    guest.get('/login', loginController.create).name('login');
    guest.post('/login', loginController.store).name('login.store');
    guest.get('/register', registerController.create).name('register');
    guest.post('/register', registerController.store).name('register.store').middleware('throttle:register');
  });

  routes.post('/logout', loginController.destroy).name('logout').middleware('auth');

  routes.get('/dashboard', dashboard.show).name('dashboard').middleware('auth', 'verified');
}
