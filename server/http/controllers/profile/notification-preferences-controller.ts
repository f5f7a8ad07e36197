import type { Request, Response } from 'express';
import { updateNotificationPreferences } from '../../../domain/profile/actions/update-notification-preferences';
import { backWithStatus } from './respond';

/** `PUT /user/notification-preferences`. */
export async function update(req: Request, res: Response) {
  await updateNotificationPreferences(req.services, req.user!, req.body);
  backWithStatus(req, res, 'notification-preferences-updated');
}
