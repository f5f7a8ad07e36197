import type { Services } from '../../services';
import { notificationRepository, type NotificationRow } from '../../db/repositories/notification-repository';
import { userChannel } from './channels';

/** The event Echo's `.notification(cb)` listens for (Laravel's BroadcastNotificationCreated). */
export const notificationCreatedEvent = 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';

/**
 * What every notification's data carries, so that the bell can show any type: a sentence and,
 * optionally, where to go from it. Types add their own fields (team_id, role…).
 */
export interface NotificationData extends Record<string, unknown> {
  message: string;
  url?: string;
  /** The link's label ("Accept invitation", "View team"). */
  action?: string;
}

/**
 * Laravel's `$user->notify()` for the `database` and `broadcast` channels: stores the
 * notification, then broadcasts it on `private-App.Models.User.{id}` as
 * BroadcastNotificationCreated with the data merged with `id` and `type`. Inside a transaction
 * the row is written with it and the broadcast waits for the commit.
 */
export async function notify(
  services: Pick<Services, 'db' | 'broadcaster'>,
  userId: number,
  type: string,
  data: NotificationData,
): Promise<NotificationRow> {
  const notification = await notificationRepository(services.db, userId).create(type, data);
  await services.broadcaster.broadcast({
    channels: [userChannel(userId)],
    event: notificationCreatedEvent,
    data: { ...notification.data, id: notification.id, type: notification.type },
  });
  return notification;
}
