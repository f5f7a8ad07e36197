/**
 * Retrieval speed at volume. Chunks of generated text (./synthetic) are written for 25 tenants the
 * way ingest stores them (Drizzle inserts of 250 rows: lexical embedding, generated tsvector), with
 * the HNSW index dropped during the bulk load and built afterwards, then VACUUM ANALYZE. Two tenants
 * are queried: a large one (30% of all chunks, an Indonesian and an English knowledge base) and a
 * small one (1%, one Indonesian knowledge base); the 23 others are the neighbours every tenant has
 * on a shared database.
 *
 * For each question: `retrieve()` in full-text and in hybrid mode, and next to each the bare SQL
 * it sends (./bare-sql) through the same driver, same concurrency (the candidate queries side by
 * side, then the details query). Then the vector candidates alone under pgvector settings (HNSW
 * ef_search, iterative scans) against an exact scan, to show what the tenant filter does to them.
 */
import type { Database } from '../../server/db/client';
import { knowledgeChunks, knowledgeSources } from '../../server/db/schema/index';
import { lexicalVector } from '../../server/knowledge/embedders/lexical';
import { sha256Hex } from '../../server/knowledge/hash';
import { embeddingText } from '../../server/knowledge/ingest';
import {
  askedLanguage,
  contentWords,
  queryWords,
  retrieve,
  searchWords,
  type RetrievalKnowledge,
} from '../../server/knowledge/retrieve';
import {
  refreshTermStats,
  selectiveAbove,
  selectivePrefilter,
  type TermFrequency,
} from '../../server/knowledge/term-stats';
import { syncVectorIndex } from '../../server/knowledge/vector-index';
import {
  checkAgainst,
  detailsSql,
  fullTextSql,
  fullTextValues,
  intArray,
  prepareSearch,
  selectiveFullTextSql,
  vectorStatements,
  type PreparedSearch,
  selectiveFullTextValues,
  termsSql,
} from './bare-sql';
import { createKnowledge, lexical } from './corpus-ingest';
import { createTenant, type BenchDatabase } from './database';
import { cpuWindow } from '../support/cpu';
import { fixed, mark, percent, percentile, seconds, table, thousands } from './format';
import { benchmarkQueries, chunkText, Random, variedHeading, type Language } from './synthetic';

const candidates = 20;
const limit = 5;
const dimensions = lexical.dimensions;
const insertBatch = 250;
const chunksPerSource = 200;

export const targets = { ratio: 1.3, serverHybridP99Ms: 30, serverHybridAt: 100_000 };

export interface SpeedOptions {
  sizes: number[];
  queries: number;
  /** PGlite only: a size whose build is projected to take longer is reduced to fit. */
  buildBudgetMs: number;
  /** Time one tenant's latency run may take; fewer questions are timed when they would take longer. */
  latencyBudgetMs: number;
}

interface Slot {
  knowledge: RetrievalKnowledge;
  language: Language;
  teamId: number;
  share: number;
  sourceId?: number;
  inSource: number;
  chunks: number;
}

interface Tenant {
  name: string;
  teamId: number;
  slots: Slot[];
}

interface Layout {
  tenants: Tenant[];
  slots: Slot[];
  total: number;
  random: Random;
}

export interface BuildStep {
  size: number;
  added: number;
  generateMs: number;
  insertMs: number;
  indexMs: number;
  analyzeMs: number;
  /** Word statistics of the knowledge bases past `selectiveAbove` chunks (term-stats.ts). */
  termStatsMs: number;
}

export interface LatencyRow {
  size: number;
  tenant: string;
  tenantChunks: number;
  mode: 'fulltext' | 'hybrid';
  retrieve: number[];
  bare: number[];
}

export interface VectorRow {
  size: number;
  tenant: string;
  setting: string;
  plan: string;
  times: number[];
  rows: number;
  recall: number;
}

export interface FullTextRow {
  size: number;
  tenant: string;
  tenantChunks: number;
  /** Mean chunks of the tenant matching the any-word query. */
  matched: number;
  /** Mean chunks ranked: those the rare words chose in a large knowledge, else all matched. */
  ranked: number;
  plan: string;
}

