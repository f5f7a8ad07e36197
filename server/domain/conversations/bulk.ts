import { z } from 'zod';
import { conversationRepository } from '../../db/repositories/conversation-repository';
import { labelRepository } from '../../db/repositories/label-repository';
import { teamMembershipRepository } from '../../db/repositories/team-membership-repository';
import { conversationPriorities } from '../../db/schema/channels';
import { NotFoundError, ValidationError } from '../../support/errors';
import { fields, validate } from '../shared/validation';
import { allows } from '../teams/roles';
import { asRole, authorize, type TeamActor } from '../teams/team-access';
import { assign, conversationPolicy, resolve } from './conversation-actions';
import { labelLimits, setConversationLabels } from './labels';
import { setPriority } from './priority';

/**
 * The inbox's bulk actions, as Chatwoot's: the conversations an agent ticked on a page are resolved,
 * given to someone (or nobody), marked a priority or given a label together. Each goes through the
 * same action as one at a time (its rules, its line in the thread, its live event); one it does not
 * apply to (already resolved, already so, gone, another team's) is skipped and counted, not an error.
 */
export const bulkLimit = 100;

const bulkSchema = z.object({
  ids: z
    .array(fields.rowId('Choose conversations from the list.'), {
      error: 'Choose at least one conversation.',
    })
    .min(1, 'Choose at least one conversation.')
    .max(bulkLimit, `Choose up to ${bulkLimit} conversations at a time.`),
  action: z.enum(['resolve', 'assign', 'priority', 'label'], {
    error: 'Choose what to do with the conversations.',
  }),
  user_id: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    fields.rowId('The selected person is invalid.').nullable(),
  ),
  priority: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(conversationPriorities, { error: 'The priority must be one of low, medium, high or urgent.' }).nullable(),
  ),
  label_id: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    fields.rowId('The selected label is invalid.').nullable(),
  ),
});

export type BulkAction = z.infer<typeof bulkSchema>['action'];

/** How many conversations the action changed, and how many it left as they were. */
export interface BulkResult {
  action: BulkAction;
  done: number;
  skipped: number;
}

type BulkServices = Parameters<typeof resolve>[0] & Parameters<typeof setConversationLabels>[0];

/** Runs one action over the ticked conversations (at most 100, each once). */
export async function bulkUpdate(services: BulkServices, actor: TeamActor, input: unknown): Promise<BulkResult> {
  authorize(conversationPolicy.view(actor));
  authorize(conversationPolicy.reply(actor));
  const data = validate(bulkSchema, input);
  if (data.action === 'resolve') authorize(conversationPolicy.resolve(actor));
  const ids = [...new Set(data.ids)];

  // What the action needs is checked once, before any conversation changes.
  if (data.action === 'assign' && data.user_id !== null) {
    const member = await teamMembershipRepository(services.db, actor.userId).member(actor.teamId, data.user_id);
    if (!member || !allows(asRole(member.role), 'conversations:reply')) {
      throw new ValidationError({
        user_id: 'The selected person is not a member of this team who handles conversations.',
      });
    }
  }
  if (data.action === 'label') {
    if (data.label_id === null) throw new ValidationError({ label_id: 'Choose a label.' });
    if (!(await labelRepository(services.db, actor.teamId).find(data.label_id))) {
      throw new ValidationError({ label_id: 'The selected label is invalid.' });
    }
  }

  const repo = conversationRepository(services.db, actor.teamId);
  let done = 0;
  for (const id of ids) {
    const before = await repo.find(id);
    if (!before) continue;
    try {
      if (data.action === 'resolve') {
        await resolve(services, actor, id);
      } else if (data.action === 'assign') {
        if (before.assigneeId === data.user_id) continue;
        await assign(services, actor, id, { user_id: data.user_id });
      } else if (data.action === 'priority') {
        if (before.priority === data.priority) continue;
        await setPriority(services, actor, id, { priority: data.priority ?? '' });
      } else {
        const labelId = data.label_id!;
        if (before.labelIds.includes(labelId) || before.labelIds.length >= labelLimits.perConversation) continue;
        await setConversationLabels(services, actor, id, { label_ids: [...before.labelIds, labelId] });
      }
      done += 1;
    } catch (error) {
      // Changed meanwhile (resolved by someone else, deleted): left as it is.
      if (!(error instanceof ValidationError) && !(error instanceof NotFoundError)) throw error;
    }
  }
  return { action: data.action, done, skipped: ids.length - done };
}

/** The banner after a bulk action: "Resolved 5 conversations; 2 were left as they were." */
export function bulkSummary({ action, done, skipped }: BulkResult): string {
  const verb = { resolve: 'Resolved', assign: 'Assigned', priority: 'Marked', label: 'Labelled' }[action];
  const head = `${verb} ${done} conversation${done === 1 ? '' : 's'}`;
  if (skipped === 0) return `${head}.`;
  return `${head}; ${skipped} ${skipped === 1 ? 'was' : 'were'} left as ${skipped === 1 ? 'it was' : 'they were'}.`;
}
