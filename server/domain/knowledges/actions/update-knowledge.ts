import type { Services } from '../../../services';
import { knowledgeRepository, type KnowledgeRow } from '../../../db/repositories/knowledge-repository';
import { validate } from '../../shared/validation';
import { NotFoundError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { knowledgePolicy, type KnowledgeActor } from '../knowledge-policy';
import { knowledgeUpdateSchema } from '../schemas';
import { knowledgeChanged } from '../events';
import { enqueueIngest } from './enqueue-ingest';

/**
 * Renames a knowledge base or changes its language (the chunks' full-text index follows at once).
 * With `reembed`, it moves to the embedder new knowledge gets now and every source is ingested
 * again: unchanged chunks keep their ids and get new vectors, and until then the old ones answer.
 */
export async function updateKnowledge(
  services: Pick<Services, 'db' | 'embedders' | 'broadcaster' | 'jobs' | 'logger'>,
  actor: KnowledgeActor,
  knowledgeId: number,
  input: unknown,
): Promise<KnowledgeRow> {
  const knowledges = knowledgeRepository(services.db, actor.teamId);
  const existing = await knowledges.find(knowledgeId);
  if (!existing) throw new NotFoundError();
  authorize(knowledgePolicy.update(actor));
  const { reembed, ...data } = validate(knowledgeUpdateSchema, input);

  const updated = await services.db.transaction(async (tx) => {
    const repository = knowledgeRepository(tx, actor.teamId);
    const embedder = reembed ? services.embedders.default() : undefined;
    const row = await repository.update(knowledgeId, {
      ...data,
      ...(embedder
        ? {
            embeddingProvider: embedder.provider,
            embeddingModel: embedder.model,
            embeddingDimensions: embedder.dimensions,
          }
        : {}),
    });
    if (!row) throw new NotFoundError();
    if (data.language !== existing.language) await repository.relanguage(knowledgeId, data.language);
    if (embedder) {
      for (const source of await repository.reingestAll(knowledgeId)) await enqueueIngest(services, source);
    }
    return row;
  });
  await knowledgeChanged(services, actor.teamId, knowledgeId, 'updated');
  return updated;
}
