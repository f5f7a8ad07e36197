import { eq } from 'drizzle-orm';
import type { Services } from '../../services';
import { teams, teamUser } from '../../db/schema/teams';
import { notificationRepository } from '../../db/repositories/notification-repository';
import type { HandoffReasonCode } from '../../db/schema/channels';
import { notify, type NotificationData } from '../notifications/notify';
import { mailIfUnread } from '../notifications/unread-mail';
import { handoffReasonWords } from './handoff-reasons';
import { noteExcerpt } from './mentions';
import { conversationPresenceChannel } from './events';
import { broadcastNotificationsRead } from '../notifications/notifications-read';
import { allows } from '../teams/roles';
import { asRole } from '../teams/team-access';

/** The bell's notification type for a conversation waiting for a person. */
export const conversationQueuedType = 'conversation-queued';

/** The owner and the members whose role takes conversations (owners, admins, editors, agents). */
export async function agentsOf(db: Services['db'], teamId: number): Promise<number[]> {
  const [team] = await db.select({ ownerId: teams.userId }).from(teams).where(eq(teams.id, teamId));
  if (!team) return [];
  const members = await db
    .select({ userId: teamUser.userId, role: teamUser.role })
    .from(teamUser)
    .where(eq(teamUser.teamId, teamId));
  const agents = members.filter((member) => allows(asRole(member.role), 'conversations:reply')).map((m) => m.userId);
  return [team.ownerId, ...agents.filter((id) => id !== team.ownerId)];
}

type NotifyServices = Pick<Services, 'db' | 'broadcaster' | 'route' | 'jobs' | 'config'>;

/**
 * A conversation notification: the bell, live, and the e-mail that follows it when it is still
 * unread a few minutes later, for whoever asked for its kind (server/domain/notifications/unread-mail.ts).
 */
export async function notifyAbout(
  services: NotifyServices,
  userId: number,
  type: string,
  data: NotificationData,
): Promise<void> {
  await notify(services, userId, type, data);
  await mailIfUnread(services, userId, type);
}

/** Where a conversation's notification leads: the conversation, for the bell's link. */
export function conversationLink(services: Pick<Services, 'route'>, conversation: { id: number; teamId: number }) {
  return {
    url: services.route('conversations.show', { conversation: conversation.id }),
    action: 'Open conversation',
    conversation_id: conversation.id,
    team_id: conversation.teamId,
  };
}

/** " with Joko" after "Conversation #12", or nothing for a contact without a name. */
export const withContact = (contactName: string | null | undefined) => (contactName ? ` with ${contactName}` : '');

/**
 * A "waiting" notification (`message`) on the bell of every member who can take the conversation,
 * live (the inbox also beeps while open); taking it reads them all (`settleQueued`).
 */
export async function notifyWaiting(
  services: NotifyServices,
  conversation: { id: number; teamId: number },
  message: string,
): Promise<void> {
  for (const userId of await agentsOf(services.db, conversation.teamId)) {
    await notifyAbout(services, userId, conversationQueuedType, {
      message,
      ...conversationLink(services, conversation),
    });
  }
}

/** "Conversation #12 is waiting for a person": one notification per member per handoff. */
export async function notifyQueued(
  services: NotifyServices,
  conversation: { id: number; teamId: number; number: number },
  reason: HandoffReasonCode,
  contactName: string | null,
): Promise<void> {
  await notifyWaiting(
    services,
    conversation,
    `Conversation #${conversation.number}${withContact(contactName)} is waiting for a person: ${handoffReasonWords[reason]}.`,
  );
}

/** The bell's notification type for a conversation given to someone (by a teammate, or automatically). */
export const conversationAssignedType = 'conversation-assigned';

/**
 * "Conversation #12 with Joko was assigned to you": the assignee's bell, live, when a teammate
 * gives them a conversation (`by`) or the team's automatic assignment does (`reason`, the handoff's).
 */
