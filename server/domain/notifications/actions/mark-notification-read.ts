import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { notificationRepository } from '../../../db/repositories/notification-repository';
import { NotFoundError } from '../../../support/errors';
import { broadcastNotificationsRead } from '../notifications-read';

/**
 * Marks one of the actor's notifications read (someone else's is a 404) and tells the actor's
 * other tabs (toOthers: the tab that asked already knows). Returns the unread count left.
 */
export async function markNotificationRead(
  services: Pick<Services, 'db' | 'broadcaster'>,
  actor: UserRow,
  notificationId: string,
  context: { socketId?: string } = {},
): Promise<{ unreadCount: number }> {
  const notifications = notificationRepository(services.db, actor.id);
  if (!(await notifications.markRead(notificationId))) throw new NotFoundError();
  const unreadCount = await notifications.unreadCount();
  await broadcastNotificationsRead(services, actor.id, { ids: [notificationId], unreadCount }, context.socketId);
  return { unreadCount };
}
