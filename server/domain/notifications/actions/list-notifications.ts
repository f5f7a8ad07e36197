import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { notificationRepository, type NotificationRow } from '../../../db/repositories/notification-repository';

export const notificationsPerPage = 10;

/** One page of the actor's notifications, newest first (page numbers from 1; junk reads as 1). */
export async function listNotifications(
  services: Pick<Services, 'db'>,
  actor: UserRow,
  input: unknown,
): Promise<{ rows: NotificationRow[]; page: number; hasMore: boolean; unreadCount: number }> {
  const raw = input && typeof input === 'object' ? (input as Record<string, unknown>).page : undefined;
  const requested = typeof raw === 'string' && /^[0-9]{1,6}$/.test(raw) ? Number(raw) : 1;
  const page = Math.max(1, requested);
  const notifications = notificationRepository(services.db, actor.id);
  const [{ rows, hasMore }, unreadCount] = await Promise.all([
    notifications.page(page, notificationsPerPage),
    notifications.unreadCount(),
  ]);
  return { rows, page, hasMore, unreadCount };
}
