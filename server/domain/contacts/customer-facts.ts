import type { Services } from '../../services';
import type { ChannelRow } from '../../db/repositories/channel-repository';
import type { ContactRow, ConversationRow } from '../../db/repositories/conversation-repository';
import { contactFieldRepository } from '../../db/repositories/contact-field-repository';
import { isVerifiedThread } from '../../channels/web/visitors';
import type { CustomerFact } from '../../bot-engine/customer';
import { fieldValueText, type ContactFieldShape } from './field-values';

/**
 * What a bot may tell the customer about themselves (bot-engine/customer.ts): the contact's values
 * of the fields the team marked "Bots may tell customers their own value", only where the channel
 * vouches for who is writing. A WhatsApp number, a Telegram account and the team's own system (a
 * signed webhook) are the person; on the website only a user the host page signed in (identity
 * verification) is: an anonymous visitor's contact may hold what they typed into a pre-chat form,
 * or an import matched to that e-mail, and a bot must not read someone else's points to whoever
 * typed it.
 */
export async function customerFacts(
  services: Pick<Services, 'db'>,
  channel: Pick<ChannelRow, 'type' | 'teamId'>,
  conversation: Pick<ConversationRow, 'threadId'>,
  contact: Pick<ContactRow, 'attributes'>,
): Promise<CustomerFact[]> {
  // Most contacts have no values: no read at all for them.
  if (Object.keys(contact.attributes).length === 0) return [];
  if (channel.type === 'web' && !isVerifiedThread(conversation.threadId)) return [];
  const fields = await contactFieldRepository(services.db, channel.teamId).cached();
  return factsOf(
    fields.filter((field) => field.botReadable),
    contact.attributes,
  );
}

/** The values of these fields as facts, each written for a reader of either language; fields without one are none. */
export function factsOf(
  fields: ReadonlyArray<Pick<ContactFieldShape, 'key' | 'label' | 'type'>>,
  attributes: Record<string, unknown>,
): CustomerFact[] {
  const facts: CustomerFact[] = [];
  for (const field of fields) {
    const value = attributes[field.key];
    const indonesian = fieldValueText(field, value, 'id');
    const english = fieldValueText(field, value, 'en');
    if (indonesian === null || english === null) continue;
    facts.push({
      label: field.label,
      value: { indonesian, english },
      ...(field.type === 'yes_no' ? { yesNo: true as const } : {}),
    });
  }
  return facts;
}
