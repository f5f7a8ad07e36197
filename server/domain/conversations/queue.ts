import type { Services } from '../../services';
import { conversationRepository, type ConversationRow } from '../../db/repositories/conversation-repository';
import type { HandoffReasonCode } from '../../db/schema/channels';
import { conversationChanged, systemLine, type WidgetTarget } from './events';
import { handoffLine } from './handoff-reasons';
import { handoffSummary } from './summary';
import { notifyAssigned, notifyQueued } from './notifications';
import { assignWaiting, pickAssignee } from './auto-assign';
import { emitConversationEvent } from '../webhooks/emit';

/**
 * Moves a conversation the bot has to the team's queue, once (a concurrent handoff finds it moved):
 * the reason and a written summary for whoever takes it, a line in the thread saying why (for the
 * team: the widget shows its own), the inbox and the widget told, and the bell of everyone who can take it;
 * for a team that assigns automatically, given to an online member instead, whose bell alone rings.
 * Returns the conversation as it is then (waiting, or with its assignee), or undefined.
 */
export async function queueForPerson(
  services: Pick<Services, 'db' | 'broadcaster' | 'widgetBroadcaster' | 'route' | 'jobs' | 'config'>,
  conversation: Pick<ConversationRow, 'id' | 'teamId' | 'channelId'>,
  reason: HandoffReasonCode,
  widget?: WidgetTarget,
): Promise<ConversationRow | undefined> {
  const repo = conversationRepository(services.db, conversation.teamId);
  const queued = await repo.transition(conversation.id, ['bot'], {
    state: 'queued',
    handoffReason: reason,
    handoffAt: new Date(),
    handoffSummary: handoffSummary(await repo.messages(conversation.id, { limit: 20 }), reason),
  });
  if (!queued) return undefined;
  await systemLine(services, conversation, handoffLine(reason));
  // The team's webhooks hear the handoff itself, whether a person is then given it or it waits.
  await emitConversationEvent(services, conversation.teamId, 'conversation.queued', conversation.id);
  const contactName = (await repo.contact(queued.contactId))?.name ?? null;
  // A team that assigns automatically gives it to an online member at once (auto-assign.ts).
  const assignee = await pickAssignee(services, conversation.teamId);
  const assigned = assignee ? await assignWaiting(services, queued, assignee) : undefined;
  if (assignee && assigned) {
    await systemLine(services, conversation, `Assigned to ${assignee.name} automatically.`);
    await conversationChanged(services, conversation.teamId, conversation.id, 'assigned', widget);
    await notifyAssigned(services, assigned, assignee.id, contactName, { reason });
    return assigned;
  }
  await conversationChanged(services, conversation.teamId, conversation.id, 'queued', widget);
  await notifyQueued(services, queued, reason, contactName);
  return queued;
}
