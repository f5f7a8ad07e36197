import type { Services } from '../../../services';
import { knowledgeRepository, type ChunkRow } from '../../../db/repositories/knowledge-repository';
import { validate } from '../../shared/validation';
import { NotFoundError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { knowledgePolicy, type KnowledgeActor } from '../knowledge-policy';
import { chunkUpdateSchema } from '../schemas';
import { embedCached, embeddingText } from '../../../knowledge/ingest';

/** The tokenizer's table is large: loaded when a chunk is first edited. */
const tokens = () => import('../../../knowledge/tokens');

/**
 * Edits a chunk's text or turns it off for retrieval. An edited chunk is indexed again at once
 * (full-text by the database, its vector here); a refresh keeps the edit as long as the source's
 * text for that chunk does not change.
 */
export async function updateChunk(
  services: Pick<Services, 'db' | 'embedders' | 'logger'>,
  actor: KnowledgeActor,
  knowledgeId: number,
  chunkId: number,
  input: unknown,
): Promise<ChunkRow> {
  const repository = knowledgeRepository(services.db, actor.teamId);
  const [knowledge, chunk] = await Promise.all([repository.find(knowledgeId), repository.chunk(knowledgeId, chunkId)]);
  if (!knowledge || !chunk) throw new NotFoundError();
  authorize(knowledgePolicy.update(actor));
  const data = validate(chunkUpdateSchema, input);

  let embedding: number[] | null | undefined;
  if (data.content && data.content !== chunk.content) {
    const embedder = services.embedders.for({ provider: knowledge.embeddingProvider, model: knowledge.embeddingModel });
    try {
      embedding = embedder
        ? (await embedCached(services.db, embedder, [embeddingText(chunk.context, data.content, chunk.meta)]))[0]
        : null;
    } catch (error) {
      // Full-text still finds the chunk; its vector comes with the next refresh.
      services.logger.warn({ err: error, chunkId }, 'an edited chunk could not be embedded');
      embedding = null;
    }
  }
  const updated = await repository.updateChunk(knowledgeId, chunkId, {
    ...(data.content && data.content !== chunk.content
      ? { content: data.content, tokens: (await tokens()).countTokens(`${chunk.context}\n${data.content}`), embedding }
      : {}),
    ...(data.enabled === undefined ? {} : { enabled: data.enabled }),
  });
  if (!updated) throw new NotFoundError();
  return updated;
}
