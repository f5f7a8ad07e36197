import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Services } from '../../services';
import { conversationRepository, type ContactRow } from '../../db/repositories/conversation-repository';
import { contacts } from '../../db/schema/index';
import { ValidationError } from '../../support/errors';
import { contactDetailsSchema, readContactRequest } from '../conversations/contact-details';
import { fields } from '../shared/validation';
import { authorize, type TeamActor } from '../teams/team-access';
import { contactChanged, contactPolicy } from './contacts';
import type { EventServices } from '../conversations/events';
import { emitContactEvent } from '../webhooks/emit';
import { teamContactFields } from './fields';
import { rememberExternalIds, rememberWhatsApp } from './import';

/**
 * A customer as the team's own system knows them (a shop's member, after a purchase): the contact
 * its id for the person names, else the one with their phone, else their e-mail, updated; else a new
 * one. Kawan then knows them wherever they write first: their id is their identity on the web
 * widget when the site signs them in and on the webhook channel, their phone their WhatsApp id.
 * Nothing is merged on the way: details that name two contacts are a 422.
 */

const bag = 'identifyContact';

const identifySchema = contactDetailsSchema.extend({
  external_id: z.preprocess(
    (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value),
    fields.requiredString('external id', 255).optional(),
  ),
});

/** A contact as a conflict's message names it. */
const named = (row: Pick<ContactRow, 'id' | 'name'>) =>
  row.name ? `${row.name} (contact ${row.id})` : `Contact ${row.id}`;

/**
 * Creates or updates the contact the request names (as above). Whoever answers conversations may.
 * `created` says which it was.
 */
export async function identifyContact(
  services: EventServices,
  actor: TeamActor,
  input: unknown,
): Promise<{ contact: ContactRow; created: boolean }> {
  // The route asks the token for create and update; whoever may change a contact sees it too.
  authorize(contactPolicy.edit(actor));
  const teamFields = await teamContactFields(services.db, actor.teamId);
  const { data, attributes } = readContactRequest(identifySchema, input, teamFields, bag);
  const externalId = data.external_id;
  if (!externalId && !data.phone && !data.email) {
    throw new ValidationError(
      { external_id: 'Give your id for the person, their phone number or their e-mail address.' },
      bag,
    );
  }
  const result = await services.db.transaction(async (tx) => {
    // The same person sent twice at once (a shop's sync retried) is one contact: the second waits.
    const key = externalId ?? data.phone ?? data.email!.toLowerCase();
    await tx.execute(sql`select pg_advisory_xact_lock(${actor.teamId}, hashtext(${key}))`);
    const first = async (condition: ReturnType<typeof eq>) =>
      (
        await tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.teamId, actor.teamId), condition))
          .orderBy(asc(contacts.id))
          .limit(1)
      )[0];
    const byExternalId = externalId ? await first(eq(contacts.externalId, externalId)) : undefined;
    const byPhone = data.phone ? await first(eq(contacts.phoneE164, data.phone)) : undefined;
    const byEmail = data.email ? await first(sql`lower(${contacts.email}) = ${data.email.toLowerCase()}`) : undefined;
    const found = byExternalId ?? byPhone ?? byEmail;
    const errors: Record<string, string> = {};
    const conflict = (row: ContactRow | undefined, field: 'phone' | 'email', what: string) => {
      if (!row || !found) return;
      if (row.id !== found.id) errors[field] = `${named(row)} already has this ${what}.`;
      else if (externalId && row.externalId && row.externalId !== externalId)
        errors[field] = `${named(row)} has this ${what}, with another external id (${row.externalId}).`;
    };
    conflict(byPhone, 'phone', 'phone number');
    conflict(byEmail, 'email', 'e-mail address');
    if (Object.keys(errors).length > 0) throw new ValidationError(errors, bag);

    const repo = conversationRepository(tx, actor.teamId);
    const subscription =
      data.receives_broadcasts === undefined
        ? undefined
        : data.receives_broadcasts
          ? null
          : (found?.unsubscribedAt ?? new Date());
    const values = {
      name: data.name,
      email: data.email,
      phoneE164: data.phone,
      unsubscribedAt: subscription,
      ...(externalId && !found?.externalId ? { externalId } : {}),
    };
    const changed = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    let id = found?.id;
    if (id === undefined) {
      const [row] = await tx
        .insert(contacts)
        .values({ teamId: actor.teamId, externalId: externalId ?? null })
        .returning({ id: contacts.id });
      id = row.id;
    }
    const contact = (await repo.setContactDetails(id, changed, attributes))!;
    await rememberIdentities(tx, actor.teamId, contact);
    // Told with the change, or not at all.
    await emitContactEvent({ ...services, db: tx }, actor.teamId, found ? 'contact.updated' : 'contact.created', id);
    return { contact, created: found === undefined };
  });
  if (!result.created) await contactChanged(services, actor.teamId, result.contact.id);
  return result;
}

/**
 * Where the contact is known first: their external id as a signed-in website user's and as the
 * webhook channel's user, their phone as their WhatsApp id. An identity another contact has stays
 * theirs (the contact page offers to merge the two).
 */
async function rememberIdentities(
  tx: Pick<Services['db'], 'insert'>,
  teamId: number,
  contact: ContactRow,
): Promise<void> {
  if (contact.externalId) {
    await rememberExternalIds(tx, teamId, [
      { contactId: contact.id, externalId: contact.externalId, name: contact.name },
    ]);
  }
  if (contact.phoneE164) {
    await rememberWhatsApp(tx, teamId, [{ contactId: contact.id, phone: contact.phoneE164, name: contact.name }]);
  }
}
