import type { Services } from '../../services';
import { conversationRepository, type ConversationRow } from '../../db/repositories/conversation-repository';
import type { HandoffReasonCode } from '../../db/schema/channels';
import { conversationChanged, systemLine, type WidgetTarget } from './events';
import { handoffLine } from './handoff-reasons';
import { handoffSummary } from './summary';
import { notifyAssigned, notifyQueued } from './notifications';
import { assignWaiting, pickAssignee } from './auto-assign';
import { emitConversationEvent } from '../webhooks/emit';
import { runQueuedRules } from '../automations/run';

/**
 * Moves a conversation the bot has to the team's queue, once (a concurrent handoff finds it moved):
 * the reason and a written summary for whoever takes it, a line in the thread saying why (for the
 * team: the widget shows its own), the team's handoff rules run (server/domain/automations), the
 * inbox and the widget told, and the bell of everyone who can take it; given instead to the teammate a
 * rule names or, for a team that assigns automatically, to an online member, whose bell alone rings.
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
  const contact = await repo.contact(queued.contactId);
  const contactName = contact?.name ?? null;
  // The team's automation rules for a handoff (labels, priority, notes; a teammate to give it to).
  const ruled = await runQueuedRules(services, queued, contact, reason);
  // Else a team that assigns automatically gives it to an online member at once (auto-assign.ts).
  const assignee = ruled.assignee ?? (await pickAssignee(services, conversation.teamId));
  const assigned = assignee ? await assignWaiting(services, queued, assignee) : undefined;
  if (assignee && assigned) {
    // A rule's assignment is in its own line already.
    if (!ruled.assignee) await systemLine(services, conversation, `Assigned to ${assignee.name} automatically.`);
    await conversationChanged(services, conversation.teamId, conversation.id, 'assigned', widget);
    await notifyAssigned(services, assigned, assignee.id, contactName, { reason });
    return assigned;
  }
  await conversationChanged(services, conversation.teamId, conversation.id, 'queued', widget);
  await notifyQueued(services, ruled.conversation, reason, contactName);
  return ruled.conversation;
}
