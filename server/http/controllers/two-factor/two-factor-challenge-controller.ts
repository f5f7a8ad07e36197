import type { Request, Response } from 'express';
import { userRepository } from '../../../db/repositories/user-repository';
import { passTwoFactorChallenge } from '../../../domain/two-factor/actions/pass-two-factor-challenge';
import { login, redirectIntended } from '../../auth/session-guard';
import { wantsJson } from '../../middleware/errors';
import { flash } from '../../middleware/session';
import { ValidationError } from '../../../support/errors';

/** The user whose password was accepted and who now owes a code (Fortify's `login.id`). */
async function pendingUser(req: Request) {
  const id = req.session.twoFactorLoginId;
  return id ? userRepository(req.services.db).find(id) : undefined;
}

/** GET /two-factor-challenge (`two-factor.login`): the code form, or the login page when no login is pending. */
export async function create(req: Request, res: Response) {
  if (!(await pendingUser(req))) return res.redirect(req.services.route('login'));
  await req.inertia.render('Auth/TwoFactorChallenge');
}

/**
 * POST /two-factor-challenge (`two-factor.login.store`): a valid code or recovery code finishes
 * the login with the remember-me choice made at the password step; a wrong one leaves the
 * pending login in place, with the message on the field used.
 */
export async function store(req: Request, res: Response) {
  const user = await pendingUser(req);
  try {
    await passTwoFactorChallenge(req.services, user, req.body);
  } catch (error) {
    if (!(error instanceof ValidationError) || wantsJson(req)) throw error;
    // Back to the challenge itself (never to /login): the pending login survives a wrong code.
    flash(req, 'errors', { default: error.errors });
    return res.redirect(303, req.services.route('two-factor.login'));
  }
  const remember = req.session.twoFactorRemember === true;
  delete req.session.twoFactorLoginId;
  delete req.session.twoFactorRemember;
  await login(req, res, user!, remember);
  if (wantsJson(req)) return res.status(204).end();
  redirectIntended(req, res);
}