export interface SpeedReport {
  label: string;
  kind: BenchDatabase['kind'];
  builds: BuildStep[];
  latency: LatencyRow[];
  vector: VectorRow[];
  fullText: FullTextRow[];
  notes: string[];
}

export async function measureSpeed(bench: BenchDatabase, options: SpeedOptions): Promise<SpeedReport> {
  const report: SpeedReport = {
    label: bench.label,
    kind: bench.kind,
    builds: [],
    latency: [],
    vector: [],
    fullText: [],
    notes: [],
  };
  const layout = await createLayout(bench.db);
  const queries = benchmarkQueries(options.queries + warmUpQuestions);
  const sizes = [...options.sizes].sort((a, b) => a - b);
  let checked = false;
  for (let index = 0; index < sizes.length; index++) {
    let size = sizes[index];
    const previous = report.builds.at(-1);
    if (bench.kind === 'pglite' && previous) {
      const projected = projectBuild(previous, size);
      if (projected > options.buildBudgetMs) {
        const reduced = reduceSize(previous, options.buildBudgetMs);
        const note =
          `PGlite: building ${thousands(size)} chunks would take about ${seconds(projected)} (projected from the ` +
          `${thousands(previous.size)} build), over the ${seconds(options.buildBudgetMs)} budget: ` +
          (reduced > previous.size ? `reduced to ${thousands(reduced)}` : `skipped`);
        report.notes.push(note);
        console.log(`  ${note}`);
        if (reduced <= previous.size) break;
        size = reduced;
      }
    }
    const step = await build(bench, layout, size);
    report.builds.push(step);
    console.log(
      `  built ${thousands(size)} chunks: +${thousands(step.added)} generated and embedded in ${seconds(step.generateMs)}, ` +
        `inserted in ${seconds(step.insertMs)} (${thousands(Math.round(step.added / (step.insertMs / 1000)))} chunks/s), ` +
        `HNSW index ${seconds(step.indexMs)}, VACUUM ANALYZE ${seconds(step.analyzeMs)}, word statistics ${seconds(step.termStatsMs)}`,
    );
    const queried = [layout.tenants[0], layout.tenants[1]];
    if (!checked) {
      checked = true;
      const problems = await checkBareSql(bench, queried[0], queries[0]);
      report.notes.push(...problems);
      if (problems.length === 0) console.log('  bare SQL: the same statements retrieve() sent in this run ✓');
      else problems.forEach((problem) => console.log(`  ✗ ${problem}`));
    }
    for (const tenant of queried) {
      await settleHeap();
      const started = performance.now();
      const cpu = cpuWindow(process.pid, { postgres: bench.kind === 'postgres' });
      const latency = await measureLatency(bench, tenant, queries, size, options.latencyBudgetMs);
      const spent = cpu.stop();
      report.latency.push(...latency);
      // Each question four times (retrieve() and its bare SQL, full-text and hybrid), warm-up included.
      const sets = (latency[0].retrieve.length + warmUpQuestions) * 4;
      console.log(
        `  tenant ${tenant.name}: CPU per question and variant (${sets}): ` +
          `this process ${fixed((spent.processMs ?? NaN) / sets, 2)} ms` +
          (spent.postgresMs === undefined ? '' : `, PostgreSQL (this machine) ${fixed(spent.postgresMs / sets, 2)} ms`),
      );
      report.fullText.push(await fullTextMatches(bench, tenant, queries.slice(0, 20), size));
      report.vector.push(...(await vectorSettings(bench, tenant, queries.slice(0, 40), size)));
      console.log(`  queried tenant ${tenant.name} at ${thousands(size)} in ${seconds(performance.now() - started)}`);
      const asRun = report.vector.find(
        (row) => row.size === size && row.tenant === tenant.name && row.setting === vectorVariants[0].setting,
      );
      if (asRun && asRun.rows < candidates - 0.5) {
        report.notes.push(
          `${thousands(size)} chunks, tenant ${tenant.name}: the vector search returned ${fixed(asRun.rows, 1)} of ${candidates} candidates ` +
            `(recall ${percent(asRun.recall, 0)}): the HNSW scan stops at hnsw.ef_search (40) rows and the tenant filter drops the others' chunks after it`,
        );
      }
    }
  }
  return report;
}

