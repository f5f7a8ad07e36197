import type {
  ContactRow,
  ConversationListRow,
  ConversationRow,
  MessageRow,
} from '../db/repositories/conversation-repository';
import type { MessageAi } from '../db/schema/channels';
import type { Citation } from '../bot-engine/citations';
import type {
  WidgetAttachment,
  WidgetCitation,
  WidgetConversation,
  WidgetMessage,
  WidgetSender,
} from '../channels/web/protocol';
import { attachmentStatus, mediaKind, type StoredAttachment } from '../channels/media';
import type { Services } from '../services';
import { iso } from './iso';
import { templateShape, type TemplateDefinition } from '../channels/whatsapp/templates';

/** How long WhatsApp lets a business write freely after the customer's last message. */
export const whatsappWindowMs = 24 * 60 * 60 * 1000;

/** When the WhatsApp customer-service window closes, or null (closed, or not WhatsApp). */
export function windowExpiresAt(channelType: string, lastInboundAt: Date | null, now = new Date()): Date | null {
  if (channelType !== 'whatsapp' || !lastInboundAt) return null;
  const expires = new Date(lastInboundAt.getTime() + whatsappWindowMs);
  return expires > now ? expires : null;
}

/**
 * Who a contact is on one channel, as the pages show it: a widget visitor's id shortened (it only
 * tells visitors apart), a phone number or a Telegram id as it is.
 */
/** A web identity as the card says it: the signed-in user's id the site gave, or the start of a visitor's random id. */
function webIdentityLabel(externalUserId: string): string {
  return externalUserId.startsWith('user:')
    ? `signed in as ${externalUserId.slice('user:'.length)}`
    : `visitor ${externalUserId.slice(0, 8)}`;
}

export function presentIdentity({
  identity,
  channelName,
}: {
  identity: { channelType: string; externalUserId: string; verified: boolean };
  channelName: string | null;
}) {
  return {
    channel_type: identity.channelType,
    channel_name: channelName,
    external_user_id:
      identity.channelType === 'web' ? webIdentityLabel(identity.externalUserId) : identity.externalUserId,
    verified: identity.verified,
  };
}

/** A row of the inbox (Conversations/Partials/types.ts ConversationSummary). */
export function presentConversationSummary(row: ConversationListRow, now = new Date()) {
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    contact: { id: row.contactId, name: row.contactName, phone: row.contactPhone, email: null as string | null },
    channel: { id: row.channelId, name: row.channelName, type: row.channelType },
    bot: row.botId && row.botName ? { id: row.botId, name: row.botName } : null,
    assignee: row.assigneeId && row.assigneeName ? { id: row.assigneeId, name: row.assigneeName } : null,
    last_preview: row.lastPreview,
    last_message_at: row.lastMessageAt.toISOString(),
    unread_count: row.unreadCount,
    handoff_reason: row.handoffReason,
    handoff_at: iso(row.handoffAt),
    /** Since when the customer has waited for a person (null: nobody owes them a reply). */
    waiting_since: iso(row.waitingSince),
    /** Which reply they wait for: the first since the handoff, or the next (the team's targets differ). */
    waiting_for: row.waitingFor,
    window_expires_at: iso(windowExpiresAt(row.channelType, row.lastInboundAt, now)),
    /** The team's labels on it, by id (the page has the team's labels: `labels`). */
    label_ids: row.labelIds,
    /** low, medium, high or urgent, as an agent marked it; null: not marked. */
    priority: row.priority,
    /** Snoozed until then (null: not snoozed, or its time has come). */
    snoozed_until: row.snoozedUntil && row.snoozedUntil > now ? row.snoozedUntil.toISOString() : null,
  };
}

export function presentConversationDetail(row: ConversationListRow, contact: ContactRow | undefined, now = new Date()) {
  const summary = presentConversationSummary(row, now);
  const expires = windowExpiresAt(row.channelType, row.lastInboundAt, now);
  return {
    ...summary,
    contact: { ...summary.contact, email: contact?.email ?? null },
    handoff_summary: row.handoffSummary,
    resolved_at: iso(row.resolvedAt),
    resolved_by: row.resolvedBy,
    reopen_count: row.reopenCount,
    csat: row.csatScore ? { score: row.csatScore, comment: row.csatComment } : null,
    origin: row.origin,
    window: row.channelType === 'whatsapp' ? { open: expires !== null, expires_at: iso(expires) } : null,
  };
}

const citationsOf = (ai: MessageAi | null) =>
  ((ai?.citations ?? []) as Citation[]).map((citation) => ({
    title: citation.sourceTitle,
    source_id: citation.sourceId,
    chunk_id: citation.chunkId,
  }));

/** The address of a message's attachment: `conversations.messages.attachment`. */
export type AttachmentUrl = (message: Pick<MessageRow, 'id' | 'conversationId'>, index: number) => string;

export const attachmentUrls =
  (services: Pick<Services, 'route'>): AttachmentUrl =>
  (message, index) =>
    services.route('conversations.messages.attachment', {
      conversation: message.conversationId,
      message: message.id,
      index,
    });

/**
 * A message's file as the inbox shows it: kind, name, size, the address Kawan serves it from once
 * stored, or why it is not; never the provider's media id or download address.
 */
export function presentAttachment(attachment: StoredAttachment, url: () => string) {
  const status = attachmentStatus(attachment);
  return {
    kind: mediaKind(attachment.mime),
    mime: attachment.mime ?? null,
    name: attachment.name ?? null,
    size: attachment.size ?? null,
    status,
    url: status === 'stored' ? url() : null,
    error: status === 'failed' ? (attachment.error ?? 'The file was not kept.') : null,
    /** A voice note's words were heard (they are the message's text). */
    transcribed: attachment.transcript !== undefined && attachment.transcript !== '',
  };
}

