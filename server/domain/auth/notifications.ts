import type { Services } from '../../services';
import type { UserRow } from '../../db/repositories/user-repository';
import { sha1 } from '../../support/crypto';

export const verificationLinkLifetimeMinutes = 60;

/** The e-mail with a signed link, valid 60 minutes, that verifies the user's current address. */
export async function sendEmailVerification(services: Pick<Services, 'mailer' | 'signedRoute'>, user: UserRow): Promise<void> {
  const url = services.signedRoute(
    'verification.verify',
    { id: user.id, hash: sha1(user.email) },
    new Date(Date.now() + verificationLinkLifetimeMinutes * 60_000),
  );
  await services.mailer.send(user.email, {
    subject: 'Verify Email Address',
    greeting: `Hello ${user.name}!`,
    lines: ['Please click the button below to verify your email address.'],
    action: { text: 'Verify Email Address', url },
    outro: ['If you did not create an account, no further action is required.'],
  });
}