// The data.

async function createLayout(db: Database): Promise<Layout> {
  const specs: Array<{ name: string; knowledges: Array<{ language: Language; share: number }> }> = [
    {
      name: 'large',
      knowledges: [
        { language: 'indonesian', share: 0.2 },
        { language: 'english', share: 0.1 },
      ],
    },
    { name: 'small', knowledges: [{ language: 'indonesian', share: 0.01 }] },
    ...Array.from({ length: 23 }, (_, i) => ({
      name: `neighbour ${i + 1}`,
      knowledges: [{ language: (i % 3 === 2 ? 'english' : 'indonesian') as Language, share: 0.03 }],
    })),
  ];
  const tenants: Tenant[] = [];
  for (const spec of specs) {
    const teamId = await createTenant(db, `Tenant ${spec.name}`);
    const slots: Slot[] = [];
    for (const { language, share } of spec.knowledges) {
      const knowledge = await createKnowledge(db, teamId, `${spec.name} ${language}`, language);
      slots.push({ knowledge, language, teamId, share, inSource: 0, chunks: 0 });
    }
    tenants.push({ name: spec.name, teamId, slots });
  }
  return { tenants, slots: tenants.flatMap((t) => t.slots), total: 0, random: new Random(20240501) };
}

async function build(bench: BenchDatabase, layout: Layout, size: number): Promise<BuildStep> {
  const { random } = layout;
  const added = size - layout.total;
  // A bulk load: the knowledge bases' own vector indexes are built again afterwards, in one go.
  for (const slot of layout.slots) await syncVectorIndex(bench.db, slot.knowledge.id, Number.POSITIVE_INFINITY);
  let generateMs = 0;
  let insertMs = 0;
  let batch: Array<typeof knowledgeChunks.$inferInsert> = [];
  const flush = async () => {
    const started = performance.now();
    await bench.db.insert(knowledgeChunks).values(batch);
    insertMs += performance.now() - started;
    batch = [];
  };
  const cumulative = layout.slots.map((slot, i) => layout.slots.slice(0, i + 1).reduce((sum, s) => sum + s.share, 0));
  for (let n = 0; n < added; n++) {
    const roll = random.next() * cumulative[cumulative.length - 1];
    const slot = layout.slots[cumulative.findIndex((edge) => roll < edge)] ?? layout.slots[0];
    if (slot.sourceId === undefined || slot.inSource >= chunksPerSource) {
      const [source] = await bench.db
        .insert(knowledgeSources)
        .values({
          knowledgeId: slot.knowledge.id,
          teamId: slot.teamId,
          type: 'text',
          title: variedHeading(random, slot.language).slice(0, 255),
          status: 'ready',
          progress: 100,
          ingestedGeneration: 1,
        })
        .returning({ id: knowledgeSources.id });
      slot.sourceId = source.id;
      slot.inSource = 0;
    }
    const started = performance.now();
    const content = chunkText(random, slot.language, random.int(300, 1500));
    const context = variedHeading(random, slot.language);
    batch.push({
      knowledgeId: slot.knowledge.id,
      sourceId: slot.sourceId,
      teamId: slot.teamId,
      position: slot.inSource,
      content,
      context,
      tokens: Math.ceil((context.length + content.length) / 4),
      sourceHash: sha256Hex(`${context}\n${content}`),
      meta: { heading: context },
      tsConfig: slot.language,
      embedding: lexicalVector(embeddingText(context, content)),
      embeddingDimensions: dimensions,
    });
    generateMs += performance.now() - started;
    slot.inSource += 1;
    slot.chunks += 1;
    if (batch.length >= insertBatch) await flush();
  }
  if (batch.length > 0) await flush();
  layout.total = size;

  let started = performance.now();
  // The table as a server serves it once autovacuum has passed after a bulk load (it does within a
  // minute of one): the full-text index's pending list merged into the index, which every search
  // otherwise reads through; the rows' hint bits set. A server whose autovacuum is off (this
  // machine's test server) would keep up to gin_pending_list_limit (4 MB) of it indefinitely.
  await bench.query('vacuum analyze knowledge_chunks', []);
  await bench.query('analyze knowledge_sources', []);
  const analyzeMs = performance.now() - started;
  // What an ingest does after storing: a large knowledge gets its own index (the server's settings).
  started = performance.now();
  for (const slot of layout.slots) {
    await syncVectorIndex(bench.db, slot.knowledge.id);
    const [row] = await bench.query(
      'select vector_index_dimensions, vector_index_bound from knowledges where id = $1',
      [slot.knowledge.id],
    );
    slot.knowledge.vectorIndexDimensions =
      row.vector_index_dimensions === null ? null : Number(row.vector_index_dimensions);
    slot.knowledge.vectorIndexBound = row.vector_index_bound === null ? null : Number(row.vector_index_bound);
  }
  const indexMs = performance.now() - started;
  started = performance.now();
  for (const slot of layout.slots) {
    await refreshTermStats(bench.db, slot.knowledge.id);
    const [row] = await bench.query('select term_stats_chunks from knowledges where id = $1', [slot.knowledge.id]);
    slot.knowledge.termStatsChunks = row.term_stats_chunks === null ? null : Number(row.term_stats_chunks);
  }
  const termStatsMs = performance.now() - started;
  return { size, added, generateMs, insertMs, indexMs, analyzeMs, termStatsMs };
}

