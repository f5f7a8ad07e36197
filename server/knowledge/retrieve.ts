import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { pgvectorText } from '../db/schema/knowledge';
import type { Database } from '../db/client';
import type { Embedder } from './embedders/embedder';
import type { detectLanguage } from './language';
import { reciprocalRankFusion } from './fusion';
import { isFunctionWord } from './embedders/lexical';
import { translatedWords } from './query-expansion';
import { selectiveAbove, selectivePrefilter, termFrequencies } from './term-stats';

/**
 * Hybrid retrieval over a team's knowledge: PostgreSQL full-text (`websearch_to_tsquery` in each
 * knowledge's language, ranked by `ts_rank_cd`, GIN-indexed) and pgvector cosine search (a large
 * knowledge's own HNSW index, exact for the others: vector-index.ts) run side by side, fused by
 * reciprocal rank. Only enabled chunks of enabled sources of the team's own knowledge bases are
 * candidates. No framework here: the bot engine, the API and the
 * "Try a question" panel all call this.
 */

export interface RetrievalKnowledge {
  id: number;
  language: string;
  embeddingProvider: string;
  embeddingModel: string;
  embeddingDimensions: number;
  /** Chunks counted for its word statistics (null or absent: it has none, being small). */
  termStatsChunks?: number | null;
  /** The vector length of its own HNSW index (null or absent: none, its vectors are searched exactly). */
  vectorIndexDimensions?: number | null;
  /**
   * The highest chunk id that index covers; the chunks past it are searched exactly beside it (null
   * or absent with an index: it covers every chunk).
   */
  vectorIndexBound?: number | null;
}

export interface RetrieveInput {
  teamId: number;
  /** The knowledge bases to search (already checked to be the team's). */
  knowledges: RetrievalKnowledge[];
  query: string;
  /** Chunks returned (default 5). */
  limit?: number;
  /** Candidates each retriever contributes before fusion (default 20). */
  candidates?: number;
  /** `fulltext` skips the vector search (the benchmark compares both). */
  mode?: 'hybrid' | 'fulltext';
  /** Candidate chunks above which the question's rare words choose the full-text candidates (term-stats.ts). */
  selectiveAbove?: number;
}

export interface RetrievedChunk {
  id: number;
  knowledgeId: number;
  sourceId: number;
  sourceTitle: string;
  sourceType: string;
  sourceUrl: string | null;
  content: string;
  context: string;
  meta: Record<string, string | number>;
  /** The fused score (Σ 1/(60 + rank)). */
  score: number;
  /** Which retriever found it, at which rank, with its own score. */
  retrievers: {
    /**
     * `score` ranks the full-text candidates: `ts_rank_cd` over the question's content words.
     * `allWords` is the same rank over all its words, function words included: the scale the
     * confidence rule was tuned on (confidence.ts), where a question's "do you have" still counts;
     * absent, it is `score`.
     */
    fulltext?: { rank: number; score: number; allWords?: number };
    vector?: { rank: number; similarity: number };
  };
}

export interface RetrievalResult {
  chunks: RetrievedChunk[];
  /** Retrievers that ran (vector is skipped for a knowledge whose embedder is unavailable). */
  ran: Array<'fulltext' | 'vector'>;
}

/** Resolves the embedder a knowledge was indexed with, or undefined when it is not available now. */
export type EmbedderLookup = (knowledge: RetrievalKnowledge) => Embedder | undefined;

const maxQueryTerms = 32;

