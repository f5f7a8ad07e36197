import type { Services } from '../../services';
import { userChannel } from './channels';

/** Echo: `listen('NotificationsRead')` on the user's private channel. */
export const notificationsReadEvent = 'App\\Events\\NotificationsRead';

/** Tells the user's other tabs that notifications were read, so that their bells catch up. */
export async function broadcastNotificationsRead(
  services: Pick<Services, 'broadcaster'>,
  userId: number,
  change: { ids: string[]; unreadCount: number },
  exceptSocketId?: string,
): Promise<void> {
  await services.broadcaster.broadcast({
    channels: [userChannel(userId)],
    event: notificationsReadEvent,
    data: { ids: change.ids, unread_count: change.unreadCount },
    exceptSocketId,
  });
}