/** Build time of `size` chunks, from the rates of the previous step (HNSW building grows a little faster than linearly). */
function projectBuild(previous: BuildStep, size: number): number {
  const added = size - previous.size;
  const perChunk = (previous.generateMs + previous.insertMs) / previous.added;
  const index = previous.indexMs * (size / previous.size) * (Math.log(size) / Math.log(previous.size));
  const analyze = (previous.analyzeMs + previous.termStatsMs) * (size / previous.size);
  return added * perChunk + index + analyze;
}

function reduceSize(previous: BuildStep, budgetMs: number): number {
  let size = previous.size;
  const step = Math.max(5000, Math.round(previous.size / 2 / 5000) * 5000);
  while (projectBuild(previous, size + step) <= budgetMs) size += step;
  return size;
}

// The measurements.

function tenantChunks(tenant: Tenant): number {
  return tenant.slots.reduce((sum, slot) => sum + slot.chunks, 0);
}

function knowledgesOf(tenant: Tenant): RetrievalKnowledge[] {
  return tenant.slots.map((slot) => slot.knowledge);
}

async function checkBareSql(bench: BenchDatabase, tenant: Tenant, query: string): Promise<string[]> {
  const { statements } = await bench.capture(() =>
    retrieve(bench.db, () => lexical, {
      teamId: tenant.teamId,
      knowledges: knowledgesOf(tenant),
      query,
      limit,
      candidates,
    }),
  );
  const selective = [...byLanguage(tenant).values()].some((slots) => statsChunks(slots) > selectiveAbove);
  const vectors = {
    own: tenant.slots.some((slot) => slot.knowledge.vectorIndexDimensions === dimensions),
    exact: tenant.slots.some((slot) => slot.knowledge.vectorIndexDimensions !== dimensions),
    bounded: tenant.slots.some(
      (slot) => slot.knowledge.vectorIndexDimensions === dimensions && slot.knowledge.vectorIndexBound != null,
    ),
  };
  return checkAgainst(statements, dimensions, bench, selective, vectors);
}

type Prepared = PreparedSearch;

const warmUpQuestions = 10;
const leastTimedQuestions = 40;