/** The words of a question, lowercase, each once, at most `maxQueryTerms`. */
export function queryWords(text: string): string[] {
  const words = (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter((word) => word !== 'or');
  return [...new Set(words)].slice(0, maxQueryTerms);
}

/**
 * The words of a question that say what it is about, for the full-text query: without the
 * function words of either language ("do", "you", "have", "yang", "di"), which match most chunks
 * and let a chunk that shares them outrank the one about the question's subject ("do you have
 * vegan options?" ranked "Do you serve alcohol?" above "Ada menu vegan?"). All of them when the
 * question has nothing else.
 */
export function contentWords(words: readonly string[]): string[] {
  const content = words.filter((word) => !isFunctionWord(word));
  return content.length > 0 ? content : [...words];
}

/** The words of a question as a websearch query matching any of them (`a or b or c`). */
export function anyWordQuery(text: string): string {
  return queryWords(text).join(' or ');
}

/**
 * The words a question is searched with over knowledge bases of `language`: its own, and their
 * translations (query-expansion.ts) when it is asked in the other of Kawan's two languages. The
 * same words make the full-text query and the text the vector search embeds.
 */
export function searchWords(words: readonly string[], asked: string | undefined, language: string): string[] {
  const crossLingual =
    asked !== undefined && asked !== language && (language === 'indonesian' || language === 'english');
  return crossLingual ? [...words, ...translatedWords(words, language)].slice(0, maxQueryTerms * 2) : [...words];
}

/** The text the vector search embeds for knowledge bases of `language`: the question, and its translations there. */
export function vectorText(
  query: string,
  words: readonly string[],
  asked: string | undefined,
  language: string,
): string {
  const added = searchWords(words, asked, language).slice(words.length);
  return added.length === 0 ? query : `${query}\n${added.join(' ')}`;
}

/** franc's detector once loaded: an `import()` per question cost more than franc itself (0.4 against 0.04 ms). */
let detector: typeof detectLanguage | undefined;

/** The language a question is asked in, when it can be told (franc, loaded at the first search). */
export async function askedLanguage(text: string): Promise<string | undefined> {
  detector ??= (await import('./language')).detectLanguage;
  return detector(text);
}

const configs = new Set(['indonesian', 'english', 'simple']);

export async function retrieve(
  db: Database,
  embedders: EmbedderLookup,
  input: RetrieveInput,
): Promise<RetrievalResult> {
  const limit = input.limit ?? 5;
  const candidates = Math.max(input.candidates ?? 20, limit);
  const words = queryWords(input.query);
  if (words.length === 0 || input.knowledges.length === 0) return { chunks: [], ran: [] };
  // Telling the language costs franc's scoring: only when some of the question's words could be translated.
  const translatable = input.knowledges.some((k) => translatedWords(words, k.language).length > 0);
  const asked = translatable ? await askedLanguage(input.query) : undefined;

  const ran = new Set<'fulltext' | 'vector'>(['fulltext']);
  const cap = input.selectiveAbove ?? selectiveAbove;
  const content = contentWords(words);
  const fullTextStatements: Promise<SQL | null>[] = [];
  for (const [language, group] of groupBy(input.knowledges, (k) => (configs.has(k.language) ? k.language : 'simple'))) {
    // A match through translated words counts as much as one in the question's own words: weighing
    // it half or a quarter lost more cross-lingual answers than it saved others (bench/retrieval).
    const searched = searchWords(content, asked, language);
    const all = content.length === words.length ? undefined : searchWords(words, asked, language);
    fullTextStatements.push(fullTextStatement(db, input.teamId, group, language, searched, candidates, cap, all));
  }

  // The vector statements, each with the knowledge bases it searches: one per distinct text.
  const vectorStatements: Promise<SQL[]>[] = [];
  if (input.mode !== 'fulltext') {
    for (const group of groupBy(
      input.knowledges,
      (k) => `${k.embeddingProvider}\n${k.embeddingModel}\n${k.embeddingDimensions}`,
    ).values()) {
      const embedder = embedders(group[0]);
      if (!embedder) continue;
      ran.add('vector');
      // A question asked in the other language is embedded with its translations for those knowledge
      // bases only, so that the others' query is never diluted: one search per text.
      for (const [text, meant] of groupBy(group, (k) => vectorText(input.query, words, asked, k.language))) {
        vectorStatements.push(
          embedder.embed([text]).then(([vector]) => nearestStatements(input.teamId, meant, vector, candidates)),
        );
      }
    }
  }

  const found = compact(input.knowledges, cap)
    ? await allAtOnce(
        db,
        (await Promise.all(fullTextStatements)).filter(isStatement),
        await Promise.all(vectorStatements),
      )
    : await sideBySide(db, fullTextStatements, vectorStatements, candidates);
  const { fulltext, vector } = found;
  const fused = reciprocalRankFusion(
    [
      { retriever: 'fulltext', ids: fulltext.map((c) => c.id) },
      { retriever: 'vector', ids: vector.map((c) => c.id) },
    ],
    { limit },
  );
  if (fused.length === 0) return { chunks: [], ran: [...ran] };

  const rows =
    found.details ??
    (await details(
      db,
      input.teamId,
      fused.map((f) => f.id),
    ));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fullTextScore = new Map(fulltext.map((c) => [c.id, c]));
  const similarity = new Map(vector.map((c) => [c.id, c.score]));

  const chunks: RetrievedChunk[] = [];
  for (const hit of fused) {
    const row = byId.get(hit.id);
    if (!row) continue; // deleted between the two queries
    chunks.push({
      ...row,
      score: hit.score,
      retrievers: {
        ...(hit.ranks.fulltext ? { fulltext: fullTextHit(hit.ranks.fulltext, fullTextScore.get(hit.id)!) } : {}),
        ...(hit.ranks.vector ? { vector: { rank: hit.ranks.vector, similarity: similarity.get(hit.id)! } } : {}),
      },
    });
  }
  return { chunks, ran: [...ran] };
}

/** Candidates of each retriever, best first, and the candidates' details when they came with them. */
interface Found {
  fulltext: Candidate[];
  vector: Candidate[];
  details?: ChunkDetails[];
}

const isStatement = (statement: SQL | null): statement is SQL => statement !== null;

/**
 * Whether every knowledge is small enough to be searched by one statement: no word statistics in
 * use and no vector index of its own, so that each candidate query reads at most a few hundred
 * chunks. A large one's candidate queries run side by side instead (each its own connection, in
 * parallel on the server), and the details of the chosen few follow.
 */
function compact(knowledges: RetrievalKnowledge[], cap: number): boolean {
  return knowledges.every((k) => (k.termStatsChunks ?? 0) <= cap && k.vectorIndexDimensions == null);
}

/**
 * Every candidate query as one statement (`union all`), each candidate with its details: one round
 * trip where the side-by-side path takes three (a turn of a small knowledge's bot, bench/pipeline).
 */
async function allAtOnce(db: Database, fullText: SQL[], vector: SQL[][]): Promise<Found> {
  // Each retriever's own column, so that both come as they do alone (a rank is a real, a distance a
  // double precision: one column would make the ranks doubles).
  const parts = [
    ...fullText.map(
      (statement) =>
        sql`(select 'fulltext' as retriever, id, score, all_words, null::float8 as distance from (${statement}) f)`,
    ),
    ...vector
      .flat()
      .map(
        (statement) =>
          sql`(select 'vector' as retriever, id, null::real as score, null::real as all_words, distance from (${statement}) v)`,
      ),
  ];
  if (parts.length === 0) return { fulltext: [], vector: [] };
  const rows = rowsOf<
    DetailsRow & { retriever: 'fulltext' | 'vector'; score: number; all_words: number | null; distance: number }
  >(
    await db.execute(sql`
    select f.retriever, f.score, f.all_words, f.distance, ${detailColumns}
      from (${sql.join(parts, sql` union all `)}) f
      join knowledge_chunks c on c.id = f.id join knowledge_sources s on s.id = c.source_id`),
  );
  const candidates = (retriever: 'fulltext' | 'vector') =>
    mergeByScore(
      rows
        .filter((row) => row.retriever === retriever)
        .map((row) =>
          retriever === 'fulltext' ? fullTextCandidate(row) : { id: Number(row.id), score: 1 - Number(row.distance) },
        )
        .filter((candidate) => Number.isFinite(candidate.score)),
    );
  return { fulltext: candidates('fulltext'), vector: candidates('vector'), details: rows.map(detailsOf) };
}

/** The candidate queries side by side (the vector ones as their vectors are ready), one round trip each. */
async function sideBySide(
  db: Database,
  fullText: Promise<SQL | null>[],
  vector: Promise<SQL[]>[],
  candidates: number,
): Promise<Found> {
  const run = async (statement: SQL | null) =>
    statement === null ? [] : rowsOf<FullTextRow>(await db.execute(statement)).map(fullTextCandidate);
  const nearest = async (statements: SQL[]) => {
    const lists = await Promise.all(
      statements.map(async (statement) =>
        rowsOf<{ id: number; distance: number }>(await db.execute(statement))
          .map((row) => ({ id: Number(row.id), score: 1 - Number(row.distance) }))
          .filter((candidate) => Number.isFinite(candidate.score)),
      ),
    );
    return lists.length === 1 ? lists[0] : mergeByScore(lists.flat()).slice(0, candidates);
  };
  const [fulltext, vectors] = await Promise.all([
    Promise.all(fullText.map(async (statement) => run(await statement))),
    Promise.all(vector.map(async (statements) => nearest(await statements))),
  ]);
  return { fulltext: mergeByScore(fulltext.flat()), vector: mergeByScore(vectors.flat()) };
}

interface Candidate {
  id: number;
  score: number;
  /** A full-text candidate's rank over all the question's words (absent: the same as `score`). */
  allWords?: number;
}

interface FullTextRow {
  id: number;
  score: number;
  all_words: number | null;
}

function fullTextCandidate(row: FullTextRow): Candidate {
  const candidate: Candidate = { id: Number(row.id), score: Number(row.score) };
  if (row.all_words !== null) candidate.allWords = Number(row.all_words);
  return candidate;
}

function fullTextHit(rank: number, candidate: Candidate) {
  return { rank, score: candidate.score, allWords: candidate.allWords ?? candidate.score };
}

/**
 * The chunks a question may find. One knowledge (with an index of its own) is named by a constant,
 * so that the planner can use its partial index; several by an int[] parameter.
 */
const searchable = (teamId: number, knowledges: number | number[]) => sql`
  c.team_id = ${teamId}
  and c.knowledge_id ${
    typeof knowledges === 'number' ? sql.raw(`= ${Math.trunc(knowledges)}`) : sql`= any(${sqlIntArray(knowledges)})`
  }
  and c.enabled
  and exists (select 1 from knowledge_sources s where s.id = c.source_id and s.enabled)`;

/**
 * The full-text candidate statement of one language's knowledge bases (id, score), best first; null
 * when the question has only words too common there to choose any (the vector search answers).
 */
async function fullTextStatement(
  db: Database,
  teamId: number,
  group: RetrievalKnowledge[],
  language: string,
  searched: string[],
  candidates: number,
  cap: number,
  /** All the question's words, when `searched` left some out: ranked again over the candidates only. */
  all?: string[],
): Promise<SQL | null> {
  const ids = group.map((k) => k.id);
  const words = searched.join(' or ');
  // A large knowledge: the rare words choose which chunks are ranked (all words still rank them).
  const counted = group.reduce((sum, k) => sum + (k.termStatsChunks ?? 0), 0);
  const prefilter =
    counted > cap ? selectivePrefilter(await termFrequencies(db, group, language, searched), counted, cap) : null;
  if (prefilter === '') return null;
  const matching = prefilter === null ? sql`c.tsv @@ q` : sql`c.tsv @@ ${prefilter}::tsquery`;
  // The configuration a constant: each has a full-text index of its own (migration 0016).
  const config = sql.raw(`'${configs.has(language) ? language : 'simple'}'::regconfig`);
  const ranked = sql`
    select c.id, ${all === undefined ? sql`` : sql`c.tsv, `}ts_rank_cd(c.tsv, q, 1) as score
      from knowledge_chunks c, websearch_to_tsquery(${language}::regconfig, ${words}) q
     where c.ts_config = ${config} and ${matching} and ${searchable(teamId, ids)}
     order by score desc, c.id
     limit ${candidates}`;
  const allWords =
    all === undefined
      ? sql`null::real`
      : sql`ts_rank_cd(r.tsv, websearch_to_tsquery(${language}::regconfig, ${all.join(' or ')}), 1)`;
  return sql`select r.id, r.score, ${allWords} as all_words from (${ranked}) r order by r.score desc, r.id`;
}

/**
 * The statements of the chunks nearest to the question's vector (id, distance), nearest first: a
 * knowledge with an index of its own through it (vector-index.ts), one statement each (its chunks
 * past the index's bound exactly, in the same statement), and the others exactly, in one statement.
 */
function nearestStatements(teamId: number, group: RetrievalKnowledge[], vector: number[], candidates: number): SQL[] {
  const dimensions = group[0].embeddingDimensions;
  if (!Number.isInteger(dimensions) || dimensions < 1 || vector.length !== dimensions) return [];
  const indexed = group.filter((k) => k.vectorIndexDimensions === dimensions);
  const exact = group.filter((k) => k.vectorIndexDimensions !== dimensions).map((k) => k.id);
  return [
    ...indexed.map((k) => vectorStatement(searchable(teamId, k.id), vector, candidates, k.vectorIndexBound)),
    ...(exact.length > 0 ? [vectorStatement(searchable(teamId, exact), vector, candidates)] : []),
  ];
}

/**
 * The nearest chunks among `where`, its vector length a constant (a partial index names it). With a
 * bound, the chunks up to it come from the index that covers them and the newer ones from an exact
 * scan (a range of the primary key), merged in the statement; both bounds are constants, so that
 * the planner can prove the index's predicate.
 */
function vectorStatement(where: SQL, vector: number[], candidates: number, bound?: number | null): SQL {
  const dimensions = sql.raw(String(vector.length));
  const typed = sql.raw(`vector(${vector.length})`);
  const literal = pgvectorText(vector);
  const nearestAmong = (more: SQL) => sql`
    select c.id, c.embedding::${typed} <=> ${literal}::${typed} as distance
      from knowledge_chunks c
     where c.embedding_dimensions = ${dimensions} and ${where}${more}
     order by c.embedding::${typed} <=> ${literal}::${typed}
     limit ${candidates}`;
  return bound == null
    ? nearestAmong(sql``)
    : sql`
    select id, distance from (
      (${nearestAmong(sql.raw(` and c.id <= ${Math.trunc(bound)}`))})
      union all
      (${nearestAmong(sql.raw(` and c.id > ${Math.trunc(bound)}`))})
    ) found
     order by distance, id
     limit ${candidates}`;
}

interface DetailsRow {
  id: number;
  knowledge_id: number;
  source_id: number;
  title: string;
  type: string;
  url: string | null;
  content: string;
  context: string;
  meta: Record<string, string | number>;
}

type ChunkDetails = Omit<RetrievedChunk, 'score' | 'retrievers'>;

/** What a retrieved chunk shows of itself and its source (`c` the chunk, `s` its source). */
const detailColumns = sql.raw(
  'c.id, c.knowledge_id, c.source_id, s.title, s.type, s.url, c.content, c.context, c.meta',
);

function detailsOf(row: DetailsRow): ChunkDetails {
  return {
    id: Number(row.id),
    knowledgeId: Number(row.knowledge_id),
    sourceId: Number(row.source_id),
    sourceTitle: row.title,
    sourceType: row.type,
    sourceUrl: (row.meta?.url as string | undefined) ?? row.url,
    content: row.content,
    context: row.context,
    meta: row.meta ?? {},
  };
}

async function details(db: Database, teamId: number, ids: number[]): Promise<ChunkDetails[]> {
  const rows = rowsOf<DetailsRow>(
    await db.execute(sql`
    select ${detailColumns}
      from knowledge_chunks c join knowledge_sources s on s.id = c.source_id
     where c.team_id = ${teamId} and c.id = any(${sqlIntArray(ids)})`),
  );
  return rows.map(detailsOf);
}

/** Candidates of several groups as one list, best score first (each group's scores are comparable). */
function mergeByScore(candidates: Candidate[]): Candidate[] {
  return candidates.sort((a, b) => b.score - a.score || a.id - b.id);
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

/** An int[] parameter both drivers send as one array literal. */
export function sqlIntArray(ids: number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}
