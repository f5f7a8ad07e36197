import type { Services } from '../../../services';
import { knowledgeRepository } from '../../../db/repositories/knowledge-repository';
import { NotFoundError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { knowledgePolicy, type KnowledgeActor } from '../knowledge-policy';
import { knowledgeChanged } from '../events';
import { vectorIndexJob } from '../../../knowledge/vector-index';

/** Deletes a source with its file and chunks; an ingest still running for it finds it gone. */
export async function deleteSource(
  services: Pick<Services, 'db' | 'broadcaster' | 'jobs'>,
  actor: KnowledgeActor,
  knowledgeId: number,
  sourceId: number,
): Promise<void> {
  const repository = knowledgeRepository(services.db, actor.teamId);
  if (!(await repository.source(knowledgeId, sourceId))) throw new NotFoundError();
  authorize(knowledgePolicy.delete(actor));
  await services.db.transaction(async (tx) => {
    await knowledgeRepository(tx, actor.teamId).deleteSource(knowledgeId, sourceId);
    await knowledgeRepository(tx, actor.teamId).touch(knowledgeId);
  });
  // A knowledge that shrank below half the threshold loses its own vector index (vector-index.ts).
  await services.jobs.send(vectorIndexJob, { knowledgeId });
  await knowledgeChanged(services, actor.teamId, knowledgeId, 'source-deleted');
}