async function measureLatency(
  bench: BenchDatabase,
  tenant: Tenant,
  queries: string[],
  size: number,
  budgetMs: number,
): Promise<LatencyRow[]> {
  const knowledges = knowledgesOf(tenant);
  const run = (query: string, mode: 'fulltext' | 'hybrid') =>
    retrieve(bench.db, () => lexical, { teamId: tenant.teamId, knowledges, query, limit, candidates, mode });
  const prepared: Prepared[] = [];
  for (const query of queries) prepared.push(await prepare(query, tenant));
  const variants: Array<[LatencyRow['mode'], 'retrieve' | 'bare']> = [
    ['fulltext', 'retrieve'],
    ['fulltext', 'bare'],
    ['hybrid', 'retrieve'],
    ['hybrid', 'bare'],
  ];
  const once = async (item: Prepared, mode: LatencyRow['mode'], kind: 'retrieve' | 'bare') => {
    if (kind === 'retrieve') await run(item.query, mode);
    else await bare(bench, tenant, item, mode);
  };

  // Warm-up, on the last questions (not timed later): also tells how many questions fit the budget.
  const warmUp = prepared.slice(-warmUpQuestions);
  const started = performance.now();
  for (const item of warmUp) for (const [mode, kind] of variants) await once(item, mode, kind);
  const perQuestion = (performance.now() - started) / warmUp.length;
  const timed = prepared.slice(
    0,
    Math.max(leastTimedQuestions, Math.min(prepared.length - warmUp.length, Math.floor(budgetMs / perQuestion))),
  );

  const rows: Record<string, LatencyRow> = {};
  for (const mode of ['fulltext', 'hybrid'] as const) {
    rows[mode] = { size, tenant: tenant.name, tenantChunks: tenantChunks(tenant), mode, retrieve: [], bare: [] };
  }
  for (const [index, item] of timed.entries()) {
    // A different variant goes first each time, so none always meets the others' cache effects.
    for (let k = 0; k < variants.length; k++) {
      const [mode, kind] = variants[(index + k) % variants.length];
      const begun = performance.now();
      await once(item, mode, kind);
      rows[mode][kind].push(performance.now() - begun);
    }
  }
  return [rows.fulltext, rows.hybrid];
}

/**
 * The heap collected before questions are timed: building the chunks leaves this process hundreds
 * of MB of garbage, and V8 returned it with full collections of up to 200 ms (its memory reducer,
 * once allocation slowed) that fell on the first questions timed, retrieve()'s and the bare SQL's
 * alike (--trace-gc, 2026-12-03). A server answering questions has no such build behind it; its
 * own collections, those the questions cause, are still timed. Needs --expose-gc (`npm run
 * bench:retrieval` passes it).
 */
async function settleHeap(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
}

/**
 * What retrieve() sends, straight through the driver: the candidate queries side by side, then the
 * details of five of the candidates (picked by rank from the lists, not fused: no work but SQL here).
 */
async function bare(bench: BenchDatabase, tenant: Tenant, item: Prepared, mode: 'fulltext' | 'hybrid'): Promise<void> {
  if (item.languages.size === 0) return;
  const lists: Array<Promise<Record<string, unknown>[]>> = [];
  for (const [language, slots] of byLanguage(tenant)) {
    const { words, all } = item.languages.get(language)!;
    lists.push(fullTextCandidates(bench, tenant, language, slots, words, all));
  }
  if (mode === 'hybrid') {
    // Per distinct text, as retrieve() does: a knowledge with its own index alone, the others exactly together.
    for (const { vector, knowledges } of item.vectors)
      for (const [text, values] of vectorStatements(knowledges, tenant.teamId, vector, candidates))
        lists.push(bench.query(text, values));
  }
  const answers = await Promise.all(lists);
  const ids = new Set<number>();
  for (let rank = 0; ids.size < limit && answers.some((rows) => rank < rows.length); rank++) {
    for (const rows of answers) if (rank < rows.length && ids.size < limit) ids.add(Number(rows[rank].id));
  }
  if (ids.size > 0) await bench.query(detailsSql, [tenant.teamId, intArray([...ids])]);
}

/** What retrieve() sends for one language's full-text candidates, plain or through the rare words. */
async function fullTextCandidates(
  bench: BenchDatabase,
  tenant: Tenant,
  language: string,
  slots: Slot[],
  words: string,
  all: string | undefined,
): Promise<Record<string, unknown>[]> {
  const ids = slots.map((s) => s.knowledge.id);
  const prefilter = await prefilterOf(bench, language, slots, words);
  if (prefilter === '') return [];
  const again = all !== undefined;
  if (prefilter === null)
    return bench.query(
      fullTextSql(language, again),
      fullTextValues(language, words, tenant.teamId, ids, candidates, all),
    );
  return bench.query(
    selectiveFullTextSql(language, again),
    selectiveFullTextValues(language, words, prefilter, tenant.teamId, ids, candidates, all),
  );
}

