import { setImmediate } from 'node:timers/promises';
import { and, eq, inArray, is, lt, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { Database } from '../db/client';
import { embeddingCache, knowledgeChunks, knowledgeFiles, knowledges, knowledgeSources } from '../db/schema/index';
import { pgvectorText } from '../db/schema/knowledge';
import { int4Array, textArray, vectorArray } from '../db/binary-arrays';
import { rowsOf } from '../db/rows';
import type { SourceDetails, SourceStatus } from '../db/schema/index';
import {
  sourceStateColumns,
  type KnowledgeRow,
  type SourceRow,
  type SourceState,
} from '../db/repositories/knowledge-repository';
import type { ChunkDraft, ParsedDocument } from './document';
import { SourceContentError } from './document';
import { knownDimensions, runsInProcess, type Embedder } from './embedders/embedder';
import { fetchUrl } from './fetch/fetch-url';
import { discoverPages } from './fetch/crawl';
import { sha256Hex } from './hash';
import { refreshTermStats, termStatsWanted } from './term-stats';
import { syncVectorIndex, vectorIndexDue } from './vector-index';

/**
 * One source's ingest, from content to searchable chunks: fetch (URL, sitemap) or read (file,
 * text, Q&A), parse, chunk, embed, then swap the chunks in one transaction. A refresh diffs by
 * content hash: unchanged chunks keep their ids and embeddings (and any edit made to them), changed
 * ones are replaced, and until the transaction commits the old chunks stay searchable. Running it
 * twice for the same generation changes nothing the second time, so a job that ran in a process
 * that died can simply run again.
 */

export interface IngestDeps {
  db: Database;
  /** The embedder a knowledge's chunks are indexed with; throws when it is not available. */
  embedderFor(knowledge: KnowledgeRow): Embedder;
  limits: { maxFileBytes: number; crawlMaxPages: number; allowPrivateUrls: boolean };
  /** Told after every change of the source row users see (status, progress, result). */
  announce(source: SourceState): Promise<void>;
  /**
   * Characters of text the source may hold under the team's plan, and a sentence saying why when it
   * holds more (the plan's knowledge limit); absent: no limit. Asked twice: before the work, so that
   * a source over the limit fails at once, and again in the transaction that stores the chunks,
   * just before it commits (`within` that transaction, which it locks for the team), so that two
   * ingests of one team at once (job workers run several) cannot both take the last room.
   */
  charsAllowed?(source: SourceRow, within?: Database): Promise<{ allowed: number; reason: string }>;
  /**
   * Asked to bring the knowledge's own vector index up to date after its chunks changed
   * (vector-index.ts): the job workers queue a job for it, so that no ingest waits for a build.
   * Absent (scripts, benchmarks): the ingest does it itself before it returns.
   */
  indexVectors?(knowledgeId: number): Promise<void>;
  /**
   * Asked to bring the knowledge's word statistics up to date after its chunks changed
   * (term-stats.ts; a pass over a large knowledge's chunks when it has doubled or halved): the job
   * workers queue a job for it, so that the source is ready without waiting for it (until then a
   * search ranks every chunk its words match, as for a knowledge without statistics). Absent
   * (scripts, benchmarks): the ingest does it itself before it returns.
   */
  countTerms?(knowledgeId: number): Promise<void>;
  /** Told what went wrong after the chunks were stored, which the source need not show (logged). */
  warn?(error: unknown, message: string): void;
  now?: () => Date;
}

export interface IngestJob {
  sourceId: number;
  generation: number;
}

export type IngestOutcome = 'ingested' | 'superseded' | 'gone' | 'failed';

/**
 * The parsers and the chunker (with its tokenizer table) weigh about 100 MB: a process loads them
 * at its first ingest, not at start-up, so a server that only answers questions never holds them.
 */
const parsers = () => import('./parsers/index');
const chunker = () => import('./chunker');
const language = () => import('./language');

/** Chunks inserted per statement. */
const insertBatch = 100;
/** Texts embedded per call (remote embedders batch again below this). */
const embedBatch = 256;

export async function ingestSource(deps: IngestDeps, job: IngestJob): Promise<IngestOutcome> {
  const loaded = await load(deps.db, job.sourceId);
  if (!loaded) return 'gone';
  const { source, knowledge } = loaded;
  if (source.generation !== job.generation || source.ingestedGeneration >= job.generation) return 'superseded';

  const progress = new Progress(deps, source);
  try {
    const reading = await read(deps, source, progress);
    if (reading.documents.every(({ document }) => document.blocks.length === 0)) throw emptySource();
    const room = deps.charsAllowed ? await deps.charsAllowed(source) : undefined;
    await progress.set('embedding', 60);
    const result = await store(deps, knowledge, source, job.generation, reading, room, progress);
    if (!result) return 'superseded';
    await deps.announce(result);
    if (!deps.countTerms) await refreshTermStats(deps.db, knowledge.id);
    else if (await termStatsWanted(deps.db, knowledge.id)) await deps.countTerms(knowledge.id);
    // The chunks are searchable either way (exactly, until an index covers them): a failed build is
    // tried again by the workers' hourly sweep, and the source stays ready.
    await indexVectors(deps, knowledge.id).catch((error: unknown) =>
      deps.warn?.(error, 'the knowledge vector index could not be brought up to date'),
    );
    return 'ingested';
  } catch (error) {
    if (!(error instanceof SourceContentError)) throw error;
    // The content itself is wrong: no retry helps. The source says why; its old chunks stay.
    const failed = await markFailed(deps.db, job, error.message);
    if (failed) await deps.announce(failed);
    return 'failed';
  }
}

function emptySource(): SourceContentError {
  return new SourceContentError('empty', 'No text was found in this source.');
}

/** A source whose text is longer than the plan leaves room for fails with the plan's reason. */
function assertRoom(chars: number, room: { allowed: number; reason: string }): void {
  if (chars > room.allowed) {
    throw new SourceContentError(
      'over_limit',
      `This source has ${chars.toLocaleString('en-US')} characters of text. ${room.reason}`,
    );
  }
}

/** The knowledge's vector index brought up to date: by a job when there is something to do, else here. */
async function indexVectors(deps: IngestDeps, knowledgeId: number): Promise<void> {
  if (!deps.indexVectors) await syncVectorIndex(deps.db, knowledgeId);
  else if (await vectorIndexDue(deps.db, knowledgeId)) await deps.indexVectors(knowledgeId);
}

/** A failure the retries did not cure (or the last one): the source shows it, its old chunks stay. */
export async function markFailed(db: Database, job: IngestJob, message: string): Promise<SourceState | undefined> {
  const [row] = await db
    .update(knowledgeSources)
    .set({ status: 'error', progress: 0, error: message, updatedAt: new Date() })
    .where(and(eq(knowledgeSources.id, job.sourceId), eq(knowledgeSources.generation, job.generation)))
    .returning(sourceStateColumns);
  return row;
}

/** A run failed and will be retried: the source says so and keeps its working status. */
export async function markRetrying(db: Database, job: IngestJob, message: string): Promise<SourceState | undefined> {
  const [row] = await db
    .update(knowledgeSources)
    .set({ error: message, updatedAt: new Date() })
    .where(and(eq(knowledgeSources.id, job.sourceId), eq(knowledgeSources.generation, job.generation)))
    .returning(sourceStateColumns);
  return row;
}

async function load(db: Database, sourceId: number) {
  const [row] = await db
    .select({ source: knowledgeSources, knowledge: knowledges })
    .from(knowledgeSources)
    .innerJoin(knowledges, eq(knowledges.id, knowledgeSources.knowledgeId))
    .where(eq(knowledgeSources.id, sourceId));
  return row;
}

/** Writes status and progress as the ingest moves on, at most a few times a second. */
class Progress {
  private lastWrite = 0;
  private status: SourceStatus;
  private value: number;

  constructor(
    private readonly deps: IngestDeps,
    private readonly source: SourceRow,
  ) {
    this.status = source.status;
    this.value = source.progress;
  }

  async set(status: SourceStatus, value: number): Promise<void> {
    const rounded = Math.max(0, Math.min(99, Math.round(value)));
    const changedStatus = status !== this.status;
    if (!changedStatus && (rounded <= this.value || Date.now() - this.lastWrite < 250)) return;
    this.status = status;
    this.value = rounded;
    this.lastWrite = Date.now();
    const [row] = await this.deps.db
      .update(knowledgeSources)
      .set({ status, progress: rounded, updatedAt: new Date() })
      .where(
        and(
          eq(knowledgeSources.id, this.source.id),
          eq(knowledgeSources.generation, this.source.generation),
          // Another run of the same generation may have finished first: its "ready" stays.
          lt(knowledgeSources.ingestedGeneration, this.source.generation),
        ),
      )
      .returning(sourceStateColumns);
    if (row) await this.deps.announce(row);
  }
}

/** A source read and parsed: its documents are chunked as the chunks are stored (`store`). */
interface ReadResult {
  documents: Array<{ document: ParsedDocument; url?: string }>;
  details: SourceDetails;
  /** A title the content gives, for a source whose title was not chosen by someone. */
  title?: string;
}

async function read(deps: IngestDeps, source: SourceRow, progress: Progress): Promise<ReadResult> {
  switch (source.type) {
    case 'text': {
      await progress.set('chunking', 20);
      const document = (await parsers()).parseText(source.text ?? '', 'markdown');
      return fromDocuments([{ document }]);
    }
    case 'qa': {
      await progress.set('chunking', 20);
      const qa = source.qa;
      if (!qa) throw new SourceContentError('empty', 'This question has no answer yet.');
      const document: ParsedDocument = {
        format: 'text',
        blocks: [{ kind: 'qa', question: qa.question, alternatives: qa.alternatives, answer: qa.answer }],
      };
      return fromDocuments([{ document }]);
    }
    case 'file': {
      await progress.set('parsing', 10);
      const [file] = await deps.db
        .select({ bytes: knowledgeFiles.bytes })
        .from(knowledgeFiles)
        .where(eq(knowledgeFiles.sourceId, source.id));
      if (!file) throw new SourceContentError('empty', 'The uploaded file is missing; upload it again.');
      const document = await (
        await parsers()
      ).parseFile(new Uint8Array(file.bytes), {
        filename: source.fileName ?? undefined,
        maxBytes: deps.limits.maxFileBytes,
      });
      await progress.set('chunking', 40);
      return fromDocuments([{ document }]);
    }
    case 'url': {
      await progress.set('fetching', 10);
      const document = await fetchDocument(deps, source.url ?? '');
      await progress.set('chunking', 40);
      return fromDocuments([{ document, url: source.url ?? undefined }]);
    }
    case 'sitemap': {
      await progress.set('fetching', 5);
      const fetchPage = (url: string) => fetchUrl(url, fetchOptions(deps));
      const found = await discoverPages(source.url ?? '', {
        maxPages: Math.min(source.maxPages ?? deps.limits.crawlMaxPages, deps.limits.crawlMaxPages),
        fetch: fetchPage,
      });
      const documents: Array<{ document: ParsedDocument; url: string }> = [];
      let firstError: string | undefined;
      for (const [index, url] of found.pages.entries()) {
        try {
          documents.push({ document: await fetchDocument(deps, url), url });
        } catch (error) {
          if (!(error instanceof SourceContentError)) throw error;
          firstError ??= `${url}: ${error.message}`;
        }
        await progress.set('fetching', 5 + (45 * (index + 1)) / Math.max(1, found.pages.length));
      }
      if (documents.length === 0) {
        throw new SourceContentError(
          'fetch_failed',
          found.pages.length === 0
            ? 'No pages were found at this address (no sitemap, and no links on the same site).'
            : `None of the ${found.pages.length} pages could be read. ${firstError ?? ''}`.trim(),
        );
      }
      await progress.set('chunking', 50);
      const result = fromDocuments(documents);
      result.details.crawled = documents.length;
      result.details.skipped = found.skipped.length + (found.pages.length - documents.length);
      result.title = undefined;
      return result;
    }
  }
}

function fetchOptions(deps: IngestDeps) {
  return { allowPrivate: deps.limits.allowPrivateUrls, maxBytes: deps.limits.maxFileBytes };
}

/** A web page as a document: HTML through readability, anything else (a PDF link) through the file parsers. */
async function fetchDocument(deps: IngestDeps, url: string): Promise<ParsedDocument> {
  const page = await fetchUrl(url, fetchOptions(deps));
  const type = page.contentType?.toLowerCase() ?? '';
  if (type.includes('html') || type.includes('xml+xhtml')) {
    return (await parsers()).parseHtml(new TextDecoder().decode(page.body), { url: page.url });
  }
  const filename = decodeURIComponent(new URL(page.url).pathname.split('/').pop() ?? '') || undefined;
  return (await parsers()).parseFile(page.body, { filename, maxBytes: deps.limits.maxFileBytes });
}

function fromDocuments(documents: Array<{ document: ParsedDocument; url?: string }>): ReadResult {
  const first = documents[0]?.document;
  return {
    documents,
    details: { format: first?.format, ...(first?.pages ? { pages: first.pages } : {}) },
    title: first?.title,
  };
}

interface StoredChunk {
  id: number;
  sourceHash: string;
  position: number;
  content: string;
  context: string;
  meta: unknown;
  embedded: boolean;
}

/** Chunks of the source's text read for the language it is in. */
const languageSample = 20;

/**
 * The source's chunks as the chunker makes them, each paired with a stored chunk of the same
 * hash (repeated paragraphs pair one to one) or new, with what the source's row records of them.
 * The chunks are made as they are asked for, so that one batch is stored while the next is made.
 */
class Tally {
  /** Every chunk's hash, in order: the source's content hash and its chunk count. */
  readonly hashes: string[] = [];
  readonly kept: Array<{ chunk: StoredChunk; position: number }> = [];
  readonly sample: string[] = [];
  added = 0;
  chars = 0;
  private readonly byHash = new Map<string, StoredChunk[]>();

  constructor(
    readonly existing: StoredChunk[],
    private readonly drafts: Iterator<ChunkDraft, void, undefined>,
  ) {
    for (const chunk of existing) {
      const same = this.byHash.get(chunk.sourceHash);
      if (same) same.push(chunk);
      else this.byHash.set(chunk.sourceHash, [chunk]);
    }
  }

  /** The next `count` new chunks at most, with their positions; fewer at the end of the source. */
  nextAdded(count: number): Array<{ draft: ChunkDraft; position: number }> {
    const added: Array<{ draft: ChunkDraft; position: number }> = [];
    while (added.length < count) {
      const next = this.drafts.next();
      if (next.done) break;
      const draft = next.value;
      const position = this.hashes.length;
      this.hashes.push(draft.contentHash);
      this.chars += draft.content.length;
      if (this.sample.length < languageSample) this.sample.push(draft.content);
      const match = this.byHash.get(draft.contentHash)?.shift();
      if (match) this.kept.push({ chunk: match, position });
      else added.push({ draft, position });
    }
    this.added += added.length;
    return added;
  }

  /** The rest of the chunks made and counted, stored nowhere: the size of a source over its limit. */
  drain(): void {
    while (this.nextAdded(insertBatch).length > 0);
  }

  /** Stored chunks no chunk of the source's text matched. */
  removed(): number[] {
    const kept = new Set(this.kept.map(({ chunk }) => chunk.id));
    return this.existing.filter((chunk) => !kept.has(chunk.id)).map((chunk) => chunk.id);
  }

  /** Kept chunks with no vector for the knowledge's embedder (it changed): embedded again. */
  reembedded(): StoredChunk[] {
    return this.kept.filter(({ chunk }) => !chunk.embedded).map(({ chunk }) => chunk);
  }
}

type NewChunk = { draft: ChunkDraft; position: number; embedding: number[] | undefined };

async function store(
  deps: IngestDeps,
  knowledge: KnowledgeRow,
  source: SourceRow,
  generation: number,
  reading: ReadResult,
  room: { allowed: number; reason: string } | undefined,
  progress: Progress,
): Promise<SourceState | undefined> {
  const { db } = deps;
  const existing: StoredChunk[] = await db
    .select({
      id: knowledgeChunks.id,
      sourceHash: knowledgeChunks.sourceHash,
      position: knowledgeChunks.position,
      content: knowledgeChunks.content,
      context: knowledgeChunks.context,
      meta: knowledgeChunks.meta,
      embedded: sql<boolean>`${knowledgeChunks.embedding} is not null and ${knowledgeChunks.embeddingDimensions} = ${knowledge.embeddingDimensions}`,
    })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.sourceId, source.id));
  const { chunkBlocks } = await chunker();
  const { detectLanguage } = await language();
  const tally = new Tally(
    existing,
    (function* drafts() {
      for (const { document, url } of reading.documents) yield* chunkBlocks(document, { url });
    })(),
  );

  // Embeddings: new chunks, and kept ones that have none for this knowledge's embedder (re-embed).
  // The embedder that runs in this process embeds each batch of new chunks inside the transaction
  // as the chunker makes it, while the server stores the batch before it. A remote one embeds
  // everything first, so that no transaction waits on the network.
  const embedder = deps.embedderFor(knowledge);
  const remote = runsInProcess(embedder) ? undefined : await embedAhead(deps, tally, embedder, room, progress);
  let taken = 0;
  const nextBatch = async (): Promise<NewChunk[]> => {
    if (remote) {
      const batch = remote.added.slice(taken, taken + insertBatch);
      taken += batch.length;
      return batch;
    }
    const batch = tally.nextAdded(insertBatch);
    if (room && tally.chars > room.allowed) {
      tally.drain();
      assertRoom(tally.chars, room);
    }
    const vectors = await embedder.embed(
      batch.map(({ draft }) => embeddingText(draft.context, draft.content, draft.meta)),
    );
    return batch.map((chunk, index) => ({ ...chunk, embedding: vectors[index] }));
  };
  const now = deps.now?.() ?? new Date();

  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ generation: number; ingested_generation: number }>(
      sql`select generation, ingested_generation from knowledge_sources where id = ${source.id} for update`,
    );
    const current = (locked as unknown as { rows: Array<{ generation: number; ingested_generation: number }> }).rows[0];
    // Deleted, or asked for again while this ran: the newer job writes instead. Already written by
    // another run of this generation (a job and a request that needed the chunks at once): done.
    if (!current || Number(current.generation) !== generation) return undefined;
    if (Number(current.ingested_generation) >= generation) return undefined;

    // Each batch is chunked and embedded while the one before it is being stored.
    let vectorType: number | undefined | null = null;
    let storing: Promise<void> | undefined;
    for (let batch = await nextBatch(); batch.length > 0; batch = await nextBatch()) {
      vectorType = vectorType === null ? await binaryVectorType(tx) : vectorType;
      await storing;
      storing = insertChunks(
        tx,
        {
          knowledgeId: knowledge.id,
          sourceId: source.id,
          teamId: source.teamId,
          language: knowledge.language,
          dimensions: embedder.dimensions,
          vectorType,
        },
        batch,
      );
      // Awaited at the next batch or below; until then a failure must not count as unhandled.
      storing.catch(() => undefined);
      await setImmediate(); // the statement goes out before the next batch is made
    }
    await storing;
    if (tally.hashes.length === 0) throw emptySource();

    const removed = tally.removed();
    for (let start = 0; start < removed.length; start += 1000) {
      await tx.delete(knowledgeChunks).where(inArray(knowledgeChunks.id, removed.slice(start, start + 1000)));
    }
    const moved = tally.kept.filter(({ chunk, position }) => chunk.position !== position);
    if (moved.length > 0) {
      await tx.execute(sql`
        update knowledge_chunks c set position = m.position
          from unnest(${`{${moved.map(({ chunk }) => chunk.id).join(',')}}`}::int[],
                      ${`{${moved.map(({ position }) => position).join(',')}}`}::int[]) as m(id, position)
         where c.id = m.id`);
    }
    const reembedded = tally.reembedded();
    const reembeddedVectors =
      remote?.reembedded ??
      (await embedder.embed(reembedded.map((chunk) => embeddingText(chunk.context, chunk.content, chunk.meta))));
    for (const [index, chunk] of reembedded.entries()) {
      await tx
        .update(knowledgeChunks)
        .set({ embedding: reembeddedVectors[index], embeddingDimensions: embedder.dimensions })
        .where(eq(knowledgeChunks.id, chunk.id));
    }
    // Checked again under the team's lock, held from here to the commit (moments): another ingest
    // of the team may have committed since the first check.
    if (deps.charsAllowed) assertRoom(tally.chars, await deps.charsAllowed(source, tx));
    const detected = detectLanguage(tally.sample.join('\n'));
    const [row] = await tx
      .update(knowledgeSources)
      .set({
        status: 'ready',
        progress: 100,
        error: null,
        ingestedGeneration: generation,
        contentHash: sha256Hex(tally.hashes.join('\n')),
        chars: tally.chars,
        chunkCount: tally.hashes.length,
        diff: { added: tally.added, removed: removed.length, unchanged: tally.kept.length },
        details: { ...source.details, ...reading.details, ...(detected ? { language: detected } : {}) },
        ...(reading.title && source.details?.autoTitle === true ? { title: reading.title.slice(0, 255) } : {}),
        lastIngestedAt: now,
        nextRefreshAt: nextRefresh(source, now),
        updatedAt: now,
      })
      .where(eq(knowledgeSources.id, source.id))
      .returning(sourceStateColumns);
    await tx
      .update(knowledges)
      .set({
        updatedAt: now,
        // A remote model's vector length is known once it answered: the knowledge records it.
        ...(tally.added + reembedded.length > 0 && embedder.dimensions !== knowledge.embeddingDimensions
          ? { embeddingDimensions: embedder.dimensions }
          : {}),
      })
      .where(eq(knowledges.id, knowledge.id));
    return row;
  });
}

