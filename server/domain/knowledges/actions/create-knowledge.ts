import type { Services } from '../../../services';
import { knowledgeRepository, type KnowledgeRow } from '../../../db/repositories/knowledge-repository';
import { validate } from '../../shared/validation';
import { authorize } from '../../teams/team-access';
import { knowledgePolicy, type KnowledgeActor } from '../knowledge-policy';
import { knowledgeSchema } from '../schemas';
import { knowledgeChanged } from '../events';

/** A new, empty knowledge base of the actor's team, indexed with the embedder new knowledge gets now. */
export async function createKnowledge(
  services: Pick<Services, 'db' | 'embedders' | 'broadcaster' | 'logger'>,
  actor: KnowledgeActor,
  input: unknown,
): Promise<KnowledgeRow> {
  authorize(knowledgePolicy.create(actor));
  const data = validate(knowledgeSchema, input);
  const embedder = services.embedders.default();
  const knowledge = await knowledgeRepository(services.db, actor.teamId).create({
    ...data,
    embeddingProvider: embedder.provider,
    embeddingModel: embedder.model,
    embeddingDimensions: embedder.dimensions,
    createdBy: actor.userId,
  });
  services.logger.info({ teamId: actor.teamId, knowledgeId: knowledge.id }, 'knowledge created');
  await knowledgeChanged(services, actor.teamId, knowledge.id, 'created');
  return knowledge;
}
