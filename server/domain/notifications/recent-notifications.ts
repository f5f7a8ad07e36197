import type { Services } from '../../services';
import type { UserRow } from '../../db/repositories/user-repository';
import { notificationRepository, type NotificationRow } from '../../db/repositories/notification-repository';

/** How many notifications the bell shows before "Show older". */
export const bellSize = 10;

/** The newest notifications of the user and how many are unread: what the bell shows. */
export async function recentNotifications(
  services: Pick<Services, 'db'>,
  user: Pick<UserRow, 'id'>,
): Promise<{ rows: NotificationRow[]; hasMore: boolean; unreadCount: number }> {
  const notifications = notificationRepository(services.db, user.id);
  const [{ rows, hasMore }, unreadCount] = await Promise.all([
    notifications.page(1, bellSize),
    notifications.unreadCount(),
  ]);
  return { rows, hasMore, unreadCount };
}
