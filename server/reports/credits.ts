import type { MessageAi } from '../db/schema/channels';
import { creditsForModel } from '../billing/plans';

/**
 * The AI credits one reply used, as metering counted it (server/billing/reply-metering.ts): stored
 * with replies since billing; before that, one per curated answer and the model's weight otherwise.
 */
export function creditsFor(ai: Pick<MessageAi, 'kind' | 'model' | 'credits'>): number {
  if (ai.credits !== undefined) return ai.credits;
  return ai.kind === 'curated' ? 1 : creditsForModel(ai.model);
}
