import { createHash } from 'node:crypto';
import type { Services } from '../../services';
import { teamChannel } from '../notifications/channels';
import {
  conversationRepository,
  type ContactRow,
  type ConversationListRow,
  type MessageRow,
} from '../../db/repositories/conversation-repository';
import {
  presentConversationDetail,
  presentConversationSummary,
  attachmentUrls,
  presentMessage,
  presentWidgetConversation,
  presentWidgetMessage,
} from '../../presenters/conversation-presenter';
import type { WidgetSender } from '../../channels/web/protocol';
import { emitConversationEvent, emitMessageEvent, type ConversationEventType } from '../webhooks/emit';

/**
 * Realtime events of conversations (names in resources/js/Pages/Conversations/Partials/types.ts):
 * the team's inbox hears ConversationChanged; an open conversation hears its messages; a widget
 * visitor hears their own conversation on the widget's realtime app.
 */
export const conversationChannel = (conversationId: number) => `private-conversations.${conversationId}`;

/** Who has a conversation open now (its page joins it: the thread's "viewing" faces). */
export const conversationPresenceChannel = (conversationId: number) => `presence-conversations.${conversationId}`;

/**
 * The wire name of an inbox event: Echo's `listen('ConversationChanged')` (use-channel.ts) hears
 * `App\Events\ConversationChanged`, as with every other event of the app's own realtime app.
 */
export const inboxEvent = (name: string) => `App\\Events\\${name}`;

/** A visitor's widget channel (without `private-`): unguessable, derived from the channel key and visitor id. */
export function widgetChannelName(publicKey: string, visitorId: string): string {
  return `widget.${createHash('sha256').update(`${publicKey}:${visitorId}`).digest('hex').slice(0, 40)}`;
}

/** What telling a conversation's change takes: realtime, and the team's webhooks (a job, the app's URL). */
export type EventServices = Pick<Services, 'db' | 'broadcaster' | 'widgetBroadcaster' | 'jobs' | 'config' | 'route'>;

export type ConversationAction =
  | 'opened'
  | 'message'
  | 'queued'
  | 'assigned'
  | 'handback'
  | 'resolved'
  | 'reopened'
  | 'read'
  | 'contact'
  | 'labels'
  | 'snoozed'
  | 'unsnoozed'
  | 'priority'
  /** A label of the team was deleted, and came off the conversation. */
  | 'label_deleted'
  | 'rated'
  /** An automation rule changed it (its webhook event is the rule's own: `conversation.updated`). */
  | 'rule';

/**
 * The team's webhook event of each change that has one (server/domain/webhooks/event-types.ts). A
 * handoff's `conversation.queued` is told by queueForPerson, since a team that assigns
 * automatically tells the inbox only of the assignment.
 */
const webhookEvents: Partial<Record<ConversationAction, ConversationEventType>> = {
  opened: 'conversation.opened',
  assigned: 'conversation.assigned',
  labels: 'conversation.updated',
  priority: 'conversation.updated',
  handback: 'conversation.handed_back',
  resolved: 'conversation.resolved',
  reopened: 'conversation.reopened',
  rated: 'conversation.rated',
};

/** The widget side of a conversation, when it is a web one (its public key names the visitor's channel). */
export interface WidgetTarget {
  publicKey: string;
  threadId: string;
  collectCsat: boolean;
}

/**
 * Tells the team's inbox, whoever has the conversation open and the widget's visitor that a
 * conversation changed, and the team's webhook endpoints that hear such a change. `known` is the
 * conversation as listed with its contact, when the caller holds both as they are now (else they
 * are read).
 */
