import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { channelEvents, channels, contactIdentities, contacts, conversations, messages } from './schema/channels';
import { outboundEventId } from './repositories/channel-repository';
import { summarize } from '../channels/pipeline';
import { parseUpdate } from '../channels/telegram/webhook';
import { parseWebhook } from '../channels/whatsapp/webhook';
import { citationMarkers, withoutMarkers } from '../bot-engine/citations';

/** Deliveries of each channel the demo's event log shows, each way. */
const SHOWN = 12;

/**
 * The demo's Telegram and WhatsApp event logs: the latest inbound messages of their seeded history
 * as the deliveries the providers would have sent (a Telegram update, a WhatsApp Cloud API webhook,
 * read by the same parsers, verified and processed), and the latest replies as Kawan's sends,
 * delivered at the first attempt. The history is written straight into the tables, so without this
 * the logs said "Nothing received or sent yet" beside 60 days of conversations.
 */
export async function seedDemoEventLog(db: Database, teamId: number): Promise<number> {
  const rows = await db
    .select({ id: channels.id, type: channels.type, settings: channels.settings })
    .from(channels)
    .where(and(eq(channels.teamId, teamId), inArray(channels.type, ['telegram', 'whatsapp'])));
  let written = 0;
  for (const channel of rows) {
    const logged: Array<typeof channelEvents.$inferInsert> = [];
    for (const message of await latest(db, channel.id, 'inbound')) {
      const body =
        channel.type === 'telegram'
          ? telegramUpdate(message)
          : whatsappWebhook(message, String((channel.settings as { phoneNumberId?: string }).phoneNumberId ?? ''));
      const parsed =
        channel.type === 'telegram'
          ? parseUpdate(Buffer.from(body), { now: message.createdAt })
          : parseWebhook(Buffer.from(body), { now: message.createdAt });
      logged.push({
        teamId,
        channelId: channel.id,
        direction: 'inbound',
        eventId: parsed.eventId.slice(0, 255),
        signature: 'valid',
        status: 'processed',
        summary: summarize(parsed),
        payload: body,
        messageId: message.id,
        thread: message.threadId.slice(0, 255),
        receivedAt: message.createdAt,
        processedAt: new Date(message.createdAt.getTime() + 350),
      });
    }
    for (const message of await latest(db, channel.id, 'outbound')) {
      const text = withoutMarkers(
        message.text,
        citationMarkers((message.ai as { citations?: unknown } | null)?.citations),
      );
      const sentAt = message.sentAt ?? message.createdAt;
      logged.push({
        teamId,
        channelId: channel.id,
        direction: 'outbound',
        eventId: outboundEventId(message.id),
        signature: 'none',
        status: 'delivered',
        summary: `${message.sender === 'bot' ? 'Bot reply' : 'Agent reply'}: ${text}`.slice(0, 500),
        payload: JSON.stringify({ thread: message.threadId, text }),
        attempts: [{ at: sentAt.toISOString(), ok: true, detail: 'sent', durationMs: 180 + (message.id % 170) }],
        messageId: message.id,
        receivedAt: message.createdAt,
        processedAt: sentAt,
      });
    }
    if (logged.length === 0) continue;
    // Oldest first, so that the log's order (newest id first) is the order they happened in.
    logged.sort((a, b) => a.receivedAt!.getTime() - b.receivedAt!.getTime());
    await db.insert(channelEvents).values(logged).onConflictDoNothing();
    written += logged.length;
  }
  return written;
}

async function latest(db: Database, channelId: number, direction: 'inbound' | 'outbound') {
  return db
    .select({
      id: messages.id,
      text: messages.text,
      sender: messages.sender,
      externalId: messages.externalId,
      ai: messages.ai,
      createdAt: messages.createdAt,
      sentAt: messages.sentAt,
      threadId: conversations.threadId,
      name: contacts.name,
      phone: contacts.phoneE164,
      externalUserId: contactIdentities.externalUserId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .innerJoin(
      contactIdentities,
      and(eq(contactIdentities.contactId, contacts.id), eq(contactIdentities.channelId, messages.channelId)),
    )
    .where(
      and(
        eq(messages.channelId, channelId),
        eq(messages.direction, direction),
        eq(messages.kind, 'text'),
        direction === 'inbound'
          ? sql`${messages.externalId} is not null`
          : sql`${messages.status} in ('sent', 'delivered', 'read')`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(SHOWN);
}

type Seeded = Awaited<ReturnType<typeof latest>>[number];

const unix = (at: Date) => Math.floor(at.getTime() / 1000);

/** A Telegram update of a private chat's text message, ids from the message's `<chat>:<message_id>`. */
function telegramUpdate(message: Seeded): string {
  const [chat, messageId] = (message.externalId ?? '').split(':').map(Number);
  const [first, ...rest] = (message.name ?? 'Pelanggan').split(' ');
  const person = { id: chat, first_name: first, ...(rest.length > 0 ? { last_name: rest.join(' ') } : {}) };
  return JSON.stringify({
    update_id: 500_000_000 + message.id,
    message: {
      message_id: messageId,
      from: { ...person, is_bot: false, language_code: 'id' },
      chat: { ...person, type: 'private' },
      date: unix(message.createdAt),
      text: message.text,
    },
  });
}

/** A WhatsApp Cloud API webhook of one text message to the channel's number. */
function whatsappWebhook(message: Seeded, phoneNumberId: string): string {
  const waId = message.externalUserId.replace(/\D/g, '');
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000002',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '6281234567890', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: message.name ?? '' }, wa_id: waId }],
              messages: [
                {
                  from: waId,
                  id: message.externalId,
                  timestamp: String(unix(message.createdAt)),
                  type: 'text',
                  text: { body: message.text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}
