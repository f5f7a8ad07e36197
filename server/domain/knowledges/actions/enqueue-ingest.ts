import type { Services } from '../../../services';
import type { SourceRow } from '../../../db/repositories/knowledge-repository';
import { sourceUpdated } from '../events';

export const ingestJob = 'knowledge.ingest';

/** Queues the ingest of a source's current generation (after the transaction commits) and tells open pages. */
export async function enqueueIngest(services: Pick<Services, 'jobs' | 'broadcaster'>, source: SourceRow): Promise<void> {
  await services.jobs.send(ingestJob, { sourceId: source.id, generation: source.generation });
  await sourceUpdated(services, source);
}
