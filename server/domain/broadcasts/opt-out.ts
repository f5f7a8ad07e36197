/**
 * A customer who answers a broadcast with "STOP" (or "berhenti", or taps a template's "Berhenti
 * promo" button) asks for no more broadcasts: Meta expects a business to honour it, and every
 * broadcast from then on leaves them out. "START" (or "mulai promo") asks for them again. Either
 * way the thread says what happened, and the bot (when it has the conversation) confirms it to the customer
 * in their language, as a fixed reply: no model, no credits. A teammate can also turn broadcasts
 * back on from the contact's page.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { contacts } from '../../db/schema/index';
import type { Language } from '../../knowledge/language';
import { systemLine, type EventServices } from '../conversations/events';
import { emitContactEvent } from '../webhooks/emit';

export interface BroadcastRequest {
  kind: 'stop' | 'start';
  /** The language its words are in, when they tell ("berhenti", "unsubscribe"; not "STOP"). */
  language: Language | null;
}

const stop = (language: Language | null): BroadcastRequest => ({ kind: 'stop', language });
const start = (language: Language | null): BroadcastRequest => ({ kind: 'start', language });

/** What a customer writes to stop or resume broadcasts, whole messages only, with the language its words are in. */
const requests: Record<string, BroadcastRequest> = {
  stop: stop(null),
  'stop promo': stop('indonesian'),
  'stop promosi': stop('indonesian'),
  berhenti: stop('indonesian'),
  'berhenti promo': stop('indonesian'),
  'berhenti promosi': stop('indonesian'),
  'jangan kirim lagi': stop('indonesian'),
  unsubscribe: stop('english'),
  unsub: stop('english'),
  'opt out': stop('english'),
  start: start(null),
  'mulai promo': start('indonesian'),
  'start promo': start('indonesian'),
  'langganan promo': start('indonesian'),
  'kirim promo lagi': start('indonesian'),
  subscribe: start('english'),
  resubscribe: start('english'),
  'opt in': start('english'),
  unstop: start('english'),
};

/** Whether a whole message asks for no more broadcasts, or for them again ("STOP", "Berhenti promo!", "start."). */
export function broadcastRequest(text: string | null | undefined): BroadcastRequest | null {
  if (!text || text.length > 40) return null;
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Object.hasOwn(requests, words) ? requests[words] : null;
}

/** Whether a whole message asks for no more broadcasts. */
export function asksToStopBroadcasts(text: string | null | undefined): boolean {
  return broadcastRequest(text)?.kind === 'stop';
}

/**
 * Marks the contact as asking for no broadcasts (once: the first time stays) and says so in the
 * conversation. Returns whether this message was the one that did it.
 */
export async function stopBroadcasts(
  services: EventServices,
  contact: { id: number; teamId: number; name: string | null },
  conversation: { id: number; teamId: number; channelId: number },
  now: Date,
): Promise<boolean> {
  const changed = await services.db
    .update(contacts)
    .set({ unsubscribedAt: now })
    .where(and(eq(contacts.id, contact.id), eq(contacts.teamId, contact.teamId), isNull(contacts.unsubscribedAt)))
    .returning({ id: contacts.id });
  if (changed.length === 0) return false;
  await systemLine(services, conversation, `${contact.name ?? 'The customer'} asked for no more broadcasts.`);
  await emitContactEvent(services, contact.teamId, 'contact.updated', contact.id);
  return true;
}

/** A contact who had asked for no broadcasts asks for them again: they receive them from now on, as the thread says. */
export async function resumeBroadcasts(
  services: EventServices,
  contact: { id: number; teamId: number; name: string | null },
  conversation: { id: number; teamId: number; channelId: number },
): Promise<boolean> {
  const changed = await services.db
    .update(contacts)
    .set({ unsubscribedAt: null })
    .where(and(eq(contacts.id, contact.id), eq(contacts.teamId, contact.teamId), isNotNull(contacts.unsubscribedAt)))
    .returning({ id: contacts.id });
  if (changed.length === 0) return false;
  await systemLine(services, conversation, `${contact.name ?? 'The customer'} asked for broadcasts again.`);
  await emitContactEvent(services, contact.teamId, 'contact.updated', contact.id);
  return true;
}

const confirmations: Record<BroadcastRequest['kind'], Record<Language, string>> = {
  stop: {
    indonesian:
      'Baik, Kak. Kami tidak akan mengirim promosi lagi ke nomor ini. Balas START kapan saja untuk menerimanya lagi.',
    english: "Done: we won't send promotions to this number any more. Reply START any time to get them again.",
  },
  start: {
    indonesian: 'Baik, Kak. Kakak akan menerima info promo dari kami. Balas STOP kapan saja untuk berhenti.',
    english: "Done: you'll get our promotions. Reply STOP any time to stop them.",
  },
};

/** What the bot tells the customer after a request: it is done, and how to undo it. */
export function broadcastConfirmation(kind: BroadcastRequest['kind'], language: Language): string {
  return confirmations[kind][language];
}
