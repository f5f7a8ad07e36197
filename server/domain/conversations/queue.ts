import type { Services } from '../../services';
import { conversationRepository, type ConversationRow } from '../../db/repositories/conversation-repository';
import type { HandoffReasonCode } from '../../db/schema/channels';
import { conversationChanged, systemLine, type WidgetTarget } from './events';
import { handoffLine } from './handoff-reasons';
import { handoffSummary } from './summary';
import { notifyQueued } from './notifications';

/**
 * Moves a conversation the bot has to the team's queue, once (a concurrent handoff finds it moved):
 * the reason and a written summary for whoever takes it, a line in the thread saying why (for the
 * team: the widget shows its own), the inbox and the widget told, and the bell of everyone who can take it.
 * Returns the queued conversation, or undefined.
 */
export async function queueForPerson(
  services: Pick<Services, 'db' | 'broadcaster' | 'widgetBroadcaster' | 'route'>,
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
  await conversationChanged(services, conversation.teamId, conversation.id, 'queued', widget);
  await notifyQueued(services, queued, reason, (await repo.contact(queued.contactId))?.name ?? null);
  return queued;
}
