import type { Services } from '../../server/services';
import * as schema from '../../server/db/schema/index';
import { lexicalVector } from '../../server/knowledge/embedders/lexical';
import { sha256Hex } from '../../server/knowledge/hash';

/**
 * A knowledge base with one ready text source and one chunk, written straight to the database (no
 * ingest): for tests that need such rows to exist, not to be made. Tests of the pipeline add
 * sources through the actions and run the jobs.
 */
export async function createKnowledgeWithChunk(
  services: Pick<Services, 'db'>,
  teamId: number,
  options: { name?: string; content?: string; language?: 'indonesian' | 'english' | 'simple' } = {},
) {
  const language = options.language ?? 'indonesian';
  const content = options.content ?? 'Kami buka setiap hari pukul 07.00 sampai 22.00.';
  const [knowledge] = await services.db
    .insert(schema.knowledges)
    .values({
      teamId,
      name: options.name ?? 'Knowledge',
      language,
      embeddingProvider: 'kawan',
      embeddingModel: 'lexical-v1',
      embeddingDimensions: 384,
    })
    .returning();
  const [source] = await services.db
    .insert(schema.knowledgeSources)
    .values({
      knowledgeId: knowledge.id,
      teamId,
      type: 'text',
      title: 'Jam buka',
      text: content,
      status: 'ready',
      progress: 100,
      ingestedGeneration: 1,
      chars: content.length,
      chunkCount: 1,
      lastIngestedAt: new Date(),
    })
    .returning();
  const [chunk] = await services.db
    .insert(schema.knowledgeChunks)
    .values({
      knowledgeId: knowledge.id,
      sourceId: source.id,
      teamId,
      position: 0,
      content,
      context: '',
      tokens: 12,
      sourceHash: sha256Hex(`\n${content}`),
      tsConfig: language,
      embedding: lexicalVector(content),
      embeddingDimensions: 384,
    })
    .returning({ id: schema.knowledgeChunks.id });
  return { knowledge, source, chunk };
}
