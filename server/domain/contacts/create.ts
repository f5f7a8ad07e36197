import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { emitContactEvent, type EmitServices } from '../webhooks/emit';
import { contacts } from '../../db/schema/index';
import { fields, validate } from '../shared/validation';
import { ValidationError } from '../../support/errors';
import { phoneField } from '../conversations/contact-details';
import { authorize, type TeamActor } from '../teams/team-access';
import { contactPolicy } from './contacts';
import { rememberWhatsApp } from './import';

const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const newContactSchema = z
  .object({
    name: z.preprocess(blankAsUndefined, fields.requiredString('name', 255).optional()),
    phone: z.preprocess(blankAsUndefined, phoneField().optional()),
    email: z.preprocess(blankAsUndefined, fields.email().optional()),
  })
  .superRefine((data, context) => {
    if (!data.phone && !data.email) {
      context.addIssue({ code: 'custom', path: ['phone'], message: 'Give a phone number or an e-mail address.' });
    }
  });

const bag = 'createContact';

/**
 * A contact a teammate adds by hand (a customer who called, someone to write to first on WhatsApp):
 * a phone or an e-mail at least, neither one another contact of the team has (that contact is named
 * instead). Their phone is their WhatsApp id. Returns the new contact's id.
 */
export async function createContact(services: EmitServices, actor: TeamActor, input: unknown): Promise<number> {
  authorize(contactPolicy.view(actor));
  authorize(contactPolicy.edit(actor));
  const data = validate(newContactSchema, input, bag);
  const id = await services.db.transaction(async (tx) => {
    const same = async (condition: ReturnType<typeof eq>) =>
      (
        await tx
          .select({ id: contacts.id, name: contacts.name })
          .from(contacts)
          .where(and(eq(contacts.teamId, actor.teamId), condition))
          .limit(1)
      )[0];
    const named = (row: { id: number; name: string | null }) => row.name ?? `Contact #${row.id}`;
    const byPhone = data.phone ? await same(eq(contacts.phoneE164, data.phone)) : undefined;
    if (byPhone) throw new ValidationError({ phone: `${named(byPhone)} already has this phone number.` }, bag);
    const byEmail = data.email ? await same(sql`lower(${contacts.email}) = ${data.email.toLowerCase()}`) : undefined;
    if (byEmail) throw new ValidationError({ email: `${named(byEmail)} already has this e-mail address.` }, bag);
    const [row] = await tx
      .insert(contacts)
      .values({
        teamId: actor.teamId,
        name: data.name ?? null,
        phoneE164: data.phone ?? null,
        email: data.email ?? null,
      })
      .returning({ id: contacts.id });
    if (data.phone)
      await rememberWhatsApp(tx, actor.teamId, [{ contactId: row.id, phone: data.phone, name: data.name ?? null }]);
    // Told with the contact's row, or not at all.
    await emitContactEvent({ ...services, db: tx }, actor.teamId, 'contact.created', row.id);
    return row.id;
  });
  return id;
}
