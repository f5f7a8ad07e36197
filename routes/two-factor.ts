import type { RouteRegistry } from '../server/http/router/registry';
import * as challenge from '../server/http/controllers/two-factor/two-factor-challenge-controller';
import * as twoFactor from '../server/http/controllers/two-factor/two-factor-authentication-controller';
import * as setup from '../server/http/controllers/two-factor/two-factor-setup-controller';

/** Two-factor authentication: the login challenge and its management from the profile (Fortify's names). */
export default function twoFactorRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['guest'] }, (guest) => {
    guest.get('/two-factor-challenge', challenge.create).name('two-factor.login');
    guest
      .post('/two-factor-challenge', challenge.store)
      .name('two-factor.login.store')
      .middleware('throttle:two-factor');
  });

  routes.group({ prefix: '/user', middleware: ['auth', 'password.confirm'] }, (user) => {
    user.post('/two-factor-authentication', twoFactor.enable).name('two-factor.enable');
    user.post('/confirmed-two-factor-authentication', twoFactor.confirm).name('two-factor.confirm');
    user.delete('/two-factor-authentication', twoFactor.disable).name('two-factor.disable');
    user.get('/two-factor-qr-code', setup.qrCode).name('two-factor.qr-code');
    user.get('/two-factor-secret-key', setup.secretKey).name('two-factor.secret-key');
    user.get('/two-factor-recovery-codes', setup.recoveryCodes).name('two-factor.recovery-codes');
    user.post('/two-factor-recovery-codes', setup.regenerate).name('two-factor.regenerate-recovery-codes');
  });
}