/**
 * For a remote embedder: every chunk made and its new ones (and kept ones to embed again) embedded
 * before the transaction, in batches, the source's progress moving with them.
 */
async function embedAhead(
  deps: IngestDeps,
  tally: Tally,
  embedder: Embedder,
  room: { allowed: number; reason: string } | undefined,
  progress: Progress,
): Promise<{ added: NewChunk[]; reembedded: number[][] }> {
  const added = tally.nextAdded(Number.POSITIVE_INFINITY);
  if (room) assertRoom(tally.chars, room);
  const reembedded = tally.reembedded();
  const texts = [
    ...added.map(({ draft }) => embeddingText(draft.context, draft.content, draft.meta)),
    ...reembedded.map((chunk) => embeddingText(chunk.context, chunk.content, chunk.meta)),
  ];
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += embedBatch) {
    vectors.push(...(await embedCached(deps.db, embedder, texts.slice(start, start + embedBatch))));
    await progress.set('embedding', 60 + (35 * Math.min(texts.length, start + embedBatch)) / texts.length);
  }
  return {
    added: added.map((chunk, index) => ({ ...chunk, embedding: vectors[index] })),
    reembedded: vectors.slice(added.length),
  };
}

/**
 * New chunks in one statement: each column an array unnested on the server. Drizzle's multi-row
 * insert sent 13 parameters a chunk and spent more time building the statement than the server
 * took to store it (bench:retrieval --ingest-only). On a PostgreSQL server the arrays go in binary
 * (binary-arrays.ts: the server reads 384 float4 values a vector instead of parsing their text);
 * PGlite reads parameters as text, so there they are array literals.
 */
