import type { Request } from 'express';
import type { LimiterDefinition } from './middleware/throttle';
import { widgetVisitorId } from './controllers/widget/widget-controller';

/** The channel a widget or webhook request is for (`{key}` in its path): every channel counts on its own. */
const channelOf = (req: Request) => `channel:${String(req.params.key)}`;

/**
 * A channel webhook counts per channel; a payment provider's (/webhooks/stripe, /webhooks/xendit,
 * no channel key) per endpoint and IP, so a flood from one address never uses up Stripe's share.
 */
const webhookSender = (req: Request) => (req.params.key === undefined ? `${req.path}|ip:${req.ip}` : channelOf(req));

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
  /**
   * Requests Kawan makes from the page to a team's webhook endpoint at once ("Send test event",
   * "Resend"), per user: each waits on someone else's server for up to the channel timeout.
   */
  'webhook-calls': { points: 20, duration: 60, key: (req) => `user:${req.user?.id ?? req.ip}` },
  /** Bearer API requests per personal access token (routes/api.ts, after `auth.token`). */
  api: { points: 60, duration: 60, key: (req) => `token:${req.accessToken?.id ?? req.ip}` },

  // The chat widget's public endpoints (routes/widget.ts), per channel. Many visitors can share an
  // IP (an office, a mobile carrier's NAT), so the per-IP limits leave room for several at once.
  /** Sessions opened per IP: one each time a page's chat is opened or reconnects. */
  'widget-session': { points: 30, duration: 60, key: (req) => `${channelOf(req)}|ip:${req.ip}`, tellWait: true },
  /** Messages per visitor (as their token proves; per IP without a valid token): a person types slower. */
  'widget-messages': {
    points: 20,
    duration: 60,
    key: (req) => {
      const visitor = widgetVisitorId(req);
      return `${channelOf(req)}|${visitor ? `visitor:${visitor}` : `ip:${req.ip}`}`;
    },
    tellWait: true,
  },
  /** Messages per IP, whatever visitor ids it presents. */
  'widget-messages-ip': { points: 60, duration: 60, key: (req) => `${channelOf(req)}|ip:${req.ip}`, tellWait: true },
  /** Every other widget call per IP: the config on each page load, typing, ratings, realtime auth. */
  widget: { points: 600, duration: 60, key: (req) => `${channelOf(req)}|ip:${req.ip}`, tellWait: true },
  /**
   * Provider deliveries per channel (routes/webhooks.ts): 300 a second on average, past WhatsApp's
   * default 80 messages a second with their status updates; a flood beyond it gets 429, which
   * providers retry later.
   */
  webhooks: { points: 18_000, duration: 60, key: webhookSender, tellWait: true },
};