export async function notifyAssigned(
  services: NotifyServices,
  conversation: { id: number; teamId: number; number: number },
  assigneeId: number,
  contactName: string | null,
  how: { by: string } | { reason: HandoffReasonCode },
): Promise<void> {
  const who = withContact(contactName);
  const message =
    'by' in how
      ? `${how.by} assigned conversation #${conversation.number}${who} to you.`
      : `Conversation #${conversation.number}${who} was assigned to you: ${handoffReasonWords[how.reason]}.`;
  await notifyAbout(services, assigneeId, conversationAssignedType, {
    message,
    ...conversationLink(services, conversation),
  });
}

/** The bell's notification type for a teammate named in an internal note. */
export const conversationMentionedType = 'conversation-mentioned';

/** 'Ayu mentioned you in conversation #12 with Joko: "…"': the named teammate's bell, live. */
export async function notifyMentioned(
  services: NotifyServices,
  conversation: { id: number; teamId: number; number: number },
  userId: number,
  contactName: string | null,
  author: string,
  note: string,
): Promise<void> {
  await notifyAbout(services, userId, conversationMentionedType, {
    message: `${author} mentioned you in conversation #${conversation.number}${withContact(contactName)}: “${noteExcerpt(note)}”`,
    ...conversationLink(services, conversation),
  });
}

/** The bell's notification type for a customer writing in a conversation someone has. */
export const conversationRepliedType = 'conversation-replied';

/**
 * 'Joko wrote in conversation #12: "…"': the bell of whoever has the conversation (a person is
 * handling it), live, and their e-mail if it stays unread, unless they have it open now (on its
 * presence channel) or the bell already says so (an unread one about it: a customer's next
 * messages add no more until it is read).
 */
export async function notifyReplied(
  services: NotifyServices,
  conversation: { id: number; teamId: number; number: number; assigneeId: number | null },
  contactName: string | null,
  preview: string,
): Promise<void> {
  const userId = conversation.assigneeId;
  if (userId === null) return;
  if ((await services.broadcaster.presentUserIds(conversationPresenceChannel(conversation.id))).includes(userId))
    return;
  const told = await notificationRepository(services.db, userId).existsWith(
    conversationRepliedType,
    { conversation_id: conversation.id },
    { unread: true },
  );
  if (told) return;
  await notifyAbout(services, userId, conversationRepliedType, {
    message: `${contactName ?? 'The customer'} wrote in conversation #${conversation.number}: “${noteExcerpt(preview)}”`,
    ...conversationLink(services, conversation),
  });
}

/**
 * Someone took the conversation (or it was resolved or handed back): the others' "waiting"
 * notifications are read now, and their bells hear it.
 */
export async function settleQueued(
  services: Pick<Services, 'db' | 'broadcaster'>,
  conversation: { id: number; teamId: number },
): Promise<void> {
  for (const userId of await agentsOf(services.db, conversation.teamId)) {
    const notifications = notificationRepository(services.db, userId);
    const ids = await notifications.settleWith(conversationQueuedType, { conversation_id: conversation.id }, []);
    if (ids.length > 0) {
      await broadcastNotificationsRead(services, userId, { ids, unreadCount: await notifications.unreadCount() });
    }
  }
}

/**
 * The viewer opened the conversation: what their bell said about it for them alone (a teammate
 * named them in a note, it was assigned to them, the customer wrote) is read now, and their other tabs' bells hear it.
 * "Waiting" notifications stay until someone takes the conversation (`settleQueued`).
 */
export async function readOwnAbout(
  services: Pick<Services, 'db' | 'broadcaster'>,
  userId: number,
  conversationId: number,
): Promise<void> {
  const notifications = notificationRepository(services.db, userId);
  const ids = await notifications.readAbout(
    [conversationMentionedType, conversationAssignedType, conversationRepliedType],
    {
      conversation_id: conversationId,
    },
  );
  if (ids.length > 0) {
    await broadcastNotificationsRead(services, userId, { ids, unreadCount: await notifications.unreadCount() });
  }
}
