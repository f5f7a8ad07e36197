import type { WidgetConversation } from '../../../server/channels/web/protocol';

/**
 * What the panel shows about the conversation's state, as pure functions of the conversation and
 * the channel's config.
 */

/** The small line under the header ('' for none). */
export function stateLine(conversation: WidgetConversation | null, botActive: boolean): string {
  switch (conversation?.state) {
    case 'queued':
      return 'A person will reply here';
    case 'human':
      return conversation.agentName ? `${conversation.agentName} joined` : 'A person joined';
    case 'resolved':
      return 'This conversation is resolved';
    default:
      return botActive ? '' : 'A person will reply here';
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
