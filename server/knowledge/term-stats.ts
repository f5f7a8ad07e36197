import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Word statistics of a large knowledge, so that full-text retrieval ranks a bounded number of
 * chunks (docs/decisions/013, "Speed at volume").
 *
 * A question is searched with any of its words (an AND of all of them finds nothing for most chat
 * questions), and in a knowledge of tens of thousands of chunks its common words ("bisa", "harga",
 * "the") match half of them: ranking them all took hundreds of milliseconds. Search engines answer
 * such queries by letting the rare words choose the candidates (a chunk holding only common words
 * cannot rank high under idf weighting), and so does Kawan: `knowledge_terms` keeps, per knowledge,
 * how many chunks hold each word; a question whose words could match more chunks than
 * `selectiveAbove` picks them by its rarest words, and the common ones only in conjunction. The
 * vector search still looks at every chunk, so an answer phrased only in common words is not lost.
 *
 * The statistics are approximate on purpose: computed with PostgreSQL's `ts_stat` once a knowledge
 * passes `selectiveAbove` chunks and again whenever its size has doubled or halved since, so their
 * cost over a knowledge's life is about two passes over its chunks.
 */

/**
 * The job that brings a knowledge's word statistics up to date after its chunks changed: a pass
 * over a large knowledge's chunks, which no ingest waits for (ingest.ts).
 */
export const termStatsJob = 'knowledge.term-stats';

/**
 * Above this many candidate chunks, a question's rare words choose which chunks are ranked. Ranking
 * costs about 20 µs a chunk on PostgreSQL (its tsvector read from TOAST and decompressed, then
 * `ts_rank_cd`), so 300 keep the full-text candidates near 6 ms (bench/retrieval).
 */
export const selectiveAbove = 300;

/** Words held by fewer chunks than this share (or 5) are not stored: retrieval takes them as rare. */
const storedShare = 0.001;

export interface TermFrequency {
  lexeme: string;
  /** Chunks holding the word (0: fewer than the stored minimum, or none). */
  chunks: number;
}

/** Whether a knowledge of `chunks` chunks, last counted at `counted`, needs its statistics computed again. */
export function termStatsDue(chunks: number, counted: number | null, threshold = selectiveAbove): boolean {
  if (counted === null) return chunks > threshold;
  return chunks > counted * 2 || chunks * 2 < counted;
}

/** What a knowledge's statistics need: dropped (it became small), computed (again), or nothing. */
function termStatsChange(chunks: number, counted: number | null, threshold: number): 'drop' | 'compute' | undefined {
  if (counted !== null && chunks <= threshold) return 'drop';
  return termStatsDue(chunks, counted, threshold) ? 'compute' : undefined;
}

/** A knowledge's chunks and the chunks its statistics counted (`lock`: its row locked for update). */
async function termStatsState(db: Database, knowledgeId: number, lock: boolean) {
  const [row] = rowsOf<{ counted: number | null; chunks: number }>(
    await db.execute(sql`
      select k.term_stats_chunks as counted,
             (select count(*) from knowledge_chunks c where c.knowledge_id = k.id)::int as chunks
        from knowledges k where k.id = ${Math.trunc(knowledgeId)}${lock ? sql` for update` : sql``}`),
  );
  return row && { chunks: Number(row.chunks), counted: row.counted === null ? null : Number(row.counted) };
}

/**
 * Whether `refreshTermStats` would change anything now: one read, so that an ingest queues the
 * job only when it has work (most ingests leave a knowledge far from doubling or halving).
 */
export async function termStatsWanted(db: Database, knowledgeId: number, threshold = selectiveAbove): Promise<boolean> {
  const state = await termStatsState(db, knowledgeId, false);
  return state !== undefined && termStatsChange(state.chunks, state.counted, threshold) !== undefined;
}

/**
 * The full-text prefilter of a question over `total` chunks: its rarest words, each on its own,
 * while the chunks holding them add up to no more than `cap`; null when all its words together stay
 * within `cap` (the plain any-word query ranks every match), '' when even the rarest is too common
 * (no full-text candidates: the vector search alone answers a question made of common words).
 *
 * Common words are not tried in conjunction: a question's words come from one phrase and occur
 * together far more often than their shares suggest ("wi" & "fi" & "password" in 2,113 of 19,824
 * chunks where independence predicts 122, bench/retrieval), so no estimate keeps that bounded.
 * Pure: the words come with their chunk counts.
 */
