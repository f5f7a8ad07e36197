import type { Services } from '../../../services';
import { knowledgeRepository } from '../../../db/repositories/knowledge-repository';
import { validate } from '../../shared/validation';
import { NotFoundError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { knowledgePolicy, type KnowledgeActor } from '../knowledge-policy';
import { searchSchema } from '../schemas';
import { retrieve, type RetrievalResult } from '../../../knowledge/retrieve';

/**
 * Runs retrieval over one knowledge base. `countHits` (the API; the bot engine's answers) adds to
 * the chunks' and sources' hit counts; the "Try a question" panel does not, so that trying
 * questions out does not make a chunk look used.
 */
export async function searchKnowledge(
  services: Pick<Services, 'db' | 'embedders' | 'knowledgeHits'>,
  actor: KnowledgeActor,
  knowledgeId: number,
  input: unknown,
  options: { countHits: boolean },
): Promise<RetrievalResult & { query: string }> {
  const knowledge = await knowledgeRepository(services.db, actor.teamId).find(knowledgeId);
  if (!knowledge) throw new NotFoundError();
  authorize(knowledgePolicy.view(actor));
  const { q, limit } = validate(searchSchema, input);
  const result = await retrieve(services.db, (k) => services.embedders.for({ provider: k.embeddingProvider, model: k.embeddingModel }), {
    teamId: actor.teamId,
    knowledges: [knowledge],
    query: q,
    limit,
  });
  if (options.countHits) services.knowledgeHits.record(result.chunks);
  return { ...result, query: q };
}
