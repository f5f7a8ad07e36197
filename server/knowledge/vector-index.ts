import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Each large knowledge base has an HNSW index (cosine) of its own; a small one has none and is
 * searched exactly (docs/decisions/013, addendum "an HNSW index per large knowledge").
 *
 * - A shared index over every team's chunks, filtered by knowledge after the scan, kept about a
 *   third of a large tenant's true nearest chunks (bench/retrieval), and every insert paid for it.
 * - An index is built in one go when a knowledge reaches `vectorIndexFrom` embedded chunks, by the
 *   `knowledge.vector-index` job that an ingest queues: building the graph costs about an eighth of
 *   what keeping it up to date chunk by chunk does (0.28 against 2.3 ms a vector on the server).
 *   Below half of that it is dropped again.
 * - The index covers the knowledge's chunks up to a bound (`id <= bound`, the bound in its name and
 *   in `knowledges.vector_index_bound`): chunks stored later cost the ingest no graph insert and are
 *   searched exactly beside the index, until `vectorIndexTail` of them make the job build the index
 *   again over all of them (and drop the old one), as Qdrant indexes a growing segment only past its
 *   `indexing_threshold`.
 * - Exact search costs about 5 µs a chunk on the server: 1,000 chunks take about what an HNSW scan
 *   takes, and every answer is the true nearest one.
 *
 * The index is partial on (knowledge, vector length, bound): `retrieve()` asks for one knowledge at
 * a time with all three as constants, so that the planner can use it. It is built with
 * CONCURRENTLY: searches and ingests of every team go on meanwhile.
 */

export const vectorIndexFrom = 1000;
/** Embedded chunks past an index's bound at which the index is built again over all of them. */
export const vectorIndexTail = 1000;
/** The job that runs `syncVectorIndex` for one knowledge ({ knowledgeId }): after a deletion. */
export const vectorIndexJob = 'knowledge.vector-index';
/** pgvector's HNSW index takes `vector` columns of at most this many dimensions. */
const hnswMaxDimensions = 2000;

/** An index's name: its knowledge, vector length and bound (none: an index from before bounds). */
export function vectorIndexName(knowledgeId: number, dimensions: number, bound?: number | null): string {
  const name = `knowledge_vectors_${Math.trunc(knowledgeId)}_${Math.trunc(dimensions)}`;
  return bound == null ? name : `${name}_${Math.trunc(bound)}`;
}

const namePattern = /^knowledge_vectors_(\d+)_(\d+)(?:_(\d+))?$/;

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

/** What a knowledge's vector index is now and what `syncVectorIndex` makes of it. */
interface Inspection {
  id: number;
  existing: IndexRow[];
  /** The vector length of the index recorded on the knowledge, and its bound. */
  indexed: number | null;
  bound: number | null;
  /** The vector length the index should have; null: the knowledge should have none. */
  wanted: number | null;
  /** The index in place that needs no rebuild (few enough chunks past its bound). */
  current?: IndexRow;
  /** The knowledge's newest embedded chunk: the bound of a build now. */
  last: number;
  /** The indexes to drop once the wanted one is in place (none being built). */
  others: IndexRow[];
  /** Whether there is anything to do: a build, a drop, or the knowledge's record to clear. */
  due: boolean;
}

