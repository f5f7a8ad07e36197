import { createHash } from 'node:crypto';
import type { Services } from '../../../services';
import { knowledgeRepository, type SourceRow } from '../../../db/repositories/knowledge-repository';
import { validate } from '../../shared/validation';
import { NotFoundError, ValidationError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { knowledgePolicy, type KnowledgeActor } from '../knowledge-policy';
import { sourceUpdateSchema } from '../schemas';
import { sourceUpdated } from '../events';
import { enqueueIngest } from './enqueue-ingest';
import { uploadedFile } from './add-source';
import { nextRefresh } from '../../../knowledge/ingest';

/**
 * Changes a source: its title, whether retrieval uses it, a URL's refresh schedule, a text's or a
 * Q&A pair's content, or a file source's file. A change of content queues a new ingest; its old
 * chunks answer until the new ones are ready.
 */
export async function updateSource(
  services: Pick<Services, 'db' | 'config' | 'jobs' | 'broadcaster'>,
  actor: KnowledgeActor,
  knowledgeId: number,
  sourceId: number,
  input: Record<string, unknown>,
): Promise<SourceRow> {
  const repository = knowledgeRepository(services.db, actor.teamId);
  const source = await repository.source(knowledgeId, sourceId);
  if (!source) throw new NotFoundError();
  authorize(knowledgePolicy.update(actor));
  const data = validate(sourceUpdateSchema, input);

  const changes: Parameters<typeof repository.updateSource>[2] = {};
  let reingest = false;
  if (data.title) {
    changes.title = data.title;
    changes.details = { ...source.details, autoTitle: false };
  }
  if (data.enabled !== undefined) changes.enabled = data.enabled;
  if (data.refresh && (source.type === 'url' || source.type === 'sitemap')) {
    changes.refresh = data.refresh;
    changes.nextRefreshAt = nextRefresh({ type: source.type, refresh: data.refresh }, source.lastIngestedAt ?? new Date());
  }
  if (source.type === 'text' && data.text && data.text !== source.text) {
    changes.text = data.text;
    reingest = true;
  }
  if (source.type === 'qa' && (data.question || data.answer || data.alternatives)) {
    const qa = {
      question: data.question ?? source.qa?.question ?? '',
      alternatives: data.alternatives ?? source.qa?.alternatives ?? [],
      answer: data.answer ?? source.qa?.answer ?? '',
    };
    if (!qa.question) throw new ValidationError({ question: 'The question field is required.' });
    if (!qa.answer) throw new ValidationError({ answer: 'The answer field is required.' });
    changes.qa = qa;
    changes.title = qa.question.slice(0, 255);
    reingest = JSON.stringify(qa) !== JSON.stringify(source.qa);
  }
  const file = source.type === 'file' && input.file !== undefined && input.file !== null && input.file !== ''
    ? uploadedFile(input.file, services.config.knowledge.maxFileBytes)
    : undefined;

  const updated = await services.db.transaction(async (tx) => {
    const inTx = knowledgeRepository(tx, actor.teamId);
    if (file) {
      changes.fileName = file.originalName.slice(0, 255);
      changes.fileSize = file.size;
      await inTx.storeFile(source.id, { bytes: file.buffer, sha256: createHash('sha256').update(file.buffer).digest('hex') });
      reingest = true;
    }
    const row = await inTx.updateSource(knowledgeId, sourceId, changes, { reingest });
    if (!row) throw new NotFoundError();
    await inTx.touch(knowledgeId);
    return row;
  });
  if (reingest) await enqueueIngest(services, updated);
  else await sourceUpdated(services, updated);
  return updated;
}
