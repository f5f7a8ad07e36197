import { z } from 'zod';
import { conversationRepository, type ContactRow } from '../../db/repositories/conversation-repository';
import { fields, validate } from '../shared/validation';
import { NotFoundError, ValidationError } from '../../support/errors';
import { authorize, type TeamActor } from '../teams/team-access';
import { conversationPolicy } from './conversation-actions';
import { conversationChanged, type EventServices } from './events';
import { emitContactEvent } from '../webhooks/emit';
import { phoneE164 } from '../../support/phone';
import { attributeChanges, teamContactFields } from '../contacts/fields';
import type { AttributeValue, ContactFieldShape } from '../contacts/field-values';

export const phoneMessage = 'The phone must be a phone number, such as 0812-3456-7890 or +62 812-3456-7890.';
/** Empty means "none": the detail is cleared (null); a detail not sent at all is left as it is. */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A phone as a person types it, in E.164 (`phoneE164`), or the message saying what one looks like. */
export const phoneField = () =>
  fields.requiredString('phone', 32).transform((value, context) => {
    const phone = phoneE164(value);
    if (!phone) context.addIssue({ code: 'custom', message: phoneMessage });
    return phone ?? value;
  });

export const contactDetailsSchema = z.object({
  name: z.preprocess(blankAsNull, fields.requiredString('name', 255).nullish()),
  email: z.preprocess(blankAsNull, fields.email().nullish()),
  phone: z.preprocess(blankAsNull, phoneField().nullish()),
  /** Whether they receive broadcasts (false: they asked for none, from now). */
  receives_broadcasts: z.preprocess(
    (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
    z.boolean({ error: 'The receives broadcasts field must be true or false.' }).optional(),
  ),
});

/** Both checks' messages at once: the details' and the fields' (`attributes.kota`). */
function checked<T>(check: () => T, errors: Record<string, string>): T | undefined {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
    return undefined;
  }
}

/**
 * A request's details (by `schema`) and the team's fields' values (`attributes`), checked at once:
 * a 422 (bag `bag`) holds every message of both.
 */
export function readContactRequest<T>(
  schema: z.ZodType<T>,
  input: unknown,
  teamFields: readonly ContactFieldShape[],
  bag: string,
): { data: T; attributes: { set: Record<string, AttributeValue>; clear: string[] } } {
  const errors: Record<string, string> = {};
  const data = checked(() => validate(schema, input, bag), errors);
  const attributes = checked(
    () => attributeChanges(teamFields, (input as { attributes?: unknown } | null)?.attributes, bag),
    errors,
  );
  if (data === undefined || !attributes) throw new ValidationError(errors, bag);
  return { data, attributes };
}

/**
 * Saves the details of the team's contact `contactId` as a person wrote them (bag `updateContact`):
 * a detail left out of the request stays, one sent empty is cleared; so with the team's own fields'
 * values (`attributes`, by key). Undefined when there is no such contact.
 */
export async function saveContactDetails(
  repo: ReturnType<typeof conversationRepository>,
  contactId: number,
  input: unknown,
  teamFields: readonly ContactFieldShape[],
): Promise<ContactRow | undefined> {
  const { data, attributes } = readContactRequest(contactDetailsSchema, input, teamFields, 'updateContact');
  const subscription =
    data.receives_broadcasts === undefined
      ? undefined
      : data.receives_broadcasts
        ? null
        : // Since when they asked: a second "no" keeps the first one's time.
          ((await repo.contact(contactId))?.unsubscribedAt ?? new Date());
  const values = { name: data.name, email: data.email, phoneE164: data.phone, unsubscribedAt: subscription };
  const changed = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  const attributesChanged = Object.keys(attributes.set).length > 0 || attributes.clear.length > 0;
  if (Object.keys(changed).length === 0 && !attributesChanged) return repo.contact(contactId);
  return repo.setContactDetails(contactId, changed, attributesChanged ? attributes : undefined);
}

/**
 * The details of a conversation's contact as an agent corrects them (a visitor who said their name,
 * a customer's e-mail for a follow-up). A channel's own details only ever fill in what is empty, so
 * the agent's stay. Whoever answers conversations may; another team's conversation is a 404.
 */
export async function updateContactDetails(
  services: EventServices,
  actor: TeamActor,
  conversationId: number,
  input: unknown,
): Promise<ContactRow> {
  // The change and its `contact.updated` for the team's webhooks commit together.
  return services.db.transaction(async (tx) => {
    const inTx = { ...services, db: tx };
    const repo = conversationRepository(tx, actor.teamId);
    const conversation = await repo.find(conversationId);
    if (!conversation) throw new NotFoundError();
    authorize(conversationPolicy.reply(actor));
    const teamFields = await teamContactFields(tx, actor.teamId);
    const row = await saveContactDetails(repo, conversation.contactId, input, teamFields);
    if (!row) throw new NotFoundError();
    // The inbox's list and whoever has the conversation open show the new name.
    await conversationChanged(inTx, actor.teamId, conversation.id, 'contact');
    await emitContactEvent(inTx, actor.teamId, 'contact.updated', conversation.contactId);
    return row;
  });
}
