import { z } from 'zod';
import type { Services } from '../../services';
import { authorize, type TeamActor } from '../teams/team-access';
import { validate } from '../shared/validation';
import { conversationContext, conversationPolicy, teammateName } from './conversation-actions';
import { inboxEvent, widgetTyping } from './events';

/** Events on `private-conversations.{id}`: the widget's visitor typing, a teammate writing a reply. */
export const typingEvents = { contact: 'ContactTyping', agent: 'AgentTyping' } as const;

const typingSchema = z.object({
  typing: z.boolean({ error: 'The typing field must be true or false.' }),
});

/**
 * An agent started or stopped writing a reply (the reply box says so, at most every few seconds):
 * the widget's visitor sees "<first name> is typing…", and the teammates who have the conversation
 * open see who is writing, so that two people do not answer at once. Nothing is stored. A resolved
 * conversation tells the visitor nothing (a reply would reopen it, and says so then).
 */
export async function agentTyping(
  services: Pick<Services, 'db' | 'broadcaster' | 'widgetBroadcaster'>,
  actor: TeamActor,
  conversationId: number,
  input: unknown,
): Promise<void> {
  const { conversation, widget } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  const { typing } = validate(typingSchema, input);
  const name = await teammateName(services, actor.userId);
  if (widget && conversation.state !== 'resolved') {
    await widgetTyping(services, widget, { sender: 'agent', name: name.split(' ')[0], typing });
  }
  await services.broadcaster.broadcast({
    channels: [`private-conversations.${conversation.id}`],
    event: inboxEvent(typingEvents.agent),
    data: { user_id: actor.userId, name, typing },
  });
}
