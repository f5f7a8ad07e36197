import { randomBytes } from 'node:crypto';
import type { Services } from '../../services';
import { subscribersOf, webhookRepository } from '../../db/repositories/webhook-repository';
import {
  conversationRepository,
  type ContactRow,
  type ConversationListRow,
  type MessageRow,
} from '../../db/repositories/conversation-repository';
import { labelRepository } from '../../db/repositories/label-repository';
import {
  presentApiContact,
  presentApiConversation,
  presentApiMessage,
} from '../../presenters/api-conversation-presenter';
import type { OutboundEvent } from '../../channels/webhook/outbound';
import { deliverJob } from './delivery';
import type { WebhookEventType } from './event-types';

export type EmitServices = Pick<Services, 'db' | 'jobs' | 'config' | 'route'>;

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/**
 * Queues an event for each of the team's enabled endpoints that hears it: one delivery row each,
 * written with the change when the caller is in its transaction, and a job to send it after the
 * commit. A team without endpoints pays a hot-cache lookup; `data` is only built when some
 * endpoint hears the event.
 */
export async function emitWebhookEvent(
  services: EmitServices,
  teamId: number,
  type: WebhookEventType,
  data: () => Promise<object | undefined>,
): Promise<void> {
  const subscribers = await subscribersOf(services.db, teamId);
  if (subscribers.length === 0) return;
  const endpointIds = subscribers.filter(({ events }) => events.includes(type)).map(({ id }) => id);
  if (endpointIds.length === 0) return;
  const payload = await data();
  if (!payload) return;
  const now = new Date();
  const event: OutboundEvent = { id: newEventId(), type, createdAt: now.toISOString(), data: payload };
  const rows = await webhookRepository(services.db, teamId).queue(
    endpointIds,
    { eventId: event.id, type, payload: event },
    now,
  );
  for (const row of rows) await services.jobs.send(deliverJob, { deliveryId: row.id });
}

/** What a conversation event carries: the conversation as the API exports it, with a link to it in the inbox, and its contact. */
async function conversationData(
  services: EmitServices,
  teamId: number,
  conversationId: number,
  known?: { row: ConversationListRow; contact: ContactRow },
) {
  const found = known ?? (await conversationRepository(services.db, teamId).listedWithContact(conversationId));
  if (!found) return undefined;
  const labels = found.row.labelIds.length > 0 ? await labelRepository(services.db, teamId).all() : [];
  return {
    conversation: {
      ...presentApiConversation(found.row, new Map(labels.map((label) => [label.id, label]))),
      url: `${services.config.app.url}${services.route('conversations.show', conversationId)}`,
    },
    contact: presentApiContact(found.contact),
  };
}

export type ConversationEventType = Exclude<WebhookEventType, 'message.created' | `contact.${string}`>;

/** What a `conversation.updated` says changed. */
export type ConversationChange = 'labels' | 'priority';

export function emitConversationEvent(
  services: EmitServices,
  teamId: number,
  type: ConversationEventType,
  conversationId: number,
  known?: { row: ConversationListRow; contact: ContactRow },
  changed?: readonly ConversationChange[],
): Promise<void> {
  return emitWebhookEvent(services, teamId, type, async () => {
    const data = await conversationData(services, teamId, conversationId, known);
    return data && (changed ? { ...data, changed } : data);
  });
}

/**
 * `message.created` for a message the customer wrote or was sent (a bot's finished reply, an
 * agent's, a broadcast's): internal notes and Kawan's own lines in the thread never leave it.
 */
export function emitMessageEvent(services: EmitServices, message: MessageRow): Promise<void> {
  const { teamId } = message;
  if (message.kind === 'note' || message.kind === 'event' || message.sender === 'system') return Promise.resolve();
  if (message.status === 'composing') return Promise.resolve();
  return emitWebhookEvent(services, teamId, 'message.created', async () => {
    const data = await conversationData(services, teamId, message.conversationId);
    return data && { message: presentApiMessage(message), ...data };
  });
}

/** `contact.created` or `contact.updated`: the contact as `GET /api/contacts` has it now. */
export function emitContactEvent(
  services: EmitServices,
  teamId: number,
  type: 'contact.created' | 'contact.updated',
  contactId: number,
): Promise<void> {
  return emitWebhookEvent(services, teamId, type, async () => {
    const contact = await conversationRepository(services.db, teamId).contact(contactId);
    return contact && { contact: presentApiContact(contact) };
  });
}

/**
 * `contact.deleted`: who is gone (erased at their request, or merged into `merged_into`), so that the
 * team's system can erase them too. Only their ids: nothing else of theirs leaves Kawan again.
 */
export function emitContactDeleted(
  services: EmitServices,
  teamId: number,
  contact: Pick<ContactRow, 'id' | 'externalId'>,
  mergedInto: number | null = null,
): Promise<void> {
  return emitWebhookEvent(services, teamId, 'contact.deleted', async () => ({
    contact: { id: contact.id, external_id: contact.externalId },
    merged_into: mergedInto,
  }));
}
