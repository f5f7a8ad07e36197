import { z } from 'zod';
import { qaSourceSchema } from '../knowledges/schemas';

export const gapStatuses = ['open', 'dismissed', 'answered'] as const;

/** A gap answered as a curated Q&A pair in one of the team's knowledge bases. */
export const answerGapSchema = qaSourceSchema.omit({ type: true }).extend({
  knowledge_id: z.coerce
    .number({ error: 'Choose a knowledge base.' })
    .int('Choose a knowledge base.')
    .min(1, 'Choose a knowledge base.')
    .max(2_147_483_647, 'Choose a knowledge base.'),
});

export type AnswerGapInput = z.infer<typeof answerGapSchema>;
