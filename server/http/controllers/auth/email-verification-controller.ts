import type { Request, Response } from 'express';
import { verifyEmail } from '../../../domain/auth/actions/verify-email';
import { sendVerificationLink } from '../../../domain/auth/actions/send-verification-link';
import { redirectIntended } from '../../auth/session-guard';
import { wantsJson } from '../../middleware/errors';
import { flash } from '../../middleware/session';
import { developmentMailboxUrl } from '../../../support/mail/development-mailbox';

export async function notice(req: Request, res: Response) {
  if (req.user!.emailVerifiedAt) return redirectIntended(req, res);
  await req.inertia.render('Auth/VerifyEmail', {
    status: req.flashed.status ?? null,
    // In development the mail is in the local mailbox, not in anyone's inbox: say where.
    mailboxUrl: developmentMailboxUrl(req.services),
  });
}

export async function verify(req: Request, res: Response) {
  await verifyEmail(req.services, req.user!, { id: String(req.params.id), hash: String(req.params.hash) });
  if (wantsJson(req)) return res.status(204).end();
  redirectIntended(req, res, 'dashboard', '?verified=1');
}

export async function send(req: Request, res: Response) {
  const result = await sendVerificationLink(req.services, req.user!);
  if (result === 'already-verified') {
    if (wantsJson(req)) return res.status(204).end();
    return redirectIntended(req, res);
  }
  if (wantsJson(req)) return res.status(202).end();
  flash(req, 'status', 'verification-link-sent');
  res.redirect(303, req.get('referer') ?? req.services.route('verification.notice'));
}