/** A message of the thread (Conversations/Partials/types.ts Message). */
export function presentMessage(row: MessageRow & { senderName?: string | null }, attachmentUrl: AttachmentUrl) {
  return {
    id: row.id,
    direction: row.direction,
    sender: row.sender,
    kind: row.kind,
    text: row.text,
    template_name: row.template?.name ?? null,
    /** The broadcast it is a copy of (null: none). */
    broadcast_id: row.broadcastId ?? null,
    choices: row.choices?.items.map((item) => item.title) ?? [],
    attachments: (row.attachments as StoredAttachment[]).map((attachment, index) =>
      presentAttachment(attachment, () => attachmentUrl(row, index)),
    ),
    sender_name: row.senderName ?? null,
    status: row.status,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    ai: row.ai
      ? {
          kind: row.ai.kind,
          model: row.ai.model,
          latency_ms: row.ai.latencyMs,
          prompt_tokens: row.ai.promptTokens,
          completion_tokens: row.ai.completionTokens,
          estimated: row.ai.estimated,
          citations: citationsOf(row.ai),
          customer_details: row.ai.customer ?? [],
        }
      : null,
    feedback: row.feedback === 1 ? ('up' as const) : row.feedback === -1 ? ('down' as const) : null,
    /** A note's teammates named in it (the thread marks their "@Name"). */
    mentions: row.mentionedUserIds ?? [],
  };
}

/**
 * An approved WhatsApp template as the inbox's picker shows it (Conversations/Partials/types.ts
 * Template): its parts, the values it asks for, or why it cannot be sent from Kawan.
 */
export function presentTemplate(template: TemplateDefinition) {
  const shape = templateShape(template);
  return {
    name: template.name,
    language: template.language,
    category: template.category,
    header_text: shape.headerText,
    header_media: shape.headerMedia,
    body: shape.body,
    footer: shape.footer,
    buttons: shape.buttons,
    fields: shape.fields.map((field) => ({
      key: field.key,
      part: field.part,
      kind: field.kind,
      label: field.label,
      example: field.example,
      hint: field.hint,
      max_length: field.maxLength,
    })),
    unsendable: shape.unsendable,
  };
}

/** What the widget calls an agent: their first name, as a chat with a shop's staff does. */
export const widgetAgentName = (name: string) => name.split(' ')[0];

/** A message as the widget shows it: never notes, never the AI trace beyond source titles. */
export function presentWidgetMessage(
  row: MessageRow & { sender: WidgetSender; senderName?: string | null },
): WidgetMessage {
  return {
    id: row.id,
    sender: row.sender,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    ...(row.sender === 'agent' && row.senderName ? { senderName: widgetAgentName(row.senderName) } : {}),
    ...(row.ai ? { citations: widgetCitations(row.ai) } : {}),
    ...(row.status === 'composing' ? { streaming: true } : {}),
    ...(row.sender === 'bot' ? { feedback: row.feedback === 1 ? 'up' : row.feedback === -1 ? 'down' : null } : {}),
    ...(row.ai?.kind === 'smalltalk' ? { smallTalk: true as const } : {}),
    ...(row.clientId ? { clientId: row.clientId } : {}),
    ...widgetAttachments(row.attachments as StoredAttachment[]),
  };
}

/** The message's stored files, with their places in the message (what the widget asks for). */
function widgetAttachments(attachments: StoredAttachment[]): { attachments?: WidgetAttachment[] } {
  const stored = attachments.flatMap((attachment, index): WidgetAttachment[] =>
    attachment.stored
      ? [
          {
            index,
            name: attachment.name || 'file',
            mime: attachment.mime ?? 'application/octet-stream',
            size: attachment.size ?? 0,
            kind: mediaKind(attachment.mime) === 'image' ? 'image' : 'file',
          },
        ]
      : [],
  );
  return stored.length > 0 ? { attachments: stored } : {};
}

/**
 * The sources a reply cites, each once, with the `[n]` markers of the reply that point to it, in
 * the order of their first marker: the visitor can match "[2]" in the text to its source.
 */
function widgetCitations(ai: MessageAi): WidgetCitation[] {
  const byTitle = new Map<string, number[]>();
  for (const citation of [...((ai.citations ?? []) as Citation[])].sort((a, b) => a.marker - b.marker)) {
    const markers = byTitle.get(citation.sourceTitle) ?? [];
    if (Number.isInteger(citation.marker) && !markers.includes(citation.marker)) markers.push(citation.marker);
    byTitle.set(citation.sourceTitle, markers);
  }
  return [...byTitle].map(([title, markers]) => (markers.length > 0 ? { title, markers } : { title }));
}

export function presentWidgetConversation(
  row: ConversationRow,
  options: { collectCsat: boolean; agentName?: string | null },
): WidgetConversation {
  return {
    state: row.state,
    csatRequested: row.state === 'resolved' && options.collectCsat && row.csatScore === null,
    csat: row.csatScore ? { score: row.csatScore, ...(row.csatComment ? { comment: row.csatComment } : {}) } : null,
    ...(row.state === 'human' && options.agentName ? { agentName: widgetAgentName(options.agentName) } : {}),
  };
}

export type ConversationSummaryProps = ReturnType<typeof presentConversationSummary>;
export type MessageProps = ReturnType<typeof presentMessage>;
export type AttachmentProps = ReturnType<typeof presentAttachment>;
export type TemplateProps = ReturnType<typeof presentTemplate>;
