import type { Request, Response } from 'express';
import { resetLinkSentStatus, sendPasswordResetLink } from '../../../domain/auth/actions/send-password-reset-link';
import { wantsJson } from '../../middleware/errors';
import { flash } from '../../middleware/session';

export async function create(req: Request) {
  await req.inertia.render('Auth/ForgotPassword', { status: req.flashed.status ?? null });
}

/** The same answer whether or not the address has an account (docs/decisions/002). */
export async function store(req: Request, res: Response) {
  await sendPasswordResetLink(req.services, req.body);
  if (wantsJson(req)) return res.json({ message: resetLinkSentStatus });
  flash(req, 'status', resetLinkSentStatus);
  res.redirect(303, req.services.route('password.request'));
}
