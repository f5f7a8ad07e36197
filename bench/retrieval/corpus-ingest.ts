/**
 * The seven corpus documents as a tenant's knowledge, written by the real ingest pipeline: one
 * knowledge base per document (in the document's language, the offline lexical embedder), the
 * markdown files as text sources and the CSV as an uploaded file, each run through
 * `ingestSource` (parse → chunk → embed → store) exactly as the job worker runs it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { knowledgeFiles, knowledges, knowledgeSources } from '../../server/db/schema/index';
import type { KnowledgeRow } from '../../server/db/repositories/knowledge-repository';
import { LexicalEmbedder } from '../../server/knowledge/embedders/lexical';
import { ingestSource, type IngestDeps } from '../../server/knowledge/ingest';
import type { RetrievalKnowledge } from '../../server/knowledge/retrieve';
import { retrievalCorpus } from './corpus/index';

export const lexical = new LexicalEmbedder();

export function ingestDeps(db: Database): IngestDeps {
  return {
    db,
    embedderFor: () => lexical,
    limits: { maxFileBytes: 64 * 1024 * 1024, crawlMaxPages: 1, allowPrivateUrls: false },
    announce: async () => {},
  };
}

export interface IngestedCorpus {
  knowledges: RetrievalKnowledge[];
  /** Source id → the corpus file it was made from. */
  fileOfSource: Map<number, string>;
  chunkCount: number;
}

export async function ingestCorpus(db: Database, teamId: number): Promise<IngestedCorpus> {
  const searched: RetrievalKnowledge[] = [];
  const fileOfSource = new Map<number, string>();
  let chunkCount = 0;
  for (const document of retrievalCorpus) {
    const knowledge = await createKnowledge(db, teamId, document.title, document.language);
    const bytes = readFileSync(new URL(`./corpus/${document.filename}`, import.meta.url));
    const [source] = await db
      .insert(knowledgeSources)
      .values({
        knowledgeId: knowledge.id,
        teamId,
        type: document.format === 'csv' ? 'file' : 'text',
        title: document.title,
        ...(document.format === 'csv'
          ? { fileName: document.filename, fileSize: bytes.length }
          : { text: bytes.toString('utf8') }),
      })
      .returning();
    if (document.format === 'csv') {
      await db.insert(knowledgeFiles).values({
        sourceId: source.id,
        teamId,
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
      });
    }
    const outcome = await ingestSource(ingestDeps(db), { sourceId: source.id, generation: source.generation });
    if (outcome !== 'ingested') throw new Error(`${document.filename}: ingest ended ${outcome}`);
    fileOfSource.set(source.id, document.filename);
    searched.push(knowledge);
    chunkCount += await countChunks(db, source.id);
  }
  return { knowledges: searched, fileOfSource, chunkCount };
}

export async function createKnowledge(
  db: Database,
  teamId: number,
  name: string,
  language: 'indonesian' | 'english' | 'simple',
): Promise<KnowledgeRow> {
  const [knowledge] = await db
    .insert(knowledges)
    .values({
      teamId,
      name: name.slice(0, 255),
      language,
      embeddingProvider: lexical.provider,
      embeddingModel: lexical.model,
      embeddingDimensions: lexical.dimensions,
    })
    .returning();
  return knowledge;
}

async function countChunks(db: Database, sourceId: number): Promise<number> {
  const [row] = await db
    .select({ chunks: knowledgeSources.chunkCount })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.id, sourceId));
  return row?.chunks ?? 0;
}
