import type { Request } from 'express';
import { sessionRepository } from '../../../db/repositories/session-repository';
import { discardUnconfirmedTwoFactor } from '../../../domain/two-factor/discard-unconfirmed-two-factor';
import { presentBrowserSession } from '../../../presenters/browser-session-presenter';
import { mailCategories } from '../../../domain/notifications/mail-preferences';

/**
 * Profile/Show: the account settings, with the user's live browser sessions, newest first, and what
 * they are e-mailed about when the bell goes unread.
 */
export async function show(req: Request) {
  await discardUnconfirmedTwoFactor(req.services, req);
  const user = req.user!;
  const oldest = Math.floor(Date.now() / 1000) - req.services.config.session.lifetimeMinutes * 60;
  const sessions = (await sessionRepository(req.services.db).forUser(user.id)).filter(
    (session) => session.lastActivity >= oldest,
  );
  await req.inertia.render('Profile/Show', {
    confirmsTwoFactorAuthentication: true,
    sessions: sessions.map((session) => presentBrowserSession(session, req.session.id)),
    mailNotifications: {
      options: mailCategories.map(({ key, label, description }) => ({ key, label, description })),
      chosen: user.mailNotifications,
      delayMinutes: req.services.config.notifications.mailDelayMinutes,
    },
  });
}
