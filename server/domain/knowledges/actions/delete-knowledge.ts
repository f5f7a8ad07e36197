import type { Services } from '../../../services';
import { knowledgeRepository } from '../../../db/repositories/knowledge-repository';
import { NotFoundError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { knowledgePolicy, type KnowledgeActor } from '../knowledge-policy';
import { knowledgeChanged } from '../events';
import { vectorIndexJob } from '../../../knowledge/vector-index';

/** Deletes a knowledge base with its sources, files and chunks; a running ingest finds it gone. */
export async function deleteKnowledge(
  services: Pick<Services, 'db' | 'broadcaster' | 'logger' | 'jobs'>,
  actor: KnowledgeActor,
  knowledgeId: number,
): Promise<void> {
  const knowledges = knowledgeRepository(services.db, actor.teamId);
  if (!(await knowledges.find(knowledgeId))) throw new NotFoundError();
  authorize(knowledgePolicy.delete(actor));
  await knowledges.delete(knowledgeId);
  // Its own vector index, if it had one, goes too (vector-index.ts).
  await services.jobs.send(vectorIndexJob, { knowledgeId });
  services.logger.info({ teamId: actor.teamId, knowledgeId }, 'knowledge deleted');
  await knowledgeChanged(services, actor.teamId, knowledgeId, 'deleted');
}
