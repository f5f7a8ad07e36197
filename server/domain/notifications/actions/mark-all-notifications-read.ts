import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { notificationRepository } from '../../../db/repositories/notification-repository';
import { broadcastNotificationsRead } from '../notifications-read';

/** Marks every unread notification of the actor read and tells their other tabs. */
export async function markAllNotificationsRead(
  services: Pick<Services, 'db' | 'broadcaster'>,
  actor: UserRow,
  context: { socketId?: string } = {},
): Promise<{ unreadCount: number }> {
  const ids = await notificationRepository(services.db, actor.id).markAllRead();
  if (ids.length > 0) await broadcastNotificationsRead(services, actor.id, { ids, unreadCount: 0 }, context.socketId);
  return { unreadCount: 0 };
}
