import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { conversations, messages } from '../../server/db/schema/index';
import { conversationWriter, type ConversationRow } from '../../server/db/repositories/conversation-repository';
import type { ChannelRow } from '../../server/db/repositories/channel-repository';
import type { HandoffReasonCode } from '../../server/db/schema/channels';
import { processDirtyDays } from '../../server/reports/rollup';
import type { Services } from '../../server/services';

/**
 * Conversation histories for report tests, written the way tests/feature/reports/rollups.test.ts
 * writes them (the writer for the contact and the conversation, then direct inserts and updates
 * at chosen times, which the database's triggers record for the rollups), and `settle` to bring
 * the rollups up to date as the workers do.
 */

const MINUTE = 60_000;

export interface HistoryOptions {
  /** When the conversation starts. */
  at: Date;
  /** The customer's first message. */
  text?: string;
  /** A bot reply (when the channel has a bot) after this many seconds; null for none. */
  botReplyAfterSeconds?: number | null;
  model?: string;
  costUsd?: number | null;
  promptTokens?: number;
  feedback?: 1 | -1 | null;
  fallback?: boolean;
  citations?: { sourceId: number; chunkId: number; title?: string }[];
  /** Handed to a person for this reason, then taken by `assigneeId`, who replies. */
  handoff?: HandoffReasonCode;
  assigneeId?: number | null;
  /** Resolved at the end, by whom. */
  resolvedBy?: 'bot' | 'human' | 'auto_idle';
  csat?: number;
  /** An outbound WhatsApp status for the bot's reply. */
  status?: 'sent' | 'delivered' | 'read' | 'failed';
}

/** One conversation on the channel with its messages and state changes at `options.at` and after. */
export async function historyConversation(
  services: Pick<Services, 'db'>,
  channel: Pick<ChannelRow, 'id' | 'teamId' | 'type' | 'botId'>,
  options: HistoryOptions,
): Promise<ConversationRow> {
  const { db } = services;
  const teamId = channel.teamId;
  const writer = conversationWriter(db);
  const key = randomBytes(6).toString('hex');
  const contact = await writer.contactFor({
    teamId,
    channelType: channel.type,
    channelId: channel.id,
    externalUserId: key,
  });
  let at = options.at;
  const { conversation } = await writer.conversationFor({
    teamId,
    channelId: channel.id,
    botId: channel.botId,
    contactId: contact.id,
    threadId: key,
    now: at,
  });
  await db.update(conversations).set({ createdAt: at }).where(eq(conversations.id, conversation.id));
  let row: ConversationRow = { ...conversation, createdAt: at };
  const later = (ms: number) => (at = new Date(at.getTime() + ms));
  const update = async (values: Partial<typeof conversations.$inferInsert>) => {
    [row] = await db
      .update(conversations)
      .set({ ...values, updatedAt: at })
      .where(eq(conversations.id, row.id))
      .returning();
  };
  const insert = (values: Omit<typeof messages.$inferInsert, 'teamId' | 'conversationId' | 'channelId'>) =>
    db.insert(messages).values({ teamId, conversationId: row.id, channelId: channel.id, ...values });

  await insert({
    direction: 'inbound',
    sender: 'contact',
    kind: 'text',
    text: options.text ?? 'Halo, jam buka?',
    status: 'received',
    createdAt: at,
  });
  if (channel.botId && options.botReplyAfterSeconds !== null) {
    later((options.botReplyAfterSeconds ?? 3) * 1000);
    await insert({
      direction: 'outbound',
      sender: 'bot',
      kind: 'text',
      text: 'Setiap hari pukul 07.00–22.00.',
      status: options.status ?? 'delivered',
      feedback: options.feedback ?? null,
      createdAt: at,
      ai: {
        kind: options.fallback ? 'fallback' : 'answer',
        model: options.model ?? 'gpt-4o-mini',
        version: 1,
        promptTokens: options.promptTokens ?? 500,
        completionTokens: 40,
        estimated: false,
        latencyMs: 900,
        costUsd: options.costUsd === undefined ? 0.0001 : options.costUsd,
        citations: (options.citations ?? []).map((citation, index) => ({
          marker: index + 1,
          passage: 1,
          chunkId: citation.chunkId,
          sourceId: citation.sourceId,
          sourceTitle: citation.title ?? 'Source',
        })),
      },
    });
    await update({ firstBotReplyAt: at });
  }
  if (options.handoff) {
    later(MINUTE);
    await update({ state: 'queued', handoffReason: options.handoff, handoffAt: at });
    later(2 * MINUTE);
    await update({ state: 'human', assigneeId: options.assigneeId ?? null });
    await insert({
      direction: 'outbound',
      sender: 'agent',
      senderUserId: options.assigneeId ?? null,
      kind: 'text',
      text: 'Halo, saya bantu ya.',
      status: 'sent',
      createdAt: at,
    });
    await update({ firstHumanReplyAt: at });
  } else if (options.assigneeId) {
    await update({ assigneeId: options.assigneeId });
  }
  if (options.resolvedBy) {
    later(5 * MINUTE);
    await update({ state: 'resolved', resolvedAt: at, resolvedBy: options.resolvedBy });
    if (options.csat) await update({ csatScore: options.csat, csatAt: at });
  }
  return row;
}

/** Rolls up every marked day, as the workers do every few seconds. */
export async function settle(services: Pick<Services, 'db' | 'broadcaster'>): Promise<void> {
  while ((await processDirtyDays(services, { limit: 50 })) > 0);
}

/** `now` moved by whole days (negative: earlier) and hours. */
export const ago = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);
