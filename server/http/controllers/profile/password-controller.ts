import type { Request, Response } from 'express';
import { updatePassword } from '../../../domain/profile/actions/update-password';
import { backWithStatus, keepThisBrowserSignedIn } from './respond';

export async function update(req: Request, res: Response) {
  const user = await updatePassword(req.services, req.user!, req.body, { currentSessionId: req.session.id });
  await keepThisBrowserSignedIn(req, res, user);
  backWithStatus(req, res, 'password-updated');
}
