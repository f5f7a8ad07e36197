import type { SavedReplyProps } from '../../../../../server/domain/conversations/saved-replies';
import {
  fillVariables,
  variableValues as valuesOf,
  type VariableValues,
} from '../../../../../server/domain/conversations/reply-variables';
import { messageLanguage, type ContactFieldShape } from '../../../../../server/domain/contacts/field-values';
import type { ConversationSummary } from './types';

export type SavedReply = SavedReplyProps;

/** How many saved replies the reply box's list shows at once. */
export const shownReplies = 8;

/**
 * The "/word" being typed at the caret: a "/" at the start of the text or after whitespace, then
 * the characters up to the caret, none of them whitespace. Null when the caret is not in one.
 */
export function slashQuery(text: string, caret: number): { start: number; query: string } | null {
  let start = caret;
  while (start > 0 && !/\s/.test(text[start - 1])) start--;
  if (text[start] !== '/') return null;
  const query = text.slice(start + 1, caret);
  if (query.includes('/')) return null;
  return { start, query: query.toLowerCase() };
}

/**
 * The replies for a query, best first: shortcuts that begin with it, then shortcuts that hold it,
 * then replies whose text holds it; alphabetical within each.
 */
export function matchingReplies(replies: readonly SavedReply[], query: string): SavedReply[] {
  const rank = (reply: SavedReply): number => {
    if (reply.shortcut.startsWith(query)) return 0;
    if (reply.shortcut.includes(query)) return 1;
    if (query !== '' && reply.text.toLowerCase().includes(query)) return 2;
    return -1;
  };
  return replies
    .map((reply) => ({ reply, rank: rank(reply) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.reply.shortcut.localeCompare(b.reply.shortcut))
    .slice(0, shownReplies)
    .map((entry) => entry.reply);
}

/** The text with the "/word" from `start` to `caret` replaced by the reply, and where the caret goes. */
export function insertReply(
  text: string,
  start: number,
  caret: number,
  reply: Pick<SavedReply, 'text'>,
): { text: string; caret: number } {
  const inserted = text.slice(0, start) + reply.text + text.slice(caret);
  return { text: inserted, caret: start + reply.text.length };
}

/**
 * What a saved reply's variables stand for in this conversation, written by this agent: the team's
 * fields too, from the contact's values, in the contact's language when Kawan knows it.
 */
export function variableValues(
  conversation: Pick<ConversationSummary, 'contact' | 'number'>,
  agentName: string | null,
  contact: { attributes?: Record<string, unknown>; locale?: string | null } = {},
  fields: readonly ContactFieldShape[] = [],
): VariableValues {
  return valuesOf(
    { ...conversation.contact, attributes: contact.attributes },
    agentName,
    conversation.number,
    fields,
    messageLanguage(contact.locale),
  );
}

/** The reply with its variables filled in for this conversation. */
export function filledReply<T extends Pick<SavedReply, 'text'>>(reply: T, values: VariableValues): T {
  return { ...reply, text: fillVariables(reply.text, values) };
}
