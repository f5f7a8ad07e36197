import type { Request, Response } from 'express';
import { confirmPassword } from '../../../domain/auth/actions/confirm-password';
import {
  markPasswordConfirmed,
  passwordTimeoutSeconds,
  secondsSincePasswordConfirmation,
} from '../../auth/require-password';
import { redirectIntended } from '../../auth/session-guard';
import { wantsJson } from '../../middleware/errors';

export async function create(req: Request) {
  await req.inertia.render('Auth/ConfirmPassword');
}

export async function store(req: Request, res: Response) {
  await confirmPassword(req.user!, req.body);
  markPasswordConfirmed(req);
  if (wantsJson(req)) return res.status(201).json('');
  redirectIntended(req, res);
}

/** `{confirmed}` for the client's confirm-before-acting modal; `?seconds=` narrows the window. */
export function status(req: Request, res: Response) {
  const asked = Number(req.query.seconds);
  const window =
    typeof req.query.seconds === 'string' && Number.isInteger(asked) && asked >= 0 ? asked : passwordTimeoutSeconds;
  const elapsed = secondsSincePasswordConfirmation(req);
  const confirmed = elapsed !== undefined && elapsed < window;
  if (confirmed && elapsed > 0) res.set('X-Retry-After', String(elapsed));
  res.json({ confirmed });
}
