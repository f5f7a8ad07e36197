import { NotFoundError, ValidationError } from '../../support/errors';
import { sendJob } from '../../channels/pipeline';
import { authorize, type TeamActor } from '../teams/team-access';
import {
  conversationContext,
  conversationPolicy,
  freeTextClosed,
  teammateName,
  windowClosedMessage,
  type ConversationServices,
} from './conversation-actions';
import { messageCreated } from './events';

/**
 * A message that was not delivered, sent again at a teammate's word (the provider was down, the
 * channel's token has been renewed, the customer's server is back): queued as it was, its error
 * cleared, by a new send job that retries on its own as the first did. Only an outbound message
 * that failed, once (of two clicks at once, one sends); on WhatsApp outside the 24-hour window only
 * a template.
 */
export async function resendMessage(
  services: ConversationServices,
  actor: TeamActor,
  conversationId: number,
  messageId: number,
): Promise<void> {
  const { repo, conversation, channel } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  const message = await repo.message(messageId);
  if (!message || message.conversationId !== conversation.id) throw new NotFoundError();
  if (message.direction !== 'outbound' || message.kind === 'note' || message.sender === 'system') {
    throw new ValidationError({ message: 'Only a message to the customer can be sent again.' });
  }
  if (message.status !== 'failed') {
    throw new ValidationError({ message: 'Only a message that was not delivered can be sent again.' });
  }
  if (message.kind !== 'template' && freeTextClosed(channel, conversation)) {
    throw new ValidationError({ message: windowClosedMessage });
  }
  const queued = await repo.requeueFailed(message.id);
  if (!queued) throw new ValidationError({ message: 'This message is already being sent again.' });
  const senderName = queued.senderUserId ? await teammateName(services, queued.senderUserId) : null;
  await messageCreated(services, { ...queued, senderName }, undefined, 'MessageUpdated');
  await services.jobs.send(sendJob, { teamId: actor.teamId, messageId: queued.id, attempt: 1 });
}
