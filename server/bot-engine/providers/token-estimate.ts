/**
 * Token counts for when a server sends no usage (an interrupted stream, a server that omits it)
 * and for the extractive provider, which calls no model: o200k_base counts of the texts plus the
 * chat framing OpenAI documents (about 3 tokens a message and 1 for its role, 3 to prime the reply).
 * Close to what an OpenAI model bills, an estimate for any other; events say `estimated: true`.
 */
import { countTokens } from '../../knowledge/tokens';
import type { ChatMessage } from './provider';

export type TokenCounter = (text: string) => number;

const TOKENS_PER_MESSAGE = 4;
const REPLY_PRIMING = 3;

export const defaultTokenCounter: TokenCounter = countTokens;

export function estimatePromptTokens(
  messages: readonly ChatMessage[],
  count: TokenCounter = defaultTokenCounter,
): number {
  let total = REPLY_PRIMING;
  for (const message of messages) total += TOKENS_PER_MESSAGE + count(message.content);
  return total;
}
