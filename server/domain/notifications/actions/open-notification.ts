import type { Services } from '../../../services';
import { userRepository, type UserRow } from '../../../db/repositories/user-repository';
import { notificationRepository } from '../../../db/repositories/notification-repository';
import { teamMembershipRepository } from '../../../db/repositories/team-membership-repository';
import { NotFoundError } from '../../../support/errors';
import { broadcastNotificationsRead } from '../notifications-read';

/**
 * Following a notification, from the bell or an e-mail (`GET /user/notifications/{id}/open`): it is
 * read (the actor's other tabs hear it), the actor's current team becomes the notification's team
 * when they belong to it (a conversation of the team they are not looking at opens instead of
 * being a 404), and the answer is where it leads: its own path, or the dashboard. Someone else's
 * notification is a 404.
 */
export async function openNotification(
  services: Pick<Services, 'db' | 'broadcaster' | 'route'>,
  actor: UserRow,
  notificationId: string,
): Promise<string> {
  const notifications = notificationRepository(services.db, actor.id);
  const notification = await notifications.find(notificationId);
  if (!notification) throw new NotFoundError();
  if (notification.readAt === null) {
    await notifications.markRead(notification.id);
    const unreadCount = await notifications.unreadCount();
    await broadcastNotificationsRead(services, actor.id, { ids: [notification.id], unreadCount });
  }
  const teamId = notification.data.team_id;
  if (
    typeof teamId === 'number' &&
    teamId !== actor.currentTeamId &&
    (await teamMembershipRepository(services.db, actor.id).find(teamId))
  ) {
    await userRepository(services.db).update(actor.id, { currentTeamId: teamId });
  }
  return localPath(notification.data.url) ?? services.route('dashboard');
}

/** A path on this site ("/conversations/12"), never another origin ("//evil.test", "https://…"). */
function localPath(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\'))
    return undefined;
  return url;
}
