import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { sendEmailVerification } from '../notifications';

/**
 * Mails a fresh verification link to the signed-in user (Fortify's
 * EmailVerificationNotificationController). Nothing is sent to an address already verified.
 */
export async function sendVerificationLink(
  services: Pick<Services, 'mailer' | 'signedRoute'>,
  actor: UserRow,
): Promise<'sent' | 'already-verified'> {
  if (actor.emailVerifiedAt) return 'already-verified';
  await sendEmailVerification(services, actor);
  return 'sent';
}