export function selectivePrefilter(terms: TermFrequency[], total: number, cap = selectiveAbove): string | null {
  const sorted = [...terms].sort((a, b) => a.chunks - b.chunks || (a.lexeme < b.lexeme ? -1 : 1));
  if (sorted.length === 0 || total <= cap || sorted.reduce((sum, term) => sum + term.chunks, 0) <= cap) return null;
  const chosen: string[] = [];
  let left = cap;
  for (const term of sorted) {
    if (term.chunks > left) break;
    chosen.push(tsqueryLexeme(term.lexeme));
    left -= term.chunks;
  }
  return chosen.join(' | ');
}

/** A lexeme as a tsquery operand: quoted, so it is taken as it is (already normalised by `to_tsvector`). */
export function tsqueryLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** A knowledge whose statistics are read: its id and the chunks counted when they were computed. */
export interface CountedKnowledge {
  id: number;
  termStatsChunks?: number | null;
}

/**
 * Each word's lexemes with their chunk counts, by knowledge bases (with the version of their
 * statistics: the chunks counted), language and word. Questions share most of their words ("bisa",
 * "berapa", "harga"), so most questions need no statistics query at all; a new computation changes
 * the version and so the key. Bounded: emptied when full.
 */
const wordCache = new Map<string, TermFrequency[]>();
const wordCacheLimit = 50_000;

/**
 * The words as the knowledge's language normalises them, with the chunks of the knowledge bases
 * holding each (summed over them): from the cache, else one statement for the words it lacks.
 */
export async function termFrequencies(
  db: Database,
  knowledges: CountedKnowledge[],
  language: string,
  words: readonly string[],
): Promise<TermFrequency[]> {
  const ids = knowledges.map((k) => Math.trunc(k.id));
  const scope = `${language}|${ids.join(',')}|${knowledges.map((k) => k.termStatsChunks ?? 0).join(',')}|`;
  const found = new Map<string, TermFrequency[]>();
  const missing: string[] = [];
  for (const word of new Set(words)) {
    const known = wordCache.get(scope + word);
    if (known) found.set(word, known);
    else missing.push(word);
  }
  if (missing.length > 0) {
    const rows = rowsOf<{ word: string; lexeme: string; chunks: number }>(
      await db.execute(sql`
      select w.word, l.lexeme, coalesce(sum(t.chunks), 0)::int as chunks
        from unnest(${`{${missing.map(arrayElement).join(',')}}`}::text[]) w(word)
        cross join lateral unnest(tsvector_to_array(to_tsvector(${language}::regconfig, w.word))) l(lexeme)
        left join knowledge_terms t on t.knowledge_id = any(${`{${ids.join(',')}}`}::int[])
                                   and t.lexeme = l.lexeme
       group by w.word, l.lexeme`),
    );
    // A stop word has no lexeme: remembered as such.
    for (const word of missing) found.set(word, []);
    for (const row of rows) found.get(row.word)?.push({ lexeme: row.lexeme, chunks: Number(row.chunks) });
    // Emptying a full cache loses nothing of this question: its words are in `found`.
    if (wordCache.size + missing.length > wordCacheLimit) wordCache.clear();
    for (const word of missing) wordCache.set(scope + word, found.get(word)!);
  }
  const byLexeme = new Map<string, TermFrequency>();
  for (const terms of found.values()) for (const term of terms) byLexeme.set(term.lexeme, term);
  return [...byLexeme.values()];
}

/** A text[] literal's element: quoted, backslashes and quotes escaped. */
function arrayElement(word: string): string {
  return `"${word.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Computes a knowledge's word statistics again when it is large and has doubled or halved since
 * the last time (or drops them when it has become small). Returns whether anything was written.
 */
export async function refreshTermStats(
  db: Database,
  knowledgeId: number,
  threshold = selectiveAbove,
): Promise<boolean> {
  const id = Math.trunc(knowledgeId);
  return db.transaction(async (tx) => {
    const state = await termStatsState(tx, id, true);
    if (!state) return false;
    const { chunks } = state;
    const change = termStatsChange(chunks, state.counted, threshold);
    if (change === 'drop') {
      await tx.execute(sql`delete from knowledge_terms where knowledge_id = ${id}`);
      await tx.execute(sql`update knowledges set term_stats_chunks = null where id = ${id}`);
      return true;
    }
    if (change === undefined) return false;
    await tx.execute(sql`delete from knowledge_terms where knowledge_id = ${id}`);
    // ts_stat takes its query as text: the id is an integer, nothing else goes in.
    await tx.execute(sql`
      insert into knowledge_terms (knowledge_id, lexeme, chunks)
      select ${id}, word, ndoc from ts_stat(${`select tsv from knowledge_chunks where knowledge_id = ${id}`})
       where ndoc >= ${Math.max(5, Math.ceil(chunks * storedShare))}`);
    await tx.execute(sql`update knowledges set term_stats_chunks = ${chunks} where id = ${id}`);
    return true;
  });
}
