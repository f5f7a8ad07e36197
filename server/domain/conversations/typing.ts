import { z } from 'zod';
import type { Services } from '../../services';
import { authorize, type TeamActor } from '../teams/team-access';
import { validate } from '../shared/validation';
import { conversationContext, conversationPolicy, teammateName } from './conversation-actions';
import { inboxEvent, widgetTyping } from './events';
import { adapterFor } from '../../channels/pipeline';
import { widgetAgentName } from '../../presenters/conversation-presenter';

/** Events on `private-conversations.{id}`: the widget's visitor typing, a teammate writing a reply. */
export const typingEvents = { contact: 'ContactTyping', agent: 'AgentTyping' } as const;

const typingSchema = z.object({
  typing: z.boolean({ error: 'The typing field must be true or false.' }),
});

/**
 * An agent started or stopped writing a reply (the reply box says so, at most every few seconds):
 * the customer sees it where their channel can show it (the widget: "<first name> is typing…";
 * Telegram: the chat's "typing…" for five seconds; WhatsApp: their last message read and the typing
 * indicator), and the teammates who have the conversation open see who is writing, so that two
 * people do not answer at once. Nothing is stored. A resolved conversation tells the customer
 * nothing (a reply would reopen it, and says so then). A provider's failure is no one's concern: a
 * courtesy, not a message.
 */
export async function agentTyping(
  services: Pick<Services, 'db' | 'broadcaster' | 'widgetBroadcaster' | 'config' | 'encrypter'>,
  actor: TeamActor,
  conversationId: number,
  input: unknown,
): Promise<void> {
  const { repo, conversation, channel, widget } = await conversationContext(services, actor, conversationId);
  authorize(conversationPolicy.reply(actor));
  const { typing } = validate(typingSchema, input);
  const name = await teammateName(services, actor.userId);
  if (widget && conversation.state !== 'resolved') {
    await widgetTyping(services, widget, { sender: 'agent', name: widgetAgentName(name), typing });
  } else if (typing && conversation.state !== 'resolved') {
    // WhatsApp shows typing on the message it answers (and marks it read); the webhook channel shows none.
    const answering =
      channel.type === 'whatsapp' ? ((await repo.latestInbound(conversation.id))?.externalId ?? undefined) : undefined;
    await adapterFor(services, channel)
      .typing(conversation.threadId, answering)
      .catch(() => undefined);
  }
  await services.broadcaster.broadcast({
    channels: [`private-conversations.${conversation.id}`],
    event: inboxEvent(typingEvents.agent),
    data: { user_id: actor.userId, name, typing },
  });
}
