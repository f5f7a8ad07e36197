import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Each large knowledge base has an HNSW index (cosine) of its own; a small one has none and is
 * searched exactly (docs/decisions/013, addendum "an HNSW index per large knowledge").
 *
 * - A shared index over every team's chunks, filtered by knowledge after the scan, kept about a
 *   third of a large tenant's true nearest chunks (bench/retrieval), and every insert paid for it.
 * - An index is built in one go when a knowledge reaches `vectorIndexFrom` embedded chunks, which
 *   costs about a fifth of what keeping it up to date chunk by chunk does; later chunks of that
 *   knowledge are added to it as they are stored. Below half of that it is dropped again.
 * - Exact search costs about 5 µs a chunk on the server: 1,000 chunks take about what an HNSW scan
 *   takes, and every answer is the true nearest one.
 *
 * The index is partial on (knowledge, vector length): `retrieve()` asks for one knowledge at a time
 * with both as constants, so that the planner can use it. It is built with CONCURRENTLY: searches
 * and ingests of every team go on meanwhile.
 */

export const vectorIndexFrom = 1000;
/** The job that runs `syncVectorIndex` for one knowledge ({ knowledgeId }): after a deletion. */
export const vectorIndexJob = 'knowledge.vector-index';
/** pgvector's HNSW index takes `vector` columns of at most this many dimensions. */
const hnswMaxDimensions = 2000;

export function vectorIndexName(knowledgeId: number, dimensions: number): string {
  return `knowledge_vectors_${Math.trunc(knowledgeId)}_${Math.trunc(dimensions)}`;
}

const namePattern = /^knowledge_vectors_(\d+)_(\d+)$/;

interface IndexRow {
  name: string;
  valid: boolean;
  /** Being built now (by another process, or a sync running at the same time). */
  building: boolean;
}

/** The per-knowledge vector indexes that exist, of one knowledge or of all. */
async function vectorIndexes(db: Database, knowledgeId?: number): Promise<IndexRow[]> {
  const prefix =
    knowledgeId === undefined ? 'knowledge\\_vectors\\_%' : `knowledge\\_vectors\\_${Math.trunc(knowledgeId)}\\_%`;
  const rows = rowsOf<{ name: string; valid: boolean; building: boolean }>(
    await db.execute(sql`
    select c.relname as name, i.indisvalid as valid,
           exists (select 1 from pg_stat_progress_create_index p where p.index_relid = c.oid) as building
      from pg_class c join pg_index i on i.indexrelid = c.oid
     where c.relkind = 'i' and c.relname like ${prefix}`),
  );
  return rows.filter((row) => namePattern.test(row.name));
}

export type VectorIndexChange = 'built' | 'dropped' | 'unchanged';

/**
 * Makes a knowledge's own vector index match its size and vector length: builds it when the
 * knowledge has reached `threshold` embedded chunks, drops it below half of that, when the
 * embedder's vector length changed, or when the knowledge is gone. Safe to run at any time and
 * from several processes; an index whose build was interrupted is built again.
 */
