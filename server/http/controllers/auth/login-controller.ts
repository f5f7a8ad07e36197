import type { Request, Response } from 'express';
import { attemptLogin } from '../../../domain/auth/actions/attempt-login';
import { login, logout, redirectIntended } from '../../auth/session-guard';

export async function create(req: Request) {
  await req.inertia.render('Auth/Login', {
    canResetPassword: req.services.routes.has('password.request'),
    status: req.flashed.status ?? null,
  });
}

export async function store(req: Request, res: Response) {
  const { user, remember } = await attemptLogin(req.services, req.body, { ip: req.ip ?? '' });
  if (user.twoFactorSecret && user.twoFactorConfirmedAt && req.services.routes.has('two-factor.login')) {
    req.session.twoFactorLoginId = user.id;
    req.session.twoFactorRemember = remember;
    return res.redirect(303, req.services.route('two-factor.login'));
  }
  await login(req, res, user, remember);
  redirectIntended(req, res);
}

export async function destroy(req: Request, res: Response) {
  await logout(req, res);
  res.redirect(303, req.services.route('welcome'));
}
