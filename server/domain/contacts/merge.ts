import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { contactIdentities, contactNotes, contacts, conversations, usageEvents } from '../../db/schema/index';
import { NotFoundError, ValidationError } from '../../support/errors';
import { authorize, type TeamActor } from '../teams/team-access';
import { validate } from '../shared/validation';
import { contactChanged, contactPolicy } from './contacts';
import type { EventServices } from '../conversations/events';
import { emitContactDeleted, emitContactEvent } from '../webhooks/emit';

/**
 * Two contacts that are one person (the visitor who gave their phone in the widget, and the
 * WhatsApp customer with that number) made one: the other contact's identities, conversations, notes
 * move to the kept one, the details the kept one lacks are filled in from the other's, its usage
 * counts as the kept one's, and the other is deleted. One transaction, both rows locked, so a
 * message arriving meanwhile finds one contact or the other, never neither.
 */

const mergeSchema = z.object({
  contact_id: z.coerce
    .number({ error: 'Choose the contact to merge.' })
    .int('Choose the contact to merge.')
    .positive('Choose the contact to merge.')
    .max(2_147_483_647, 'Choose the contact to merge.'),
});

export interface MergeResult {
  /** The merged contact's name, e-mail, phone or id, as the banner names it. */
  mergedLabel: string;
  movedConversations: number;
}

/** What a contact is called in a sentence: its name, else its e-mail or phone, else its number. */
function contactName(contact: Pick<typeof contacts.$inferSelect, 'id' | 'name' | 'email' | 'phoneE164'>) {
  return contact.name || contact.email || contact.phoneE164 || `Contact #${contact.id}`;
}

/** Merges the contact `input.contact_id` into `keptId` (bag `mergeContact`); whoever answers conversations may. */
export async function mergeContacts(
  services: EventServices,
  actor: TeamActor,
  keptId: number,
  input: unknown,
): Promise<MergeResult> {
  const mine = (id: number) => and(eq(contacts.teamId, actor.teamId), eq(contacts.id, id));
  const [kept] = await services.db.select({ id: contacts.id }).from(contacts).where(mine(keptId));
  if (!kept) throw new NotFoundError();
  authorize(contactPolicy.view(actor));
  authorize(contactPolicy.edit(actor));
  const { contact_id: mergedId } = validate(mergeSchema, input, 'mergeContact');
  if (mergedId === keptId)
    throw new ValidationError({ contact_id: 'A contact cannot be merged with itself.' }, 'mergeContact');

  const result = await services.db.transaction(async (tx) => {
    // Both locked, in id order (two merges of the same pair the other way round wait, not deadlock).
    const rows = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.teamId, actor.teamId), inArray(contacts.id, [keptId, mergedId])))
      .orderBy(contacts.id)
      .for('update');
    const keptRow = rows.find((row) => row.id === keptId);
    const merged = rows.find((row) => row.id === mergedId);
    if (!keptRow) throw new NotFoundError();
    if (!merged) throw new ValidationError({ contact_id: 'The selected contact is invalid.' }, 'mergeContact');

    await tx
      .update(contactIdentities)
      .set({ contactId: keptId })
      .where(and(eq(contactIdentities.teamId, actor.teamId), eq(contactIdentities.contactId, mergedId)));
    const moved = await tx
      .update(conversations)
      .set({ contactId: keptId })
      .where(and(eq(conversations.teamId, actor.teamId), eq(conversations.contactId, mergedId)))
      .returning({ id: conversations.id });
    await tx
      .update(contactNotes)
      .set({ contactId: keptId })
      .where(and(eq(contactNotes.teamId, actor.teamId), eq(contactNotes.contactId, mergedId)));
    await tx
      .update(usageEvents)
      .set({ contactId: keptId })
      .where(and(eq(usageEvents.teamId, actor.teamId), eq(usageEvents.contactId, mergedId)));
    // The kept contact's details stay; an empty one takes the merged contact's.
    const fill = (mine: string | null, theirs: string | null) => (mine ? mine : theirs);
    await tx
      .update(contacts)
      .set({
        name: fill(keptRow.name, merged.name),
        email: fill(keptRow.email, merged.email),
        phoneE164: fill(keptRow.phoneE164, merged.phoneE164),
        externalId: fill(keptRow.externalId, merged.externalId),
        locale: fill(keptRow.locale, merged.locale),
        attributes: { ...merged.attributes, ...keptRow.attributes },
        firstSeenAt: sql`least(${contacts.firstSeenAt}, ${merged.firstSeenAt})`,
        lastSeenAt: sql`greatest(${contacts.lastSeenAt}, ${merged.lastSeenAt})`,
      })
      .where(mine(keptId));
    await tx.delete(contacts).where(mine(mergedId));
    // The team's system hears both with the merge, or neither.
    await emitContactEvent({ ...services, db: tx }, actor.teamId, 'contact.updated', keptId);
    await emitContactDeleted({ ...services, db: tx }, actor.teamId, merged, keptId);
    return { mergedLabel: contactName(merged), moved: moved.map((row) => row.id) };
  });

  // The inbox rows and open threads of the kept contact show the one contact now.
  await contactChanged(services, actor.teamId, keptId);
  return { mergedLabel: result.mergedLabel, movedConversations: result.moved.length };
}
