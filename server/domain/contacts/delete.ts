/**
 * A contact erased at their request (a privacy law's right to erasure, a list imported by mistake):
 * the contact, who they are on each channel, their conversations with every message (and the files
 * those hold, within two hours: the workers' sweep), the team's notes about them, the channels' logs of their deliveries, the bells that
 * named their conversations, and the webhook deliveries that carried them (the team's endpoints hear
 * `contact.deleted` instead). What stays names nobody: the reports' daily counts, and the usage the
 * bill counted (its contact id cleared). An owner or an admin only, after a confirmation.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { emitContactDeleted, type EmitServices } from '../webhooks/emit';
import {
  channelEvents,
  contacts,
  conversations,
  messages,
  notifications,
  usageEvents,
  webhookDeliveries,
} from '../../db/schema/index';
import { NotFoundError } from '../../support/errors';
import { authorize, type TeamActor } from '../teams/team-access';
import { contactPolicy } from './contacts';

/** Whoever may erase a contact: an owner or an admin (the notes' rule for what others wrote). */
export const mayDeleteContacts = (actor: TeamActor) => actor.role === 'owner' || actor.role === 'admin';

/** Deletes the team's contact `contactId` and everything of theirs; how many conversations went with them. */
export async function deleteContact(
  services: EmitServices,
  actor: TeamActor,
  contactId: number,
): Promise<{ conversations: number }> {
  const [contact] = await services.db
    .select({ id: contacts.id, externalId: contacts.externalId })
    .from(contacts)
    .where(and(eq(contacts.teamId, actor.teamId), eq(contacts.id, contactId)));
  if (!contact) throw new NotFoundError();
  authorize(contactPolicy.view(actor));
  authorize(mayDeleteContacts(actor));

  const removed = await services.db.transaction(async (tx) => {
    const theirs = await tx
      .select({ id: conversations.id, channelId: conversations.channelId, threadId: conversations.threadId })
      .from(conversations)
      .where(and(eq(conversations.teamId, actor.teamId), eq(conversations.contactId, contactId)));
    const ids = theirs.map((conversation) => conversation.id);
    if (ids.length > 0) {
      const messageIds = tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.teamId, actor.teamId), inArray(messages.conversationId, ids)));
      // The channels' logs: each delivery and send of theirs (by message), and the deliveries of
      // their threads (by thread, which statuses and unprocessed deliveries carry).
      await tx
        .delete(channelEvents)
        .where(
          and(
            eq(channelEvents.teamId, actor.teamId),
            or(
              inArray(channelEvents.messageId, messageIds),
              ...theirs
                .filter((conversation) => conversation.threadId)
                .map(
                  (conversation) =>
                    sql`(${channelEvents.channelId} = ${conversation.channelId} and ${channelEvents.thread} = ${conversation.threadId})`,
                ),
            ),
          ),
        );
      await tx.delete(notifications).where(
        inArray(
          sql`(${notifications.data}->>'conversation_id')`,
          ids.map((id) => String(id)),
        ),
      );
    }
    await tx
      .update(usageEvents)
      .set({ contactId: null })
      .where(and(eq(usageEvents.teamId, actor.teamId), eq(usageEvents.contactId, contactId)));
    // What the team's webhook endpoints were sent about them stays in no delivery log.
    await tx
      .delete(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.teamId, actor.teamId),
          sql`${webhookDeliveries.payload}->'data'->'contact'->>'id' = ${String(contactId)}`,
        ),
      );
    // Their identities, conversations (messages, activities, gap questions) and notes go with them.
    await tx.delete(contacts).where(and(eq(contacts.teamId, actor.teamId), eq(contacts.id, contactId)));
    // The team's system hears who is gone, to erase them too: with the erasure, or not at all.
    await emitContactDeleted({ ...services, db: tx }, actor.teamId, contact);
    return ids.length;
  });
  // Their files go with the workers' hourly sweep of files no message names (media-sweep.ts), once
  // its grace has passed: files are shared by content, and a file of a message being written now is
  // never taken.
  return { conversations: removed };
}
