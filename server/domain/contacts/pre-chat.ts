import { z } from 'zod';
import type { Services } from '../../services';
import type { ChannelRow } from '../../db/repositories/channel-repository';
import {
  conversationRepository,
  conversationWriter,
  type ContactRow,
} from '../../db/repositories/conversation-repository';
import { preChatForm } from '../../channels/web/pre-chat';
import { widgetLimits, type PreChatFieldName, type PreChatForm } from '../../channels/web/protocol';
import { phoneE164 } from '../../support/phone';
import { ValidationError } from '../../support/errors';
import { fields, validate } from '../shared/validation';
import { phoneMessage } from '../conversations/contact-details';

/**
 * The web widget's pre-chat form: a new visitor's name, e-mail or phone, asked before their first
 * message when the channel's settings say so, and kept on the contact Kawan makes for them at once
 * (a lead is kept even if they never write). The form is for visitors Kawan does not know yet: a
 * signed-in user the host page vouches for, or a visitor who wrote or answered it before, skips it.
 */

/** An answer left empty is no answer. */
const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const answerSchemas: Record<PreChatFieldName, (required: boolean) => z.ZodType<string | undefined>> = {
  name: (required) => {
    const name = fields.requiredString('name', widgetLimits.name);
    return z.preprocess(blankAsUndefined, required ? name : name.optional());
  },
  email: (required) => {
    const email = fields.email();
    return z.preprocess(blankAsUndefined, required ? email : email.optional());
  },
  phone: (required) => {
    const phone = fields.requiredString('phone', widgetLimits.phone).transform((value, context) => {
      const e164 = phoneE164(value);
      if (!e164) context.addIssue({ code: 'custom', message: phoneMessage });
      return e164 ?? value;
    });
    return z.preprocess(blankAsUndefined, required ? phone : phone.optional());
  },
};

/** The answers' schema for a form: its fields (required or not); any other key is ignored. */
export function preChatAnswers(form: PreChatForm) {
  return z.object(
    Object.fromEntries(form.fields.map((field) => [field.name, answerSchemas[field.name](field.required)])),
  );
}

/** Whether a visitor must fill in the channel's form first: it has one and Kawan does not know them. */
export async function detailsNeeded(
  services: Pick<Services, 'db'>,
  channel: ChannelRow,
  visitor: { externalUserId: string; verified: boolean },
): Promise<boolean> {
  if (visitor.verified || preChatForm(channel.settings) === null) return false;
  const known = await conversationRepository(services.db, channel.teamId).contactIdOfIdentity(
    'web',
    visitor.externalUserId,
  );
  return known === undefined;
}

/**
 * Saves a visitor's answers as their contact (made now, with their widget identity, when Kawan
 * does not know them; a known contact's empty details filled in, as a channel's details always
 * are). A channel without a form takes nothing: 422.
 */
export async function savePreChatAnswers(
  services: Pick<Services, 'db'>,
  channel: ChannelRow,
  visitor: { externalUserId: string },
  input: unknown,
): Promise<ContactRow> {
  const form = preChatForm(channel.settings);
  if (!form) throw new ValidationError({ form: 'This chat does not ask for details.' });
  const answers = validate(preChatAnswers(form), input) as Partial<Record<PreChatFieldName, string>>;
  return conversationWriter(services.db).contactFor({
    teamId: channel.teamId,
    channelType: 'web',
    channelId: channel.id,
    externalUserId: visitor.externalUserId,
    name: answers.name,
    email: answers.email,
    phoneE164: answers.phone,
  });
}