export async function conversationChanged(
  services: EventServices,
  teamId: number,
  conversationId: number,
  action: ConversationAction,
  widget?: WidgetTarget,
  known?: { row: ConversationListRow; contact: ContactRow },
): Promise<void> {
  const found = known ?? (await conversationRepository(services.db, teamId).listedWithContact(conversationId));
  if (!found) return;
  const { row, contact } = found;
  const webhookEvent = webhookEvents[action];
  if (webhookEvent) {
    const changed = action === 'labels' || action === 'priority' ? [action] : undefined;
    await emitConversationEvent(services, teamId, webhookEvent, conversationId, found, changed);
  }
  await services.broadcaster.broadcast({
    channels: [teamChannel(teamId)],
    event: inboxEvent('ConversationChanged'),
    data: { conversation: presentConversationSummary(row), action },
  });
  // Whoever has the conversation open sees the change (a rating, a teammate taking over) at once.
  await services.broadcaster.broadcast({
    channels: [conversationChannel(conversationId)],
    event: inboxEvent('ConversationUpdated'),
    data: { conversation: presentConversationDetail(row, contact) },
  });
  if (widget) {
    await services.widgetBroadcaster.broadcast({
      channels: [`private-${widgetChannelName(widget.publicKey, widget.threadId)}`],
      event: 'conversation.updated',
      data: {
        conversation: presentWidgetConversation(row, { collectCsat: widget.collectCsat, agentName: row.assigneeName }),
      },
    });
  }
}

export async function messageCreated(
  services: EventServices & Pick<Services, 'route'>,
  message: MessageRow & { senderName?: string | null },
  widget?: WidgetTarget,
  event: 'MessageCreated' | 'MessageUpdated' = 'MessageCreated',
): Promise<void> {
  // A bot's streamed reply is heard by webhooks when it is finished (the pipeline says so).
  if (event === 'MessageCreated') await emitMessageEvent(services, message);
  await services.broadcaster.broadcast({
    channels: [conversationChannel(message.conversationId)],
    event: inboxEvent(event),
    data: { message: presentMessage(message, attachmentUrls(services)) },
  });
  // Notes and the thread's system lines ("Assigned to …", "Waiting for a person: …")
  // stay in the inbox: the widget says what the visitor needs in their language, from the
  // conversation's state ("A person will reply here", "A person joined").
  if (widget && visibleToVisitor(message)) {
    await services.widgetBroadcaster.broadcast({
      channels: [`private-${widgetChannelName(widget.publicKey, widget.threadId)}`],
      event: 'message.created',
      data: { message: presentWidgetMessage(message) },
    });
  }
}

/**
 * A line of the thread written by Kawan itself ("Resolved by Dewi.", "Waiting for a person …"), for
 * the team: stored and heard by an open conversation; never the visitor's (`visibleToVisitor`).
 */
export async function systemLine(
  services: EventServices & Pick<Services, 'route'>,
  conversation: { id: number; teamId: number; channelId: number },
  text: string,
): Promise<void> {
  const line = await conversationRepository(services.db, conversation.teamId).insertMessage({
    conversationId: conversation.id,
    channelId: conversation.channelId,
    direction: 'outbound',
    sender: 'system',
    kind: 'event',
    text,
    status: 'sent',
  });
  if (line) await messageCreated(services, line);
}

export async function messageDelta(
  services: EventServices,
  message: { id: number; conversationId: number },
  delta: { type: 'delta' | 'replace'; text: string },
  widget?: WidgetTarget,
): Promise<void> {
  await services.broadcaster.broadcast({
    channels: [conversationChannel(message.conversationId)],
    event: inboxEvent('MessageDelta'),
    data: { id: message.id, ...delta },
  });
  if (widget) {
    await services.widgetBroadcaster.broadcast({
      channels: [`private-${widgetChannelName(widget.publicKey, widget.threadId)}`],
      event: 'message.delta',
      data: { id: message.id, ...delta },
    });
  }
}

export async function widgetTyping(
  services: Pick<Services, 'widgetBroadcaster'>,
  widget: WidgetTarget,
  data: { sender: 'bot' | 'agent'; name?: string; typing: boolean },
): Promise<void> {
  await services.widgetBroadcaster.broadcast({
    channels: [`private-${widgetChannelName(widget.publicKey, widget.threadId)}`],
    event: 'typing',
    data,
  });
}

/** Whether the visitor sees a message of the thread in the widget, live and when it is restored. */
export function visibleToVisitor<M extends Pick<MessageRow, 'kind' | 'sender'>>(
  message: M,
): message is M & { sender: WidgetSender } {
  return message.kind !== 'note' && message.sender !== 'system';
}
