import type { MessageAi } from '../db/schema/channels';

/**
 * The AI credits one reply uses: one per AI reply, whatever wrote it (a model, a curated answer,
 * the embedded extractive provider). Plans (the billing issue) may weight model tiers; this is the
 * one place that would change.
 */
export function creditsFor(_ai: Pick<MessageAi, 'kind' | 'model'>): number {
  return 1;
}
