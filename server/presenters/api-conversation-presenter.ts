import type { ContactRow, ConversationListRow, MessageRow } from '../db/repositories/conversation-repository';
import type { Citation } from '../bot-engine/citations';
import { iso } from './iso';

/** A conversation as the API exports it (GET /api/conversations), its labels named from the team's. */
export function presentApiConversation(
  row: ConversationListRow,
  labels: ReadonlyMap<number, { id: number; name: string; color: string }> = new Map(),
) {
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    contact: { id: row.contactId, name: row.contactName, phone: row.contactPhone },
    channel: { id: row.channelId, name: row.channelName, type: row.channelType },
    bot: row.botId && row.botName ? { id: row.botId, name: row.botName } : null,
    assignee: row.assigneeId && row.assigneeName ? { id: row.assigneeId, name: row.assigneeName } : null,
    last_preview: row.lastPreview,
    last_message_at: row.lastMessageAt.toISOString(),
    unread_count: row.unreadCount,
    handoff_reason: row.handoffReason,
    handoff_at: iso(row.handoffAt),
    waiting_since: iso(row.waitingSince),
    priority: row.priority,
    snoozed_until: row.snoozedUntil && row.snoozedUntil > new Date() ? row.snoozedUntil.toISOString() : null,
    resolved_at: iso(row.resolvedAt),
    resolved_by: row.resolvedBy,
    reopen_count: row.reopenCount,
    csat: row.csatScore ? { score: row.csatScore, comment: row.csatComment } : null,
    labels: row.labelIds.flatMap((id) => {
      const label = labels.get(id);
      return label ? [{ id: label.id, name: label.name, color: label.color }] : [];
    }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A message as the API exports it (GET /api/conversations/{id}/messages), with what the bot's
 * reply cost and cited. Attachments carry what they are, never the provider's media id or URL.
 */
export function presentApiMessage(row: MessageRow) {
  return {
    id: row.id,
    direction: row.direction,
    sender: row.sender,
    sender_user_id: row.senderUserId,
    kind: row.kind,
    text: row.text,
    template: row.template ? { name: row.template.name, language: row.template.language } : null,
    attachments: (row.attachments as { mime?: unknown; name?: unknown; size?: unknown }[]).map((attachment) => ({
      mime: typeof attachment.mime === 'string' ? attachment.mime : null,
      name: typeof attachment.name === 'string' ? attachment.name : null,
      size: typeof attachment.size === 'number' ? attachment.size : null,
    })),
    status: row.status,
    error: row.error,
    external_id: row.externalId,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    delivered_at: iso(row.deliveredAt),
    read_at: iso(row.readAt),
    feedback: row.feedback === 1 ? ('up' as const) : row.feedback === -1 ? ('down' as const) : null,
    mentioned_user_ids: row.mentionedUserIds ?? [],
    ai: row.ai
      ? {
          kind: row.ai.kind,
          model: row.ai.model,
          bot_version: row.ai.version,
          prompt_tokens: row.ai.promptTokens,
          completion_tokens: row.ai.completionTokens,
          estimated: row.ai.estimated,
          latency_ms: row.ai.latencyMs,
          cost_usd: row.ai.costUsd,
          citations: ((row.ai.citations ?? []) as Citation[]).map((citation) => ({
            marker: citation.marker,
            source_id: citation.sourceId,
            source_title: citation.sourceTitle,
            chunk_id: citation.chunkId,
          })),
          customer_details: row.ai.customer ?? [],
        }
      : null,
  };
}

export type ApiConversation = ReturnType<typeof presentApiConversation>;
export type ApiMessage = ReturnType<typeof presentApiMessage>;

/** A contact as the API has it (server/presenters/api-schemas.ts `Contact`). */
export function presentApiContact(row: ContactRow) {
  return {
    id: row.id,
    name: row.name,
    phone: row.phoneE164,
    email: row.email,
    external_id: row.externalId,
    locale: row.locale,
    attributes: row.attributes,
    receives_broadcasts: row.unsubscribedAt === null,
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
  };
}
