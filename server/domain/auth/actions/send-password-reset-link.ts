import type { Services } from '../../../services';
import { validate } from '../../shared/validation';
import { forgotPasswordSchema } from '../password-schemas';
import { randomToken, sha256 } from '../../../support/crypto';
import { userRepository } from '../../../db/repositories/user-repository';
import { passwordResetTokenRepository } from '../../../db/repositories/password-reset-token-repository';
import { sendPasswordResetNotification } from '../password-notifications';
import { sendOrLog } from '../../../support/mail/mailer';
import { timebox } from '../../../support/timebox';

/** What every request gets, whether or not the address has an account (docs/decisions/002). */
export const resetLinkSentStatus = 'We have emailed your password reset link.';

/**
 * How long every request for a link takes at least, so that the time of the answer does not tell
 * whether a mail was written and stored (an unknown address does no work at all). Mail that takes
 * longer to hand over (a slow SMTP server) shows through until mail leaves the request as a job.
 */
export const resetLinkMinimumMs = 150;

/** Laravel's broker throttle: one new link per address every 60 seconds. */
export const resetLinkThrottleSeconds = 60;

/**
 * Mails a password reset link to the address when it belongs to an account. An unknown address,
 * or a second request within 60 seconds, sends nothing and answers the same: the response never
 * tells whether an account exists. Neither does a mail that cannot be sent: the failure is logged,
 * the token dropped (so asking again is not held back by the 60 seconds) and the answer is the
 * same. Returns whether a mail was sent (for logs and tests only).
 */
export async function sendPasswordResetLink(
  services: Pick<Services, 'db' | 'logger' | 'mailer' | 'route'>,
  input: unknown,
  now = new Date(),
): Promise<{ sent: boolean }> {
  return timebox(resetLinkMinimumMs, () => sendLink(services, input, now));
}

async function sendLink(
  services: Pick<Services, 'db' | 'logger' | 'mailer' | 'route'>,
  input: unknown,
  now: Date,
): Promise<{ sent: boolean }> {
  const { email } = validate(forgotPasswordSchema, input);
  const user = await userRepository(services.db).findByEmail(email);
  if (!user) return { sent: false };

  const tokens = passwordResetTokenRepository(services.db);
  const pending = await tokens.find(user.email);
  if (pending && now.getTime() - pending.createdAt.getTime() < resetLinkThrottleSeconds * 1000) return { sent: false };

  const token = randomToken(32);
  await tokens.put(user.email, sha256(token), now);
  const sent = await sendOrLog(services.logger, { mail: 'reset-password', userId: user.id }, () =>
    sendPasswordResetNotification(services, user, token),
  );
  if (!sent) await tokens.consume(user.email, sha256(token));
  return { sent };
}
