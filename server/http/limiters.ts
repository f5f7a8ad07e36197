import type { LimiterDefinition } from './middleware/throttle';

/** Named rate limits (`throttle:<name>` on a route). */
export const limiterDefinitions: Record<string, LimiterDefinition> = {
  'early-access': { points: 5, duration: 60, key: (req) => `ip:${req.ip}` },
  /** Failed logins per e-mail + IP; counted by the login action itself (docs/decisions/001). */
  login: { points: 5, duration: 60, key: (req) => `${String(req.body?.email ?? '').toLowerCase()}|${req.ip}` },
  /** Sign-ups per IP: keeps "The email has already been taken." from being used to list accounts. */
  register: { points: 10, duration: 60, key: (req) => `ip:${req.ip}` },
  /** Verification links and resends per user (Laravel's throttle:6,1). */
  verification: { points: 6, duration: 60, key: (req) => `user:${req.user?.id ?? req.ip}` },
  /** Password-reset link requests per IP. */
  'password-reset': { points: 5, duration: 60, key: (req) => `ip:${req.ip}` },
  /** Two-factor challenge attempts per pending login. */
  'two-factor': { points: 5, duration: 60, key: (req) => `login:${req.session.twoFactorLoginId ?? req.ip}` },
  /** Bearer API requests per personal access token (routes/api.ts, after `auth.token`). */
  api: { points: 60, duration: 60, key: (req) => `token:${req.accessToken?.id ?? req.ip}` },
};
