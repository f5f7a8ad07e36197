import { and, desc, eq, ne } from 'drizzle-orm';
import type { Services } from '../../services';
import { conversationRepository, type ContactRow } from '../../db/repositories/conversation-repository';
import { channels, conversations } from '../../db/schema/index';
import { NotFoundError } from '../../support/errors';
import { authorize, type TeamActor } from '../teams/team-access';
import { conversationPolicy } from '../conversations/conversation-actions';
import { conversationChanged, type EventServices } from '../conversations/events';
import { emitContactEvent } from '../webhooks/emit';
import { saveContactDetails } from '../conversations/contact-details';
import { teamContactFields } from './fields';

/**
 * The team's contacts: everyone who wrote on its channels, one person across channels (their
 * identities). Whoever sees conversations sees them; whoever answers corrects their details.
 */
export const contactPolicy = {
  view: conversationPolicy.view,
  edit: conversationPolicy.reply,
};

/** How many of a contact's conversations its page lists, the latest first. */
export const contactConversationsShown = 50;

/** The contact's conversations, the latest first (at most `contactConversationsShown`). */
export async function conversationsOf(db: Services['db'], teamId: number, contactId: number) {
  return db
    .select({
      id: conversations.id,
      number: conversations.number,
      state: conversations.state,
      priority: conversations.priority,
      lastMessageAt: conversations.lastMessageAt,
      lastPreview: conversations.lastPreview,
      channelType: channels.type,
      channelName: channels.name,
    })
    .from(conversations)
    .innerJoin(channels, eq(channels.id, conversations.channelId))
    .where(and(eq(conversations.teamId, teamId), eq(conversations.contactId, contactId)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(contactConversationsShown);
}

/**
 * Corrects a contact's name, phone or e-mail from their page (as the conversation's contact card
 * does); their open conversations' rows in the inbox show the new details at once.
 */
export async function updateContact(
  services: EventServices,
  actor: TeamActor,
  contactId: number,
  input: unknown,
): Promise<ContactRow> {
  // The change and its `contact.updated` for the team's webhooks commit together.
  return services.db.transaction(async (tx) => {
    const inTx = { ...services, db: tx };
    const repo = conversationRepository(tx, actor.teamId);
    if (!(await repo.contact(contactId))) throw new NotFoundError();
    authorize(contactPolicy.view(actor));
    authorize(contactPolicy.edit(actor));
    const row = await saveContactDetails(repo, contactId, input, await teamContactFields(tx, actor.teamId));
    if (!row) throw new NotFoundError();
    await contactChanged(inTx, actor.teamId, contactId);
    await emitContactEvent(inTx, actor.teamId, 'contact.updated', contactId);
    return row;
  });
}

/** The contact's open conversations, broadcast as changed: the inbox's rows and open threads show it anew. */
export async function contactChanged(services: EventServices, teamId: number, contactId: number): Promise<void> {
  const open = await services.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.teamId, teamId),
        eq(conversations.contactId, contactId),
        ne(conversations.state, 'resolved'),
      ),
    );
  for (const conversation of open) await conversationChanged(services, teamId, conversation.id, 'contact');
}
