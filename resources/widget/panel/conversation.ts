import type { WidgetConversation } from '../../../server/channels/web/protocol';
import { englishWords, type PanelWords } from '../strings';

/**
 * What the panel shows about the conversation's state, as pure functions of the conversation and
 * the channel's config.
 */

/** The small line under the header ('' for none), in the widget's words. */
export function stateLine(
  conversation: WidgetConversation | null,
  botActive: boolean,
  t: Pick<PanelWords, 'personWillReply' | 'personJoined' | 'joined' | 'resolved'> = englishWords,
): string {
  switch (conversation?.state) {
    case 'queued':
      return t.personWillReply;
    case 'human':
      return conversation.agentName ? t.joined(conversation.agentName) : t.personJoined;
    case 'resolved':
      return t.resolved;
    default:
      return botActive ? '' : t.personWillReply;
  }
}

/** Whether to offer "Talk to a person": while the bot is the one answering. */
export function canAskForPerson(conversation: WidgetConversation | null, botActive: boolean): boolean {
  return botActive && (conversation === null || conversation.state === 'bot');
}

/** Whether to ask for a rating: resolved, asked for by the server, not yet rated. */
export function wantsCsat(conversation: WidgetConversation | null, collectCsat: boolean): boolean {
  return collectCsat && conversation?.state === 'resolved' && conversation.csatRequested && conversation.csat === null;
}