/** The words' chunk counts looked up so far, as retrieve() remembers them (term-stats.ts): by language, knowledge bases and word. */
const lookedUp = new Map<string, TermFrequency[]>();

async function prefilterOf(bench: BenchDatabase, language: string, slots: Slot[], words: string) {
  const counted = statsChunks(slots);
  if (counted <= selectiveAbove) return null;
  const ids = slots.map((s) => s.knowledge.id);
  const scope = `${language}|${ids.join(',')}|${slots.map((s) => s.knowledge.termStatsChunks ?? 0).join(',')}|`;
  const list = [...new Set(words.split(' or '))];
  const missing = list.filter((word) => !lookedUp.has(scope + word));
  if (missing.length > 0) {
    const rows = await bench.query(termsSql, [`{${missing.map((w) => `"${w}"`).join(',')}}`, language, intArray(ids)]);
    for (const word of missing) lookedUp.set(scope + word, []);
    for (const row of rows)
      lookedUp.get(scope + String(row.word))?.push({ lexeme: String(row.lexeme), chunks: Number(row.chunks) });
  }
  const byLexeme = new Map<string, TermFrequency>();
  for (const word of list) for (const term of lookedUp.get(scope + word) ?? []) byLexeme.set(term.lexeme, term);
  return selectivePrefilter([...byLexeme.values()], counted);
}

function statsChunks(slots: Slot[]): number {
  return slots.reduce((sum, slot) => sum + (slot.knowledge.termStatsChunks ?? 0), 0);
}

/** What retrieve() searches a question with over the tenant's knowledge bases (bare SQL uses the same). */
function prepare(query: string, tenant: Tenant): Promise<Prepared> {
  return prepareSearch(
    query,
    tenant.slots.map((slot) => slot.knowledge),
  );
}

function byLanguage(tenant: Tenant): Map<string, Slot[]> {
  const groups = new Map<string, Slot[]>();
  for (const slot of tenant.slots) groups.set(slot.language, [...(groups.get(slot.language) ?? []), slot]);
  return groups;
}

async function fullTextMatches(
  bench: BenchDatabase,
  tenant: Tenant,
  queries: string[],
  size: number,
): Promise<FullTextRow> {
  let matched = 0;
  let ranked = 0;
  for (const query of queries) {
    for (const [language, slots] of byLanguage(tenant)) {
      const asked = await askedLanguage(query);
      const words = searchWords(contentWords(queryWords(query)), asked, language).join(' or ');
      const ids = intArray(slots.map((s) => s.knowledge.id));
      const [row] = await bench.query(
        `select count(*)::int as n from knowledge_chunks c, websearch_to_tsquery($1::regconfig, $2) q
          where c.tsv @@ q and c.team_id = $3 and c.knowledge_id = any($4::int[]) and c.enabled`,
        [language, words, tenant.teamId, ids],
      );
      matched += Number(row.n);
      const prefilter = await prefilterOf(bench, language, slots, words);
      if (prefilter === null) ranked += Number(row.n);
      else if (prefilter !== '') {
        const [chosen] = await bench.query(
          `select count(*)::int as n from knowledge_chunks c
            where c.tsv @@ $1::tsquery and c.team_id = $2 and c.knowledge_id = any($3::int[]) and c.enabled`,
          [prefilter, tenant.teamId, ids],
        );
        ranked += Number(chosen.n);
      }
    }
  }
  const [language, slots] = [...byLanguage(tenant)][0];
  const words = searchWords(contentWords(queryWords(queries[0])), await askedLanguage(queries[0]), language).join(
    ' or ',
  );
  const ids = slots.map((s) => s.knowledge.id);
  const prefilter = await prefilterOf(bench, language, slots, words);
  const plan =
    prefilter === ''
      ? 'none: only common words'
      : prefilter === null
        ? await explain(bench, fullTextSql(language), fullTextValues(language, words, tenant.teamId, ids, candidates))
        : await explain(
            bench,
            selectiveFullTextSql(language),
            selectiveFullTextValues(language, words, prefilter, tenant.teamId, ids, candidates),
          );
  return {
    size,
    tenant: tenant.name,
    tenantChunks: tenantChunks(tenant),
    matched: matched / queries.length,
    ranked: ranked / queries.length,
    plan,
  };
}

