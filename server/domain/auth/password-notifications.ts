import type { Services } from '../../services';
import type { UserRow } from '../../db/repositories/user-repository';

/** Reset links live 60 minutes (Laravel's auth.passwords.users.expire). */
export const resetTokenLifetimeMinutes = 60;

/** Laravel's ResetPassword notification: a button to the reset form carrying the token and address. */
export async function sendPasswordResetNotification(
  services: Pick<Services, 'mailer' | 'route'>,
  user: Pick<UserRow, 'email' | 'name'>,
  token: string,
): Promise<void> {
  await services.mailer.send(user.email, {
    subject: 'Reset Password Notification',
    lines: ['You are receiving this email because we received a password reset request for your account.'],
    action: { text: 'Reset Password', url: services.route('password.reset', { token, email: user.email }) },
    outro: [
      `This password reset link will expire in ${resetTokenLifetimeMinutes} minutes.`,
      'If you did not request a password reset, no further action is required.',
    ],
  });
}