export async function syncVectorIndex(
  db: Database,
  knowledgeId: number,
  threshold = vectorIndexFrom,
): Promise<VectorIndexChange> {
  const id = Math.trunc(knowledgeId);
  const [knowledge] = rowsOf<{ dimensions: number; indexed: number | null; embedded: number }>(
    await db.execute(sql`
    select k.embedding_dimensions as dimensions, k.vector_index_dimensions as indexed,
           (select count(*) from knowledge_chunks c
             where c.knowledge_id = k.id and c.embedding_dimensions = k.embedding_dimensions)::int as embedded
      from knowledges k where k.id = ${id}`),
  );
  const existing = await vectorIndexes(db, id);
  const indexed = knowledge?.indexed == null ? null : Number(knowledge.indexed);
  let wanted: number | null = null;
  if (knowledge) {
    const dimensions = Number(knowledge.dimensions);
    const enough = indexed === dimensions ? threshold / 2 : threshold;
    if (
      Number.isInteger(dimensions) &&
      dimensions >= 1 &&
      dimensions <= hnswMaxDimensions &&
      knowledge.embedded >= enough
    )
      wanted = dimensions;
  }
  const name = wanted === null ? null : vectorIndexName(id, wanted);
  let change: VectorIndexChange = 'unchanged';

  if (name !== null) {
    const current = existing.find((index) => index.name === name);
    if (current?.building) return 'unchanged'; // someone else is building it; they finish the job
    if (current && !current.valid) await dropIndex(db, name); // a build that was interrupted
    if (!current?.valid) {
      const built = await buildIndex(db, id, wanted!);
      if (!built) return 'unchanged';
      change = 'built';
    }
  }
  if (knowledge && indexed !== wanted) {
    // Searches use the index from now on, or (when it goes) stop using it before it is dropped.
    await db.execute(sql`update knowledges set vector_index_dimensions = ${wanted} where id = ${id}`);
  }
  for (const other of existing.filter((index) => index.name !== name && !index.building)) {
    await dropIndex(db, other.name);
    if (change === 'unchanged') change = 'dropped';
  }
  return change;
}

/**
 * What the planner is told one cosine distance costs (migration 0013 sets it; an extension update or
 * a restore from a dump brings back pgvector's 1, which makes it sort a mid-sized knowledge exactly
 * instead of scanning its index).
 */
export const cosineDistanceCost = 100;

async function ensureDistanceCost(db: Database): Promise<void> {
  const [row] = rowsOf<{ cost: number }>(
    await db.execute(sql`
    select p.procost as cost from pg_proc p
     where p.proname = 'cosine_distance' and p.pronargs = 2
       and p.proargtypes[0] = 'vector'::regtype and p.proargtypes[1] = 'vector'::regtype`),
  );
  if (!row || Number(row.cost) >= cosineDistanceCost) return;
  try {
    await db.execute(sql.raw(`alter function cosine_distance(vector, vector) cost ${cosineDistanceCost}`));
  } catch (error) {
    // Not the extension's owner: the searches stay right, a mid-sized knowledge's slower.
    if ((error as { code?: string }).code !== '42501') throw error;
  }
}

/** Builds what should exist and drops what should not, over all knowledge bases (the job workers, hourly). */
export async function sweepVectorIndexes(db: Database, threshold = vectorIndexFrom): Promise<number> {
  await ensureDistanceCost(db);
  const candidates = rowsOf<{ id: number }>(
    await db.execute(sql`
    select k.id from knowledges k
     where k.vector_index_dimensions is not null
        or (select count(*) from knowledge_chunks c
             where c.knowledge_id = k.id and c.embedding_dimensions = k.embedding_dimensions) >= ${threshold}`),
  ).map((row) => Number(row.id));
  const ids = new Set(candidates);
  // Indexes of knowledge bases deleted since (with their team, or while a build ran).
  for (const index of await vectorIndexes(db)) ids.add(Number(namePattern.exec(index.name)![1]));
  let changed = 0;
  for (const id of ids) if ((await syncVectorIndex(db, id, threshold)) !== 'unchanged') changed++;
  return changed;
}

async function buildIndex(db: Database, knowledgeId: number, dimensions: number): Promise<boolean> {
  const name = vectorIndexName(knowledgeId, dimensions);
  try {
    await db.execute(
      sql.raw(
        `create index concurrently if not exists "${name}" on knowledge_chunks ` +
          `using hnsw ((embedding::vector(${dimensions})) vector_cosine_ops) ` +
          `where knowledge_id = ${knowledgeId} and embedding_dimensions = ${dimensions}`,
      ),
    );
    return true;
  } catch (error) {
    // Two processes built it at the same moment: the other one's build stands.
    const code = (error as { code?: string }).code;
    if (code === '42P07' || code === '23505') return false;
    throw error;
  }
}

async function dropIndex(db: Database, name: string): Promise<void> {
  await db.execute(sql.raw(`drop index concurrently if exists "${name}"`));
}
