import type { Request, Response } from 'express';
import { listNotifications, notificationsPerPage } from '../../../domain/notifications/actions/list-notifications';
import { markNotificationRead } from '../../../domain/notifications/actions/mark-notification-read';
import { markAllNotificationsRead } from '../../../domain/notifications/actions/mark-all-notifications-read';
import { openNotification } from '../../../domain/notifications/actions/open-notification';
import { presentNotificationPage } from '../../../presenters/notification-presenter';
import { socketIdFrom } from '../../../broadcasting/broadcaster';
import { wantsJson } from '../../middleware/errors';

/** `GET /user/notifications`: the actor's notifications as JSON, newest first, 10 a page. */
export async function index(req: Request, res: Response) {
  const result = await listNotifications(req.services, req.user!, req.query);
  const pageUrl = (page: number) => `${req.services.route('notifications.index')}?page=${page}`;
  res.json(presentNotificationPage(result, notificationsPerPage, pageUrl));
}

/** The bell (an Inertia visit asking only for `notifications`) goes back; JSON clients get the count. */
function answer(req: Request, res: Response, unreadCount: number) {
  if (wantsJson(req)) return res.json({ unread_count: unreadCount });
  res.redirect(303, req.get('referer') ?? req.services.route('dashboard'));
}

/** `PUT /user/notifications/{notification}`. */
export async function read(req: Request, res: Response) {
  const { unreadCount } = await markNotificationRead(req.services, req.user!, String(req.params.notification), {
    socketId: socketIdFrom(req),
  });
  answer(req, res, unreadCount);
}

/** `PUT /user/notifications/read-all`. */
export async function readAll(req: Request, res: Response) {
  const { unreadCount } = await markAllNotificationsRead(req.services, req.user!, { socketId: socketIdFrom(req) });
  answer(req, res, unreadCount);
}

/** `GET /user/notifications/{notification}/open`: read, in its team, and on to where it leads. */
export async function open(req: Request, res: Response) {
  res.redirect(302, await openNotification(req.services, req.user!, String(req.params.notification)));
}
