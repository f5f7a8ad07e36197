import type { Request, Response } from 'express';
import { parse } from 'cookie';
import type { UserRow } from '../../../db/repositories/user-repository';
import { login, rememberCookie } from '../../auth/session-guard';
import { wantsJson } from '../../middleware/errors';

/** Back to the form with a status, as Fortify and Jetstream answer (303); JSON callers get a 200. */
export function backWithStatus(req: Request, res: Response, status: string): void {
  if (wantsJson(req)) {
    res.status(200).json({ status });
    return;
  }
  req.inertia.flash('status', status);
  res.redirect(303, req.get('referer') ?? req.services.route('profile.show'));
}

/**
 * After a credential change this browser stays signed in: it gets a new session id carrying the
 * new password fingerprint, and a new remember-me cookie when it had one (the action rotated the
 * old token away, for every browser).
 */
export async function keepThisBrowserSignedIn(req: Request, res: Response, user: UserRow): Promise<void> {
  const remembered = Boolean(parse(req.get('cookie') ?? '')[rememberCookie]);
  await login(req, res, user, remembered);
}
