import { z } from 'zod';
import { conversationPriorities } from '../../db/schema/channels';
import { priorityLabels } from './priority-labels';
import { validate } from '../shared/validation';
import { authorize, type TeamActor } from '../teams/team-access';
import { asOneChange, conversationContext, conversationPolicy, teammateName } from './conversation-actions';
import { conversationChanged, systemLine, type EventServices } from './events';

/**
 * A conversation's priority, as team inboxes mark it (Chatwoot's low…urgent): whoever answers
 * conversations marks one low, medium, high or urgent, or takes the mark off; the inbox shows it,
 * filters by it and can put the most urgent first. Nothing else reads it: it is the team's own sorting.
 */
const prioritySchema = z.object({
  priority: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(conversationPriorities, { error: 'The priority must be one of low, medium, high or urgent.' }).nullable(),
  ),
});

/** Marks the conversation's priority (null takes the mark off); a line in the thread says who. */
async function markPriority(
  services: EventServices,
  actor: TeamActor,
  conversationId: number,
  input: unknown,
): Promise<void> {
  const { repo, conversation, widget } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  const { priority } = validate(prioritySchema, input);
  if (priority === conversation.priority) return;
  await repo.update(conversation.id, { priority });
  const name = await teammateName(services, actor.userId);
  await systemLine(
    services,
    conversation,
    priority === null ? `Priority removed by ${name}.` : `Priority set to ${priorityLabels[priority]} by ${name}.`,
  );
  await conversationChanged(services, actor.teamId, conversation.id, 'priority', widget);
}

export const setPriority = asOneChange(markPriority);
