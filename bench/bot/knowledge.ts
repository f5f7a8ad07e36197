/**
 * One team's knowledge at volume: an Indonesian and an English knowledge base holding `size`
 * generated chunks between them (two thirds Indonesian), in sources of 200 chunks, written the way
 * ingest stores them (lexical embedding, generated tsvector) with the text of the retrieval
 * benchmark's generator, then ANALYZE, and each knowledge gets its own HNSW index as after an ingest.
 */
import { knowledgeChunks, knowledgeSources } from '../../server/db/schema/index';
import { lexicalVector } from '../../server/knowledge/embedders/lexical';
import { sha256Hex } from '../../server/knowledge/hash';
import { embeddingText } from '../../server/knowledge/ingest';
import type { RetrievalKnowledge } from '../../server/knowledge/retrieve';
import { syncVectorIndex } from '../../server/knowledge/vector-index';
import { createKnowledge, lexical } from '../retrieval/corpus-ingest';
import { createTenant } from '../retrieval/database';
import { chunkText, Random, variedHeading, type Language } from '../retrieval/synthetic';
import type { BotBenchDatabase } from './database';

const insertBatch = 250;
const chunksPerSource = 200;
const dimensions = lexical.dimensions;

export interface TeamKnowledge {
  teamId: number;
  userId: number;
  knowledges: RetrievalKnowledge[];
  /** Knowledge ids by full-text language (what retrieve() groups its full-text queries by). */
  byLanguage: Map<string, number[]>;
  buildMs: number;
}

export async function buildTeamKnowledge(bench: BotBenchDatabase, size: number): Promise<TeamKnowledge> {
  const started = performance.now();
  const teamId = await createTenant(bench.db, 'Bot bench team');
  const [owner] = await bench.query('select user_id from teams where id = $1', [teamId]);
  const random = new Random(20240612);
  const slots: Array<{ language: Language; share: number; knowledge: RetrievalKnowledge }> = [];
  for (const [language, share] of [
    ['indonesian', 2 / 3],
    ['english', 1 / 3],
  ] as const) {
    slots.push({
      language,
      share,
      knowledge: await createKnowledge(bench.db, teamId, `Bot bench ${language}`, language),
    });
  }

  for (const slot of slots) {
    const count = Math.round(size * slot.share);
    let sourceId = 0;
    let batch: Array<typeof knowledgeChunks.$inferInsert> = [];
    for (let n = 0; n < count; n++) {
      if (n % chunksPerSource === 0) {
        const [source] = await bench.db
          .insert(knowledgeSources)
          .values({
            knowledgeId: slot.knowledge.id,
            teamId,
            type: 'text',
            title: variedHeading(random, slot.language).slice(0, 255),
            status: 'ready',
            progress: 100,
            ingestedGeneration: 1,
          })
          .returning({ id: knowledgeSources.id });
        sourceId = source.id;
      }
      const content = chunkText(random, slot.language, random.int(300, 1500));
      const context = variedHeading(random, slot.language);
      batch.push({
        knowledgeId: slot.knowledge.id,
        sourceId,
        teamId,
        position: n % chunksPerSource,
        content,
        context,
        tokens: Math.ceil((context.length + content.length) / 4),
        sourceHash: sha256Hex(`${context}\n${content}`),
        meta: { heading: context },
        tsConfig: slot.language,
        embedding: lexicalVector(embeddingText(context, content)),
        embeddingDimensions: dimensions,
      });
      if (batch.length >= insertBatch || n === count - 1) {
        await bench.db.insert(knowledgeChunks).values(batch);
        batch = [];
      }
    }
  }
  await bench.query('analyze knowledge_chunks', []);
  await bench.query('analyze knowledge_sources', []);
  for (const slot of slots) {
    await syncVectorIndex(bench.db, slot.knowledge.id);
    const [row] = await bench.query(
      'select vector_index_dimensions, vector_index_bound from knowledges where id = $1',
      [slot.knowledge.id],
    );
    slot.knowledge.vectorIndexDimensions =
      row.vector_index_dimensions === null ? null : Number(row.vector_index_dimensions);
    slot.knowledge.vectorIndexBound = row.vector_index_bound === null ? null : Number(row.vector_index_bound);
  }
  return {
    teamId,
    userId: Number(owner.user_id),
    knowledges: slots.map((slot) => slot.knowledge),
    byLanguage: new Map(slots.map((slot) => [slot.language, [slot.knowledge.id]])),
    buildMs: performance.now() - started,
  };
}
