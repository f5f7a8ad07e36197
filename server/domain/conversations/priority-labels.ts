import type { ConversationPriority } from '../../db/schema/channels';

/**
 * A conversation's priority in words, for the thread's line and the inbox (the client imports this
 * file: nothing but words here).
 */
export const priorityLabels: Record<ConversationPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** Lowest first, as the inbox's select lists them. */
export const priorityOrder: readonly ConversationPriority[] = ['low', 'medium', 'high', 'urgent'];
