import type { Services } from '../../services';
import type { UserRow } from '../../db/repositories/user-repository';
import { notificationRepository, type NotificationRow } from '../../db/repositories/notification-repository';
import { cachedRead, copied } from '../../cache/cached-reads';

/** How many notifications the bell shows before "Show older". */
export const bellSize = 10;

/** The newest notifications of the user and how many are unread: what the bell shows. */
export async function recentNotifications(
  services: Pick<Services, 'db'>,
  user: Pick<UserRow, 'id'>,
): Promise<{ rows: NotificationRow[]; hasMore: boolean; unreadCount: number }> {
  const notifications = notificationRepository(services.db, user.id);
  // Every signed-in page shows the bell: kept in the hot cache until a notification is written.
  return cachedRead(
    services.db,
    `bell:${user.id}`,
    { groups: ['notifications'] },
    async () => {
      const [{ rows, hasMore }, unreadCount] = await Promise.all([
        notifications.page(1, bellSize),
        notifications.unreadCount(),
      ]);
      return { rows, hasMore, unreadCount };
    },
    copied,
  );
}
