/**
 * A customer who answers a broadcast with "STOP" (or "berhenti", or taps a template's "Berhenti
 * promo" button) asks for no more broadcasts: Meta expects a business to honour it, and every
 * broadcast from then on leaves them out. Their conversation goes on as before; the thread says
 * what happened, and a teammate can turn broadcasts back on from the contact's page.
 */
import type { Services } from '../../services';
import { and, eq, isNull } from 'drizzle-orm';
import { contacts } from '../../db/schema/index';
import { systemLine } from '../conversations/events';

/** What a customer writes to stop broadcasts, in Indonesian and English, whole messages only. */
const stopWords = new Set([
  'stop',
  'stop promo',
  'berhenti',
  'berhenti promo',
  'stop promosi',
  'berhenti promosi',
  'unsubscribe',
  'unsub',
  'opt out',
  'jangan kirim lagi',
]);

/** Whether a whole message asks for no more broadcasts ("STOP", "Berhenti promo!", "unsubscribe."). */
export function asksToStopBroadcasts(text: string | null | undefined): boolean {
  if (!text || text.length > 40) return false;
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return stopWords.has(words);
}

/**
 * Marks the contact as asking for no broadcasts (once: the first time stays) and says so in the
 * conversation. Returns whether this message was the one that did it.
 */
export async function stopBroadcasts(
  services: Pick<Services, 'db' | 'broadcaster' | 'widgetBroadcaster' | 'route'>,
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
  return true;
}
