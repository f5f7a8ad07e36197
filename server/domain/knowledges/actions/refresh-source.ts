import type { Services } from '../../../services';
import { knowledgeRepository, type SourceRow } from '../../../db/repositories/knowledge-repository';
import { NotFoundError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { knowledgePolicy, type KnowledgeActor } from '../knowledge-policy';
import { enqueueIngest } from './enqueue-ingest';

/**
 * Reads a source again (the Refresh and Retry buttons): a URL is fetched anew, a file parsed anew.
 * Chunks whose content did not change keep their ids, embeddings and edits; the source then shows
 * how many were added, removed and kept.
 */
export async function refreshSource(
  services: Pick<Services, 'db' | 'jobs' | 'broadcaster'>,
  actor: KnowledgeActor,
  knowledgeId: number,
  sourceId: number,
): Promise<SourceRow> {
  const repository = knowledgeRepository(services.db, actor.teamId);
  if (!(await repository.source(knowledgeId, sourceId))) throw new NotFoundError();
  authorize(knowledgePolicy.update(actor));
  const source = await repository.updateSource(knowledgeId, sourceId, {}, { reingest: true });
  if (!source) throw new NotFoundError();
  await enqueueIngest(services, source);
  return source;
}