async function inspect(db: Database, knowledgeId: number, threshold: number, tail: number): Promise<Inspection> {
  const id = Math.trunc(knowledgeId);
  const [knowledge] = rowsOf<{
    dimensions: number;
    indexed: number | null;
    bound: number | null;
    embedded: number;
    past: number;
    last: number | null;
  }>(
    await db.execute(sql`
    select k.embedding_dimensions as dimensions, k.vector_index_dimensions as indexed,
           k.vector_index_bound as bound, e.embedded, e.past, e.last
      from knowledges k
      cross join lateral (
        select count(*)::int as embedded,
               (count(*) filter (where c.id > k.vector_index_bound))::int as past,
               max(c.id) as last
          from knowledge_chunks c
         where c.knowledge_id = k.id and c.embedding_dimensions = k.embedding_dimensions) e
     where k.id = ${id}`),
  );
  const existing = await vectorIndexes(db, id);
  const indexed = knowledge?.indexed == null ? null : Number(knowledge.indexed);
  const bound = knowledge?.bound == null ? null : Number(knowledge.bound);
  const last = Number(knowledge?.last ?? 0);
  let wanted: number | null = null;
  if (knowledge) {
    const dimensions = Number(knowledge.dimensions);
    const enough = indexed === dimensions ? threshold / 2 : threshold;
    if (
      Number.isInteger(dimensions) &&
      dimensions >= 1 &&
      dimensions <= hnswMaxDimensions &&
      Number(knowledge.embedded) >= enough
    )
      wanted = dimensions;
  }
  const inPlace =
    wanted !== null && indexed === wanted && bound !== null
      ? existing.find((index) => index.name === vectorIndexName(id, wanted, bound) && index.valid)
      : undefined;
  const current = inPlace && Number(knowledge!.past) < tail ? inPlace : undefined;
  const kept = wanted === null ? null : (current?.name ?? vectorIndexName(id, wanted, last));
  const others = existing.filter((index) => index.name !== kept && !index.building);
  const due = wanted === null ? others.length > 0 || indexed !== null || bound !== null : !current || others.length > 0;
  return { id, existing, indexed, bound, wanted, current, last, others, due };
}

/**
 * Whether `syncVectorIndex` has anything to do for this knowledge (one count and a look at its
 * indexes): an ingest queues the job only then, so the many small knowledge bases cost no job.
 */
export async function vectorIndexDue(
  db: Database,
  knowledgeId: number,
  threshold = vectorIndexFrom,
  tail = vectorIndexTail,
): Promise<boolean> {
  return (await inspect(db, knowledgeId, threshold, tail)).due;
}

/**
 * Makes a knowledge's own vector index match its size, vector length and newest chunks: builds it
 * when the knowledge has reached `threshold` embedded chunks, builds it again over every chunk when
 * `tail` of them lie past its bound (or it is an index from before bounds), drops it below half of
 * `threshold`, when the embedder's vector length changed, or when the knowledge is gone. Safe to run
 * at any time and from several processes: a build already running elsewhere is left to finish, and
 * an index whose build was interrupted is dropped and built again.
 */
export async function syncVectorIndex(
  db: Database,
  knowledgeId: number,
  threshold = vectorIndexFrom,
  tail = vectorIndexTail,
): Promise<VectorIndexChange> {
  const { id, existing, indexed, bound, wanted, current, last, others } = await inspect(
    db,
    knowledgeId,
    threshold,
    tail,
  );
  const dropOthers = async (): Promise<VectorIndexChange> => {
    for (const other of others) await dropIndex(db, other.name);
    return others.length > 0 ? 'dropped' : 'unchanged';
  };

  if (wanted === null) {
    // Searches stop using the index before it is dropped.
    if (indexed !== null || bound !== null)
      await db.execute(
        sql`update knowledges set vector_index_dimensions = null, vector_index_bound = null where id = ${id}`,
      );
    return dropOthers();
  }
  if (current) return dropOthers();
  // Someone else is building this knowledge's index; their sync finishes the job.
  if (existing.some((index) => index.building)) return 'unchanged';

  const name = vectorIndexName(id, wanted, last);
  const same = existing.find((index) => index.name === name);
  if (same && !same.valid) await dropIndex(db, name); // a build that was interrupted
  if (!same?.valid && !(await buildIndex(db, id, wanted, last))) return 'unchanged';
  // Searches use the new index from now on; then the old one goes.
  await db.execute(
    sql`update knowledges set vector_index_dimensions = ${wanted}, vector_index_bound = ${last} where id = ${id}`,
  );
  await dropOthers();
  return 'built';
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
        or k.vector_index_bound is not null
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

async function buildIndex(db: Database, knowledgeId: number, dimensions: number, bound: number): Promise<boolean> {
  const name = vectorIndexName(knowledgeId, dimensions, bound);
  try {
    await db.execute(
      sql.raw(
        `create index concurrently if not exists "${name}" on knowledge_chunks ` +
          `using hnsw ((embedding::vector(${dimensions})) vector_cosine_ops) ` +
          `where knowledge_id = ${knowledgeId} and embedding_dimensions = ${dimensions} and id <= ${Math.trunc(bound)}`,
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
