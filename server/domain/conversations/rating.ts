/**
 * A rating asked in the chat on WhatsApp and Telegram, as the web widget asks with its form: when a
 * conversation is resolved on a channel that collects ratings, the customer gets a message with five
 * choices to tap (a WhatsApp list, Telegram's inline buttons). The tap comes back as an inbound
 * message whose payload names the conversation and the score (`csat:<conversation>:<score>`); the
 * pipeline records it on that conversation, which stays resolved, and thanks the customer.
 */
import type { Services } from '../../services';
import type { ChannelRow } from '../../db/repositories/channel-repository';
import { conversationRepository, type ConversationRow } from '../../db/repositories/conversation-repository';
import type { MessageChoices } from '../../channels/driver';
import { windowExpiresAt } from '../../presenters/conversation-presenter';
import { detectLanguage, type Language } from '../../knowledge/language';
import { messageCreated, type EventServices } from './events';

const words: Record<Language, { question: string; button: string; thanks: string; scores: Record<number, string> }> = {
  indonesian: {
    question: 'Bagaimana layanan kami di percakapan ini? Pilih nilai dari 1 sampai 5.',
    button: 'Beri nilai',
    thanks: 'Terima kasih atas penilaiannya! 🙏',
    scores: {
      5: '⭐⭐⭐⭐⭐ Sangat puas',
      4: '⭐⭐⭐⭐ Puas',
      3: '⭐⭐⭐ Biasa saja',
      2: '⭐⭐ Kurang puas',
      1: '⭐ Tidak puas',
    },
  },
  english: {
    question: 'How did we do in this conversation? Choose a rating from 1 to 5.',
    button: 'Rate us',
    thanks: 'Thank you for your rating! 🙏',
    scores: {
      5: '⭐⭐⭐⭐⭐ Very satisfied',
      4: '⭐⭐⭐⭐ Satisfied',
      3: '⭐⭐⭐ Okay',
      2: '⭐⭐ Dissatisfied',
      1: '⭐ Very dissatisfied',
    },
  },
};

const PAYLOAD = /^csat:(\d{1,12}):([1-5])$/;

/** The choices of a rating request, the best first. */
export function ratingChoices(conversationId: number, language: Language): MessageChoices {
  return {
    button: words[language].button,
    items: [5, 4, 3, 2, 1].map((score) => ({
      id: `csat:${conversationId}:${score}`,
      title: words[language].scores[score],
    })),
  };
}

/** A tapped rating: the conversation it was asked in and the score, or null for any other payload. */
export function ratingReply(payload: string | undefined): { conversationId: number; score: number } | null {
  const match = payload ? PAYLOAD.exec(payload) : null;
  return match ? { conversationId: Number(match[1]), score: Number(match[2]) } : null;
}

/** What the thread keeps of a tapped rating: the choice's title, in the language it was asked in. */
export function ratingTitle(score: number, language: Language): string {
  return words[language].scores[score];
}

export function ratingThanks(language: Language): string {
  return words[language].thanks;
}

/** The language of the customer's recent messages, when they tell. */
export async function spokenLanguage(
  services: Pick<Services, 'db'>,
  conversation: Pick<ConversationRow, 'id' | 'teamId'>,
): Promise<Language | undefined> {
  const recent = await conversationRepository(services.db, conversation.teamId).messages(conversation.id, {
    limit: 20,
  });
  const said = recent
    .filter((message) => message.direction === 'inbound' && message.text.trim() !== '')
    .slice(-5)
    .map((message) => message.text)
    .join('\n');
  return detectLanguage(said);
}

/** The language of the customer's recent messages; Indonesian when they do not tell. */
export async function customerLanguage(
  services: Pick<Services, 'db'>,
  conversation: Pick<ConversationRow, 'id' | 'teamId'>,
): Promise<Language> {
  return (await spokenLanguage(services, conversation)) ?? 'indonesian';
}

/** Whether a resolved conversation's customer is asked for a rating on its channel now. */
export function asksForRating(
  channel: Pick<ChannelRow, 'type' | 'status' | 'settings'>,
  conversation: Pick<ConversationRow, 'inboundCount' | 'lastInboundAt' | 'csatScore'>,
  now = new Date(),
): boolean {
  if (channel.type !== 'whatsapp' && channel.type !== 'telegram') return false;
  if (channel.settings.collectCsat !== true || channel.status !== 'active') return false;
  if (conversation.inboundCount === 0 || conversation.csatScore !== null) return false;
  // WhatsApp takes an interactive message only inside the customer-service window.
  return channel.type !== 'whatsapp' || windowExpiresAt(channel.type, conversation.lastInboundAt, now) !== null;
}

/**
 * Asks a resolved conversation's customer for a rating, when its channel collects them: an outbound
 * message with the five choices, sent by a `channel.send` job as any reply is.
 */
export async function askForRating(
  services: EventServices,
  channel: ChannelRow,
  conversation: ConversationRow,
  sendJob: string,
): Promise<void> {
  if (!asksForRating(channel, conversation)) return;
  const language = await customerLanguage(services, conversation);
  const repo = conversationRepository(services.db, conversation.teamId);
  const message = await repo.insertMessage({
    conversationId: conversation.id,
    channelId: channel.id,
    direction: 'outbound',
    sender: 'bot',
    kind: 'interactive',
    text: words[language].question,
    choices: ratingChoices(conversation.id, language),
    status: 'queued',
  });
  if (!message) return;
  await messageCreated(services, message);
  await services.jobs.send(sendJob, { teamId: conversation.teamId, messageId: message.id, attempt: 1 });
}
