import { z } from 'zod';
import type { Services } from '../../services';
import { savedReplyRepository, type SavedReplyRow } from '../../db/repositories/saved-reply-repository';
import { isUniqueViolation } from '../../db/errors';
import { fields, validate } from '../shared/validation';
import { NotFoundError, ValidationError } from '../../support/errors';
import { authorize, type TeamActor } from '../teams/team-access';
import { conversationPolicy } from './conversation-actions';
import { unknownVariablesMessage } from './reply-variables';
import { teamContactFields } from '../contacts/fields';

/**
 * A team's saved replies: whoever answers conversations (owners, admins, editors, agents) keeps
 * them and uses them; viewers do not. The text is what an agent's reply may hold, so a saved reply
 * always fits the reply box it is put into.
 */
export const savedReplyLimits = { shortcut: 32, text: 4096, perTeam: 200 } as const;

const shortcutPattern = /^[a-z0-9][a-z0-9_-]*$/;

const savedReplySchema = z.object({
  shortcut: fields
    .requiredString('shortcut', savedReplyLimits.shortcut)
    .transform((value) => value.replace(/^\/+/, '').toLowerCase())
    .refine(
      (value) => shortcutPattern.test(value),
      'The shortcut may only contain letters, digits, dashes and underscores, and must start with a letter or digit.',
    ),
  text: fields.requiredString('text', savedReplyLimits.text),
});

const taken = (bag: string) => new ValidationError({ shortcut: 'The shortcut has already been taken.' }, bag);

/** Adds a saved reply, or changes one of the team's (another team's is a 404). */
export async function saveReply(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  input: unknown,
  id?: number,
): Promise<SavedReplyRow> {
  authorize(conversationPolicy.reply(actor));
  const replies = savedReplyRepository(services.db, actor.teamId);
  // The form's error bag: the page has one form to add and one to change.
  const bag = id === undefined ? 'createSavedReply' : 'updateSavedReply';
  if (id !== undefined && !(await replies.find(id))) throw new NotFoundError();
  const data = validate(savedReplySchema, input, bag);
  // Its variables: Kawan's, and the team's contact fields' (`{{contact.kota}}`).
  const fieldKeys = (await teamContactFields(services.db, actor.teamId)).map((field) => field.key);
  const problem = unknownVariablesMessage(data.text, fieldKeys);
  if (problem) throw new ValidationError({ text: problem }, bag);
  if (await replies.shortcutTaken(data.shortcut, id)) throw taken(bag);
  if (id !== undefined) {
    const row = await replies.update(id, data).catch((error: unknown) => {
      // Taken by another save meanwhile: the unique index decides.
      if (isUniqueViolation(error, 'saved_replies_team_id_shortcut_unique')) throw taken(bag);
      throw error;
    });
    if (!row) throw new NotFoundError();
    return row;
  }
  if ((await replies.count()) >= savedReplyLimits.perTeam) {
    throw new ValidationError(
      { shortcut: `A team can keep up to ${savedReplyLimits.perTeam} saved replies. Delete one you no longer use.` },
      bag,
    );
  }
  const row = await replies.create({ ...data, createdBy: actor.userId });
  if (!row) throw taken(bag);
  return row;
}

export async function deleteReply(services: Pick<Services, 'db'>, actor: TeamActor, id: number): Promise<void> {
  authorize(conversationPolicy.reply(actor));
  if (!(await savedReplyRepository(services.db, actor.teamId).delete(id))) throw new NotFoundError();
}

/** A saved reply as the pages have it. */
export function presentSavedReply(row: Pick<SavedReplyRow, 'id' | 'shortcut' | 'text'>) {
  return { id: row.id, shortcut: row.shortcut, text: row.text };
}
export type SavedReplyProps = ReturnType<typeof presentSavedReply>;