async function insertChunks(
  tx: Database,
  into: {
    knowledgeId: number;
    sourceId: number;
    teamId: number;
    language: string;
    dimensions: number;
    /** The `vector` type's OID on a PostgreSQL server (binary arrays); undefined on PGlite. */
    vectorType: number | undefined;
  },
  chunks: Array<{ draft: ChunkDraft; position: number; embedding: number[] | undefined }>,
): Promise<void> {
  if (chunks.length === 0) return;
  const binary = into.vectorType !== undefined;
  const integers = (values: number[]) =>
    binary ? int4Array(values) : `{${values.map((value) => String(Math.trunc(value))).join(',')}}`;
  const texts = (values: string[]) => (binary ? textArray(values) : `{${values.map(arrayText).join(',')}}`);
  const vectors = chunks.map((chunk) => chunk.embedding);
  await tx.execute(sql`
    insert into knowledge_chunks
      (knowledge_id, source_id, team_id, position, content, context, tokens, source_hash, meta, ts_config,
       embedding, embedding_dimensions)
    select ${into.knowledgeId}::int, ${into.sourceId}::int, ${into.teamId}::int, u.position, u.content, u.context,
           u.tokens, u.source_hash, u.meta::jsonb, ${into.language}::regconfig, u.embedding::vector,
           ${into.dimensions}::smallint
      from unnest(${integers(chunks.map((c) => c.position))}::int[], ${texts(chunks.map((c) => c.draft.content))}::text[],
                  ${texts(chunks.map((c) => c.draft.context))}::text[], ${integers(chunks.map((c) => c.draft.tokens))}::int[],
                  ${texts(chunks.map((c) => c.draft.contentHash))}::text[],
                  ${texts(chunks.map((c) => JSON.stringify(c.draft.meta)))}::text[],
                  ${
                    into.vectorType !== undefined
                      ? sql`${vectorArray(vectors, into.vectorType)}::vector[]`
                      : sql`${`{${vectors.map((vector) => (vector ? `"${pgvectorText(vector)}"` : 'NULL')).join(',')}}`}::text[]`
                  })
        as u(position, content, context, tokens, source_hash, meta, embedding)`);
}

