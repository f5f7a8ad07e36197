import type { Request, Response } from 'express';
import { passwordResetStatus, resetPassword } from '../../../domain/auth/actions/reset-password';
import { wantsJson } from '../../middleware/errors';
import { flash } from '../../middleware/session';

export async function create(req: Request, res: Response) {
  // The token is in this page's URL: no Referer to other sites (this site needs it to send
  // validation errors back to the form).
  res.set('Referrer-Policy', 'same-origin');
  await req.inertia.render('Auth/ResetPassword', {
    email: typeof req.query.email === 'string' ? req.query.email : '',
    token: String(req.params.token),
  });
}

export async function store(req: Request, res: Response) {
  await resetPassword(req.services, req.body);
  if (wantsJson(req)) return res.json({ message: passwordResetStatus });
  flash(req, 'status', passwordResetStatus);
  res.redirect(303, req.services.route('login'));
}
