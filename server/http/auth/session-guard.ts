import type { Request, RequestHandler, Response } from 'express';
import { hmacSha256, randomToken, safeEqual, sha256 } from '../../support/crypto';
import { userRepository, type UserRow } from '../../db/repositories/user-repository';
import { regenerateSession, rememberDevice } from '../middleware/session';
import { isBearerOnly, regenerateCsrfToken } from '../middleware/csrf';
import { parseId } from '../route-params';
import { requestCookie } from '../cookies';

declare module '../middleware/session' {
  interface SessionData {
    /** Fingerprint of the password hash at login: a password change elsewhere ends this session. */
    passwordFingerprint: string;
    /** Where to go after logging in (Laravel's url.intended). */
    intendedUrl: string;
    /** Unix seconds of the last password confirmation. */
    passwordConfirmedAt: number;
    /** A login waiting for its two-factor code: the user id and the remember-me choice. */
    twoFactorLoginId: number;
    twoFactorRemember: boolean;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The signed-in user, when there is one. */
      user?: UserRow;
    }
  }
}

export const rememberCookie = 'remember_web';
const rememberMaxAgeMs = 400 * 24 * 60 * 60 * 1000;

/** Fingerprints computed lately, by password hash (every signed-in request checks one); bounded. */
const fingerprints = new Map<string, string>();

export function passwordFingerprint(user: Pick<UserRow, 'password'>): string {
  let fingerprint = fingerprints.get(user.password);
  if (fingerprint === undefined) {
    fingerprint = sha256(user.password).slice(0, 40);
    if (fingerprints.size >= 10_000) fingerprints.clear();
    fingerprints.set(user.password, fingerprint);
  }
  return fingerprint;
}

/**
 * The secret a remember-me cookie carries: an HMAC (APP_KEY) of the user's `remember_token`. Every
 * browser the user asks to be remembered gets the same one, as in Laravel, which reuses the token;
 * the column alone (a database dump) signs nobody in.
 */
const rememberSecret = (key: Buffer, userId: number, token: string) =>
  hmacSha256(key, `remember-me|${userId}|${token}`);

/**
 * Signs a user in: a new session id and CSRF token, and a remember-me cookie when asked. The
 * user's remember token is reused when it has one, so remembering this browser does not forget
 * the others; logging out, a password change or reset, and logging out other sessions replace it.
 */
export async function login(req: Request, res: Response, user: UserRow, remember = false): Promise<void> {
  regenerateSession(req);
  req.session.userId = user.id;
  rememberDevice(req);
  req.session.passwordFingerprint = passwordFingerprint(user);
  regenerateCsrfToken(req, res);
  req.user = user;
  if (remember) {
    const token = await userRepository(req.services.db).ensureRememberToken(user.id, randomToken(30));
    if (!token) return;
    res.cookie(rememberCookie, `${user.id}|${rememberSecret(req.services.config.app.key, user.id, token)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.services.config.app.secure,
      maxAge: rememberMaxAgeMs,
      path: '/',
    });
  }
}

/**
 * Signs out: the session is emptied under a new id. The remember token is cycled (Laravel's
 * cycleRememberToken; the next remembered login makes a new one), so no browser stays
 * remembered, this one or another.
 */
export async function logout(req: Request, res: Response): Promise<void> {
  if (req.user) await userRepository(req.services.db).update(req.user.id, { rememberToken: null });
  res.clearCookie(rememberCookie, { path: '/' });
  const keepFlash = req.session._flash;
  req.session.invalidate();
  if (keepFlash) req.session._flash = keepFlash;
  regenerateCsrfToken(req, res);
  req.user = undefined;
  req.inertia.clearHistory();
}

/**
 * Loads `req.user` from the session, or from a valid remember-me cookie (signing in again under
 * a new session). A session whose password fingerprint no longer matches is ended.
 */
export function authenticate(): RequestHandler {
  return (req, res, next) => {
    // A guest without a remember-me cookie (most guest requests): nothing to look up.
    if (!req.session.userId && (isBearerOnly(req) || !rememberCookieOf(req))) return next();
    resolveUser(req, res).then(() => next(), next);
  };
}

const rememberCookieOf = (req: Request) => req.cookies?.[rememberCookie] ?? requestCookie(req, rememberCookie);

async function resolveUser(req: Request, res: Response): Promise<void> {
  // Let past the CSRF check on the strength of a bearer token: the session may not authenticate it.
  if (isBearerOnly(req)) return;
  const users = userRepository(req.services.db);
  if (req.session.userId) {
    const user = await users.find(req.session.userId);
    if (user && req.session.passwordFingerprint === passwordFingerprint(user)) {
      req.user = user;
      return;
    }
    await logout(req, res);
    return;
  }
  const cookie = rememberCookieOf(req);
  if (!cookie) return;
  const [id, secret] = cookie.split('|');
  const userId = parseId(id);
  const user = userId === undefined ? undefined : await users.find(userId);
  const expected = user?.rememberToken
    ? rememberSecret(req.services.config.app.key, user.id, user.rememberToken)
    : undefined;
  if (!user || !expected || !secret || !safeEqual(secret, expected)) {
    res.clearCookie(rememberCookie, { path: '/' });
    return;
  }
  regenerateSession(req);
  req.session.userId = user.id;
  rememberDevice(req);
  req.session.passwordFingerprint = passwordFingerprint(user);
  req.user = user;
}

/** Redirects to the URL the user wanted before logging in, or to a named route. */
export function redirectIntended(req: Request, res: Response, fallback = 'dashboard', query = ''): void {
  const intended = req.session.intendedUrl;
  delete req.session.intendedUrl;
  res.redirect(303, intended ?? req.services.route(fallback) + query);
}