const vectorVariants: Array<{ setting: string; settings: Record<string, string> }> = [
  { setting: 'as retrieve() runs it', settings: {} },
  { setting: 'exact (no index scan)', settings: { enable_indexscan: 'off' } },
  { setting: 'hnsw.ef_search = 40 (default)', settings: { 'hnsw.ef_search': '40' } },
  { setting: 'hnsw.ef_search = 200', settings: { 'hnsw.ef_search': '200' } },
];

/**
 * The vector candidates alone under pgvector settings, sent as retrieve() sends them (a knowledge
 * with an index of its own alone, the others together): rows, recall against the exact scan, latency.
 */
async function vectorSettings(
  bench: BenchDatabase,
  tenant: Tenant,
  queries: string[],
  size: number,
): Promise<VectorRow[]> {
  const results = new Map<string, number[][]>();
  const rows: VectorRow[] = [];
  const search = async (
    query: (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>,
    item: string,
  ) => {
    const lists: Record<string, unknown>[][] = [];
    // One after another: the settings hold on this one connection.
    for (const [text, values] of vectorStatements(
      tenant.slots.map((slot) => slot.knowledge),
      tenant.teamId,
      lexicalVector(item),
      candidates,
    ))
      lists.push(await query(text, values));
    return lists
      .flat()
      .sort((a, b) => Number(a.distance) - Number(b.distance))
      .slice(0, candidates)
      .map((r) => Number(r.id));
  };
  for (const variant of vectorVariants) {
    const row = await bench.withSettings(variant.settings, async (query) => {
      const times: number[] = [];
      const found: number[][] = [];
      for (const item of queries.slice(0, 10)) await search(query, item);
      for (const item of queries) {
        const started = performance.now();
        found.push(await search(query, item));
        times.push(performance.now() - started);
      }
      // The plan of the first statement (a knowledge with an index of its own, when there is one).
      const [[text, values]] = vectorStatements(
        tenant.slots.map((slot) => slot.knowledge),
        tenant.teamId,
        lexicalVector(queries[0]),
        candidates,
      );
      const plan = summarisePlan(await query(`explain (format json) ${text}`, values));
      return { size, tenant: tenant.name, setting: variant.setting, plan, times, rows: 0, recall: 0, found };
    });
    results.set(variant.setting, row.found);
    rows.push({ ...row, rows: mean(row.found.map((f) => f.length)) });
  }
  const exact = results.get('exact (no index scan)')!;
  for (const row of rows) {
    const found = results.get(row.setting)!;
    row.recall = mean(
      found.map((list, i) =>
        exact[i].length === 0 ? 1 : list.filter((id) => exact[i].includes(id)).length / exact[i].length,
      ),
    );
  }
  return rows;
}

async function explain(bench: BenchDatabase, sql: string, values: unknown[]): Promise<string> {
  return summarisePlan(await bench.query(`explain (format json) ${sql}`, values));
}

/** The plan's scans, outermost first: "Index Scan (knowledge_chunks_embedding_384_index)". */
function summarisePlan(rows: Record<string, unknown>[]): string {
  const raw = rows[0]?.['QUERY PLAN'];
  const document = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const scans: string[] = [];
  const visit = (node: PlanNode) => {
    const type = node['Node Type'];
    if (
      /Scan/.test(type) &&
      node['Relation Name'] !== 'knowledge_sources' &&
      !/knowledge_sources/.test(node['Index Name'] ?? '')
    ) {
      scans.push(
        node['Index Name']
          ? `${type} (${node['Index Name']})`
          : `${type}${node['Relation Name'] ? ` (${node['Relation Name']})` : ''}`,
      );
    }
    if (type === 'Sort') scans.push('Sort');
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(document[0].Plan);
  return scans.filter((scan) => !/Function Scan/.test(scan)).join(' ← ');
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function mean(values: number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

// The report.

export function printSpeed(report: SpeedReport): void {
  console.log(`\n  ${report.label}`);
  if (report.builds.length > 0) {
    console.log(
      table(
        ['chunks', 'generate + embed', 'insert', 'chunks/s', 'HNSW build', 'VACUUM ANALYZE', 'word statistics'],
        report.builds.map((b) => [
          thousands(b.size),
          seconds(b.generateMs),
          seconds(b.insertMs),
          thousands(Math.round(b.added / (b.insertMs / 1000))),
          seconds(b.indexMs),
          seconds(b.analyzeMs),
          seconds(b.termStatsMs),
        ]),
      ),
    );
  }
  console.log(
    `\n  latency in ms (limit ${limit}, ${candidates} candidates per retriever, ${warmUpQuestions} questions of warm-up); ` +
      `bare = retrieve()'s own SQL through the same driver; target ratio ≤ ${targets.ratio}` +
      (report.kind === 'postgres'
        ? `, hybrid p99 < ${targets.serverHybridP99Ms} ms at ${thousands(targets.serverHybridAt)}`
        : ''),
  );
  const rows = report.latency.map((row) => {
    const [r50, r99, b50, b99] = [
      percentile(row.retrieve, 50),
      percentile(row.retrieve, 99),
      percentile(row.bare, 50),
      percentile(row.bare, 99),
    ];
    const ratio = r50 / b50;
    const p99Target =
      report.kind === 'postgres' && row.mode === 'hybrid' && row.size >= targets.serverHybridAt
        ? `${mark(r99 < targets.serverHybridP99Ms)} p99 < ${targets.serverHybridP99Ms}`
        : '';
    return [
      thousands(row.size),
      `${row.tenant} (${thousands(row.tenantChunks)})`,
      row.mode === 'fulltext' ? 'full-text' : 'hybrid',
      String(row.retrieve.length),
      fixed(r50, 2),
      fixed(r99, 2),
      fixed(b50, 2),
      fixed(b99, 2),
      `${fixed(ratio, 2)} ${mark(ratio <= targets.ratio)}`,
      fixed(r99 / b99, 2),
      p99Target,
    ];
  });
  console.log(
    table(
      [
        'chunks',
        'tenant (its chunks)',
        'mode',
        'questions',
        'retrieve p50',
        'p99',
        'bare p50',
        'p99',
        'ratio p50',
        'ratio p99',
        'target',
      ],
      rows,
    ),
  );

  console.log(
    `\n  full-text: the any-word query ("a or b or c") matches this many of the tenant's chunks; above ${thousands(selectiveAbove)} ` +
      'in a knowledge with word statistics, its rare words choose the ones ranked (server/knowledge/term-stats.ts)',
  );
  console.log(
    table(
      [
        'chunks',
        'tenant (its chunks)',
        'matched per question',
        'share',
        'ranked per question',
        'plan (first question)',
      ],
      report.fullText.map((row) => [
        thousands(row.size),
        `${row.tenant} (${thousands(row.tenantChunks)})`,
        fixed(row.matched, 0),
        percent(row.matched / row.tenantChunks, 0),
        fixed(row.ranked, 0),
        row.plan,
      ]),
    ),
  );

  console.log(
    `\n  vector candidates with the tenant filter (${candidates} asked; recall against the exact scan; first ` +
      `${report.vector[0]?.times.length ?? 0} questions)`,
  );
  console.log(
    table(
      ['chunks', 'tenant', 'setting', 'rows', 'recall', 'p50 ms', 'p99 ms', 'plan'],
      report.vector.map((row) => [
        thousands(row.size),
        row.tenant,
        row.setting,
        fixed(row.rows, 1),
        percent(row.recall, 0),
        fixed(percentile(row.times, 50), 2),
        fixed(percentile(row.times, 99), 2),
        row.plan,
      ]),
    ),
  );
  for (const note of report.notes) console.log(`  note: ${note}`);
}
