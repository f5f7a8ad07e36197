import { z } from 'zod';
import type { Services } from '../../services';
import { labelRepository, type LabelRow } from '../../db/repositories/label-repository';
import { conversationRepository } from '../../db/repositories/conversation-repository';
import { labelColors } from '../../db/schema/labels';
import { isUniqueViolation } from '../../db/errors';
import { fields, validate } from '../shared/validation';
import { NotFoundError, ValidationError } from '../../support/errors';
import { authorize, type TeamActor } from '../teams/team-access';
import { asOneChange, conversationPolicy } from './conversation-actions';
import { conversationChanged, type EventServices } from './events';

/**
 * A team's conversation labels ("pesanan", "keluhan", "VIP"), as every inbox in the field has
 * them (Chatwoot's labels, Intercom's and Zendesk's tags): whoever answers conversations (owners,
 * admins, editors, agents) keeps them and puts them on conversations, as with saved replies;
 * viewers see them. The inbox filters by one.
 */
export const labelLimits = { name: 40, description: 200, perTeam: 100, perConversation: 10 } as const;

const labelSchema = z.object({
  name: fields
    .requiredString('name', labelLimits.name)
    .transform((value) => value.replace(/\s+/g, ' '))
    .refine((value) => !/[,<>]/.test(value), 'The name may not contain commas or angle brackets.'),
  color: z.enum(labelColors, { error: 'The selected colour is invalid.' }).default('gray'),
  description: fields.optionalString('description', labelLimits.description).transform((value) => value ?? ''),
});

const applySchema = z.object({
  label_ids: z
    .array(fields.rowId('Each label must be an id.'), {
      error: 'The labels field must be a list.',
    })
    .default([])
    .transform((ids) => [...new Set(ids)])
    .refine(
      (ids) => ids.length <= labelLimits.perConversation,
      `A conversation may have up to ${labelLimits.perConversation} labels.`,
    ),
});

const taken = (bag: string) => new ValidationError({ name: 'The name has already been taken.' }, bag);

/** Adds a label, or changes one of the team's (another team's is a 404). */
export async function saveLabel(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  input: unknown,
  id?: number,
): Promise<LabelRow> {
  authorize(conversationPolicy.reply(actor));
  const labels = labelRepository(services.db, actor.teamId);
  // The page's error bags: one form to add, one to change.
  const bag = id === undefined ? 'createLabel' : 'updateLabel';
  if (id !== undefined && !(await labels.find(id))) throw new NotFoundError();
  const data = validate(labelSchema, input, bag);
  if (await labels.nameTaken(data.name, id)) throw taken(bag);
  if (id !== undefined) {
    const row = await labels.update(id, data).catch((error: unknown) => {
      if (isUniqueViolation(error, 'conversation_labels_team_id_name_unique')) throw taken(bag);
      throw error;
    });
    if (!row) throw new NotFoundError();
    return row;
  }
  if ((await labels.count()) >= labelLimits.perTeam) {
    throw new ValidationError(
      { name: `A team can keep up to ${labelLimits.perTeam} labels. Delete one you no longer use.` },
      bag,
    );
  }
  const row = await labels.create({ ...data, createdBy: actor.userId });
  if (!row) throw taken(bag);
  return row;
}

/**
 * How many of a deleted label's conversations are told live, latest first: the inbox reloads its
 * list on the first, and a page of it shows 25; a label on thousands of conversations does not make
 * its deletion send thousands of events.
 */
const liveAfterDelete = 100;

/** Deletes a label: it comes off every conversation, and the inbox shows that live. */
export async function deleteLabel(services: EventServices, actor: TeamActor, id: number): Promise<void> {
  authorize(conversationPolicy.reply(actor));
  const touched = await labelRepository(services.db, actor.teamId).delete(id);
  if (!touched) throw new NotFoundError();
  // The webhooks hear nothing of it: an event for each conversation the label was on would flood them.
  for (const conversationId of touched.slice(0, liveAfterDelete)) {
    await conversationChanged(services, actor.teamId, conversationId, 'label_deleted');
  }
}

/**
 * Sets a conversation's labels to `label_ids` (the whole set: what is left out comes off). Each
 * must be one of the team's: another team's label is named as invalid, as a missing one is.
 */
async function labelConversation(
  services: EventServices,
  actor: TeamActor,
  conversationId: number,
  input: unknown,
): Promise<number[]> {
  const repo = conversationRepository(services.db, actor.teamId);
  const conversation = await repo.find(conversationId);
  if (!conversation) throw new NotFoundError();
  authorize(conversationPolicy.reply(actor));
  const { label_ids: ids } = validate(applySchema, input, 'labels');
  const known = new Set((await labelRepository(services.db, actor.teamId).all()).map((label) => label.id));
  if (ids.some((id) => !known.has(id))) {
    throw new ValidationError({ label_ids: 'The selected label is invalid.' }, 'labels');
  }
  const same = ids.length === conversation.labelIds.length && ids.every((id) => conversation.labelIds.includes(id));
  if (!same) {
    await repo.update(conversation.id, { labelIds: ids });
    await conversationChanged(services, actor.teamId, conversation.id, 'labels');
  }
  return ids;
}

export const setConversationLabels = asOneChange(labelConversation);

/** A label as the pages and the API have it. */
export function presentLabel(row: Pick<LabelRow, 'id' | 'name' | 'color' | 'description'>) {
  return { id: row.id, name: row.name, color: row.color, description: row.description };
}
export type LabelProps = ReturnType<typeof presentLabel>;
