import type { RouteRegistry } from '../server/http/router/registry';
import * as resetLink from '../server/http/controllers/auth/password-reset-link-controller';
import * as newPassword from '../server/http/controllers/auth/new-password-controller';
import * as verification from '../server/http/controllers/auth/email-verification-controller';
import * as confirmPassword from '../server/http/controllers/auth/confirm-password-controller';

/** Forgotten passwords, e-mail verification and password confirmation (Fortify's names). */
export default function passwords(routes: RouteRegistry): void {
  routes.group({ middleware: ['guest'] }, (guest) => {
    guest.get('/forgot-password', resetLink.create).name('password.request');
    guest.post('/forgot-password', resetLink.store).name('password.email').middleware('throttle:password-reset');
    guest.get('/reset-password/{token}', newPassword.create).name('password.reset');
    guest.post('/reset-password', newPassword.store).name('password.update');
  });

  routes.group({ middleware: ['auth'] }, (auth) => {
    auth.get('/email/verify', verification.notice).name('verification.notice');
    auth
      .get('/email/verify/{id}/{hash}', verification.verify)
      .name('verification.verify')
      .middleware('signed', 'throttle:verification');
    auth
      .post('/email/verification-notification', verification.send)
      .name('verification.send')
      .middleware('throttle:verification');

    auth.get('/user/confirm-password', confirmPassword.create).name('password.confirm');
    auth.post('/user/confirm-password', confirmPassword.store).name('password.confirm.store');
    auth.get('/user/confirmed-password-status', confirmPassword.status).name('password.confirmation');
  });
}
