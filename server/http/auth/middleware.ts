import type { RequestHandler } from 'express';
import { HttpError } from '../../support/errors';
import { wantsJson } from '../middleware/errors';
import { checkSignedUrl } from '../../support/signed-url';

/** `auth`: guests go to the login page (remembering where they wanted to go); JSON gets 401. */
export const auth = (): RequestHandler => (req, res, next) => {
  if (req.user) return next();
  if (wantsJson(req)) return next(new HttpError(401, 'Unauthenticated.'));
  if (req.method === 'GET') req.session.intendedUrl = req.originalUrl;
  res.redirect(req.services.route('login'));
};

/** `guest`: signed-in users go to the dashboard. */
export const guest = (): RequestHandler => (req, res, next) => {
  if (!req.user) return next();
  res.redirect(req.services.route('dashboard'));
};

/** `verified`: an unverified address goes to the verification notice; JSON gets 403. */
export const verified = (): RequestHandler => (req, res, next) => {
  if (req.user?.emailVerifiedAt) return next();
  if (wantsJson(req)) return next(new HttpError(403, 'Your email address is not verified.'));
  res.redirect(req.services.route('verification.notice'));
};

/** `signed`: the URL must carry a valid, unexpired signature. */
export const signed = (): RequestHandler => (req, _res, next) => {
  const result = checkSignedUrl(req.services.config.app.key, req.originalUrl);
  if (result === 'valid') return next();
  next(new HttpError(403, result === 'expired' ? 'This link has expired.' : 'Invalid signature.'));
};
