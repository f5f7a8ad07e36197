import type { Services } from '../../services';
import { contactFieldRepository } from '../../db/repositories/contact-field-repository';
import { conversationRepository } from '../../db/repositories/conversation-repository';
import { parseFieldValue, type AttributeValue } from './field-values';

/**
 * Contact field values the team's own system sends with a customer's message (the webhook
 * channel's `user.attributes`: points after a purchase, a tier), kept on the contact before the
 * bot reads the message. It is the team's system speaking, so a value replaces the one there and
 * null or an empty text clears it. A key that is none of the team's fields, or a value its field
 * refuses, is left out and logged (the message was accepted already: its shape was checked then).
 */
export async function keepSentAttributes(
  services: Pick<Services, 'db' | 'logger'>,
  teamId: number,
  contactId: number,
  values: Record<string, unknown>,
): Promise<void> {
  const fields = await contactFieldRepository(services.db, teamId).cached();
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const set: Record<string, AttributeValue> = {};
  const clear: string[] = [];
  const refused: string[] = [];
  for (const [key, raw] of Object.entries(values)) {
    const field = byKey.get(key);
    const parsed = field ? parseFieldValue(field, raw) : undefined;
    if (!parsed?.ok) refused.push(key.slice(0, 60));
    else if (parsed.value === null) clear.push(key);
    else set[key] = parsed.value;
  }
  // Keys only: values are the customer's details.
  if (refused.length > 0) services.logger.warn({ teamId, contactId, keys: refused }, 'contact field values left out');
  if (Object.keys(set).length > 0 || clear.length > 0)
    await conversationRepository(services.db, teamId).setContactDetails(contactId, {}, { set, clear });
}
