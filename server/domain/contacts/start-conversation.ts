/**
 * A conversation a teammate starts with a contact on WhatsApp: a business may write first only with
 * an approved template, so the first message is one (filled in as in the inbox). The contact's
 * phone is their WhatsApp id; the conversation is the thread's open one, or one opened for it, and
 * the template goes out through the channel's send job as any agent reply does.
 */
import { z } from 'zod';
import { contactIdentities } from '../../db/schema/index';
import { channelById } from '../../db/repositories/channel-repository';
import { conversationRepository, conversationWriter } from '../../db/repositories/conversation-repository';
import { UploadedFile } from '../../http/middleware/body';
import { NotFoundError, ValidationError } from '../../support/errors';
import { authorize, type TeamActor } from '../teams/team-access';
import { checkedTemplate, conversationPolicy, replyAsAgent } from '../conversations/conversation-actions';
import { fields, validate } from '../shared/validation';

const channelSchema = z.object({
  channel_id: fields.rowId('Choose a WhatsApp channel.'),
});

type StartServices = Parameters<typeof replyAsAgent>[0];

/**
 * The contact's number as their WhatsApp identity (made the first time, on that channel). False when
 * another contact of the team has the number on WhatsApp: a person to merge first.
 */
export async function claimWhatsApp(
  db: StartServices['db'],
  teamId: number,
  contact: { id: number; name: string | null },
  channelId: number,
  waId: string,
): Promise<boolean> {
  await db
    .insert(contactIdentities)
    .values({
      teamId,
      contactId: contact.id,
      channelType: 'whatsapp',
      channelId,
      externalUserId: waId,
      displayName: contact.name,
    })
    .onConflictDoNothing();
  return (await conversationRepository(db, teamId).contactIdOfIdentity('whatsapp', waId)) === contact.id;
}

/**
 * Sends the contact an approved WhatsApp template (`channel_id`, `template`, `language`,
 * `parameters[...]`, a header's `file`) in their thread on that channel: its open conversation, or
 * a new one, theirs as the sender's. Returns the conversation's id. Everything is checked before
 * anything is stored: a refused template leaves no empty conversation behind.
 */
export async function startWhatsAppConversation(
  services: StartServices,
  actor: TeamActor,
  contactId: number,
  input: unknown,
): Promise<number> {
  try {
    return await start(services, actor, contactId, input);
  } catch (error) {
    // The contact page's dialog shows its own messages (bag `startConversation`).
    if (error instanceof ValidationError && !error.bag) throw new ValidationError(error.errors, startBag);
    throw error;
  }
}

const startBag = 'startConversation';

async function start(services: StartServices, actor: TeamActor, contactId: number, input: unknown): Promise<number> {
  const repo = conversationRepository(services.db, actor.teamId);
  const contact = await repo.contact(contactId);
  if (!contact) throw new NotFoundError();
  authorize(conversationPolicy.reply(actor));
  const { channel_id: channelId } = validate(channelSchema, input);
  const channel = await channelById(services.db, channelId);
  if (!channel || channel.teamId !== actor.teamId || channel.type !== 'whatsapp') {
    throw new ValidationError({ channel_id: 'Choose one of your WhatsApp channels.' });
  }
  if (channel.status !== 'active') throw new ValidationError({ channel_id: 'This channel is paused.' });
  const waId = contact.phoneE164?.replace(/\D/g, '') ?? '';
  if (!waId) throw new ValidationError({ channel_id: "Add the contact's phone number first: it is their WhatsApp." });
  const file = (input as { file?: unknown } | null)?.file;
  await checkedTemplate(services, actor.teamId, channel, input, file instanceof UploadedFile ? file : undefined);

  if (!(await claimWhatsApp(services.db, actor.teamId, contact, channel.id, waId))) {
    throw new ValidationError({
      channel_id: 'Another contact has this WhatsApp number: merge the two contacts, then write from the one kept.',
    });
  }
  const { conversation } = await conversationWriter(services.db).conversationFor({
    teamId: actor.teamId,
    channelId: channel.id,
    botId: channel.botId,
    contactId: contact.id,
    threadId: waId,
    now: new Date(),
  });
  await replyAsAgent(services, actor, conversation.id, input);
  return conversation.id;
}
