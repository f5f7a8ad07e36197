import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** pgvector's HNSW index takes `vector` columns of at most this many dimensions. */
const hnswMaxDimensions = 2000;
const ensured = new Set<string>();

/**
 * The HNSW index (cosine) for one vector length: chunks of every knowledge indexed with that many
 * dimensions share it (a partial index on `embedding::vector(n)`; migration 0003 makes the offline
 * embedder's 384). Longer vectors have none and are searched exactly.
 */
export async function ensureVectorIndex(db: Database, dimensions: number): Promise<void> {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > hnswMaxDimensions) return;
  const name = `knowledge_chunks_embedding_${dimensions}_index`;
  if (ensured.has(name)) return;
  await db.execute(
    sql.raw(
      `create index if not exists "${name}" on knowledge_chunks using hnsw ((embedding::vector(${dimensions})) vector_cosine_ops) where embedding_dimensions = ${dimensions}`,
    ),
  );
  ensured.add(name);
}
