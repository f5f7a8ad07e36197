import type { Request, Response } from 'express';
import { logOutOtherBrowserSessions } from '../../../domain/profile/actions/log-out-other-browser-sessions';
import { keepThisBrowserSignedIn } from './respond';

export async function destroy(req: Request, res: Response) {
  const user = await logOutOtherBrowserSessions(req.services, req.user!, req.body, {
    currentSessionId: req.session.id,
  });
  await keepThisBrowserSignedIn(req, res, user);
  res.redirect(303, req.get('referer') ?? req.services.route('profile.show'));
}