/** The `vector` type's OID when `db` runs on a PostgreSQL server (binary parameters), else undefined. */
async function binaryVectorType(db: Database): Promise<number | undefined> {
  if (!is((db as unknown as { session: unknown }).session, NodePgSession)) return undefined;
  const [row] = rowsOf<{ oid: number }>(await db.execute(sql`select 'vector'::regtype::oid::int as oid`));
  return Number(row.oid);
}

/** A text as an element of an array literal: quoted, its backslashes and quotes escaped. */
function arrayText(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * The text a chunk's vector is made from: its heading path and content; for a Q&A pair, its
 * question and alternative phrasings, what customers ask, without the answer. A pair's answer is
 * often long and about several things, and its words outweighed the question's in the vector
 * ("do you have vegan options?" against "Ada menu vegan?" and its answer: cosine −0.01, against 0.38
 * for the phrasings; bench:retrieval's FAQ replies 48 → 56 % right). Full-text still searches the
 * answer.
 */
export function embeddingText(context: string, content: string, meta?: unknown): string {
  const question = (meta as { question?: unknown } | null | undefined)?.question;
  if (typeof question === 'string' && question.trim() !== '') return context ? `${question}\n${context}` : question;
  return context ? `${context}\n${content}` : content;
}

/** When a URL or sitemap source is read again on its own (daily or weekly); null for the others. */
export function nextRefresh(source: Pick<SourceRow, 'type' | 'refresh'>, now: Date): Date | null {
  if (source.type !== 'url' && source.type !== 'sitemap') return null;
  const days = source.refresh === 'daily' ? 1 : source.refresh === 'weekly' ? 7 : 0;
  return days ? new Date(now.getTime() + days * 24 * 60 * 60 * 1000) : null;
}

/**
 * Embeds texts; a remote embedder's vectors are cached by content hash (with provider, model and
 * dimensions), so a re-ingest or another knowledge never pays for the same text twice. The
 * embedded lexical embedder is cheaper than the cache lookup and is called directly.
 */
export async function embedCached(db: Database, embedder: Embedder, texts: string[]): Promise<number[][]> {
  if (texts.length === 0) return [];
  if (runsInProcess(embedder)) return embedder.embed(texts);
  const hashes = texts.map((text) => sha256Hex(text));
  const cached = new Map<string, number[]>();
  const known = knownDimensions(embedder);
  if (known !== undefined) {
    const rows = await db
      .select({ hash: embeddingCache.contentHash, embedding: embeddingCache.embedding })
      .from(embeddingCache)
      .where(
        and(
          eq(embeddingCache.provider, embedder.provider),
          eq(embeddingCache.model, embedder.model),
          eq(embeddingCache.dimensions, known),
          inArray(embeddingCache.contentHash, [...new Set(hashes)]),
        ),
      );
    for (const row of rows) cached.set(row.hash, row.embedding);
  }
  const missing = [...new Set(hashes.filter((hash) => !cached.has(hash)))];
  if (missing.length > 0) {
    const textOf = new Map(hashes.map((hash, index) => [hash, texts[index]] as const));
    const fresh = await embedder.embed(missing.map((hash) => textOf.get(hash)!));
    await db
      .insert(embeddingCache)
      .values(
        missing.map((hash, index) => ({
          provider: embedder.provider,
          model: embedder.model,
          dimensions: embedder.dimensions,
          contentHash: hash,
          embedding: fresh[index],
        })),
      )
      .onConflictDoNothing();
    missing.forEach((hash, index) => cached.set(hash, fresh[index]));
  }
  return hashes.map((hash) => cached.get(hash)!);
}
