import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { teams } from './teams';
import { users } from './users';

/**
 * Knowledge bases, their sources, the chunks retrieval searches, the files uploaded as sources and
 * the embeddings cache. Migration 0003 adds what Drizzle cannot declare: the `vector` extension,
 * the generated `tsv` column and the per-dimension HNSW index (docs/decisions/013-knowledge-retrieval.md).
 */

/** A PostgreSQL text-search configuration name (`indonesian`, `english`, `simple`). */
const regconfig = customType<{ data: string; driverData: string }>({ dataType: () => 'regconfig' });

/** The generated full-text column; written by PostgreSQL only. */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

/**
 * A vector in pgvector's text form, each value to 1e-8 as an integer with an exponent
 * (`[4425877e-8,0e-8,…]`): pgvector keeps float4, whose precision that matches for the values of a
 * unit vector. An ingest writes hundreds of thousands of values, so the digits are written as bytes
 * into one buffer and read back as one string: building the text with string concatenation took
 * about as long as the lexical embedder took to compute the vectors (0.8 s for 4,538 vectors of 384
 * values, bench/retrieval's ingest text), formatting each double's shortest decimal longer still.
 */
export function pgvectorText(values: readonly number[]): string {
  // '[', then per value a sign, up to 16 digits, 'e-8' and a comma; ']'.
  const room = 2 + values.length * 21;
  if (scratch.length < room) scratch = Buffer.allocUnsafe(Math.max(room, scratch.length * 2));
  const out = scratch;
  let at = 0;
  out[at++] = 0x5b; // [
  for (let index = 0; index < values.length; index++) {
    if (index > 0) out[at++] = 0x2c; // ,
    const scaled = Math.round(values[index] * 1e8);
    if (Number.isSafeInteger(scaled)) at = writeInteger(out, at, scaled);
    else at += out.write(String(scaled), at, 'latin1'); // NaN, ±Infinity, beyond 2^53: pgvector rejects them
    out[at++] = 0x65; // e
    out[at++] = 0x2d; // -
    out[at++] = 0x38; // 8
  }
  out[at++] = 0x5d; // ]
  return out.toString('latin1', 0, at);
}

let scratch = Buffer.allocUnsafe(16 * 1024);

/** Writes a safe integer's decimal digits at `at` (as String() does, -0 as 0); returns the end. */
function writeInteger(out: Buffer, at: number, value: number): number {
  let rest = value;
  if (rest < 0) {
    out[at++] = 0x2d; // -
    rest = -rest;
  }
  let digits = 1;
  for (let bound = 10; bound <= rest && digits < 16; bound *= 10) digits++;
  const end = at + digits;
  let position = end - 1;
  for (; rest > 0x7fffffff; position--) {
    const digit = rest % 10;
    out[position] = 0x30 + digit;
    rest = (rest - digit) / 10;
  }
  // The usual case (|value| < 21.47 before scaling): 32-bit integer arithmetic.
  for (let small = rest | 0; position >= at; position--) {
    const tenth = (small / 10) | 0;
    out[position] = 0x30 + small - tenth * 10;
    small = tenth;
  }
  return end;
}

/**
 * A pgvector `vector` without a fixed dimension (knowledge bases may use different embedders):
 * written in pgvector's text form (`pgvectorText`), read from it.
 */
export const vector = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'vector',
  toDriver: (value) => pgvectorText(value),
  fromDriver: (value) => (typeof value === 'string' ? (JSON.parse(value) as number[]) : (value as number[])),
});

export type KnowledgeLanguage = 'indonesian' | 'english' | 'simple';
export type SourceType = 'text' | 'qa' | 'file' | 'url' | 'sitemap';
export type SourceStatus = 'queued' | 'fetching' | 'parsing' | 'chunking' | 'embedding' | 'ready' | 'error';
export type RefreshSchedule = 'never' | 'daily' | 'weekly';

export interface QaContent {
  question: string;
  alternatives: string[];
  answer: string;
}

/** What the last ingest changed: chunks added, removed and kept (by content hash). */
export interface IngestDiff {
  added: number;
  removed: number;
  unchanged: number;
}

/** What the last ingest learned about the content (pages of a PDF, pages crawled, the format read). */
export interface SourceDetails {
  format?: string;
  pages?: number;
  crawled?: number;
  skipped?: number;
  language?: string;
  attempts?: number;
  /** The title was not chosen by a person: the content's own title replaces it after an ingest. */
  autoTitle?: boolean;
}

export const knowledges = pgTable(
  'knowledges',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    language: varchar('language', { length: 16 }).$type<KnowledgeLanguage>().notNull(),
    embeddingProvider: varchar('embedding_provider', { length: 64 }).notNull(),
    embeddingModel: varchar('embedding_model', { length: 255 }).notNull(),
    embeddingDimensions: integer('embedding_dimensions').notNull(),
    /** Chunks counted when `knowledge_terms` was last computed (null: never; a small knowledge needs none). */
    termStatsChunks: integer('term_stats_chunks'),
    /**
     * The vector length of the HNSW index of its own (server/knowledge/vector-index.ts), null while it
     * has none: a small knowledge's vectors are searched exactly.
     */
    vectorIndexDimensions: integer('vector_index_dimensions'),
    /**
     * The highest chunk id that index covers (its predicate says `id <= bound`): chunks stored since
     * cost no graph insert and are searched exactly until a rebuild takes them in. Null with an
     * index: one from before bounds, which covers every chunk.
     */
    vectorIndexBound: integer('vector_index_bound'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('knowledges_team_id_name_index').on(table.teamId, table.name)],
);

export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: serial('id').primaryKey(),
    knowledgeId: integer('knowledge_id')
      .notNull()
      .references(() => knowledges.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).$type<SourceType>().notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    /** Markdown of a text source. */
    text: text('text'),
    qa: jsonb('qa').$type<QaContent>(),
    url: text('url'),
    /** Pages a sitemap source may read. */
    maxPages: integer('max_pages'),
    fileName: varchar('file_name', { length: 255 }),
    fileSize: integer('file_size'),
    refresh: varchar('refresh', { length: 16 }).$type<RefreshSchedule>().notNull().default('never'),
    nextRefreshAt: timestamp('next_refresh_at', { withTimezone: true }),
    status: varchar('status', { length: 16 }).$type<SourceStatus>().notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    error: text('error'),
    /** Bumped by every change that asks for a new ingest; a job for an older generation does nothing. */
    generation: integer('generation').notNull().default(1),
    /** The generation whose chunks are stored (0: none yet). */
    ingestedGeneration: integer('ingested_generation').notNull().default(0),
    contentHash: varchar('content_hash', { length: 64 }),
    chars: integer('chars').notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    hitCount: integer('hit_count').notNull().default(0),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    diff: jsonb('diff').$type<IngestDiff>(),
    details: jsonb('details').$type<SourceDetails>().notNull().default({}),
    lastIngestedAt: timestamp('last_ingested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('knowledge_sources_knowledge_id_index').on(table.knowledgeId),
    index('knowledge_sources_team_id_index').on(table.teamId),
    index('knowledge_sources_next_refresh_at_index')
      .on(table.nextRefreshAt)
      .where(sql`${table.nextRefreshAt} is not null`),
  ],
);

/** The bytes of an uploaded file, in the database so that any worker process can read them. */
export const knowledgeFiles = pgTable('knowledge_files', {
  sourceId: integer('source_id')
    .primaryKey()
    .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  bytes: customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })('bytes').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: serial('id').primaryKey(),
    knowledgeId: integer('knowledge_id')
      .notNull()
      .references(() => knowledges.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    context: text('context').notNull().default(''),
    tokens: integer('tokens').notNull(),
    /** The hash of what the parser produced: a refresh keeps a chunk whose source text did not change. */
    sourceHash: varchar('source_hash', { length: 64 }).notNull(),
    /** Set when someone edited the chunk; a refresh that keeps the chunk keeps the edit. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    meta: jsonb('meta').$type<Record<string, string | number>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    hitCount: integer('hit_count').notNull().default(0),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }),
    tsConfig: regconfig('ts_config').notNull(),
    tsv: tsvector('tsv'),
    embedding: vector('embedding'),
    embeddingDimensions: smallint('embedding_dimensions'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('knowledge_chunks_source_id_position_index').on(table.sourceId, table.position),
    index('knowledge_chunks_knowledge_id_index').on(table.knowledgeId),
  ],
);

/**
 * How many chunks of a large knowledge hold each word (its full-text lexeme), so that retrieval can
 * tell a question's rare words from its common ones (server/knowledge/term-stats.ts). Words in
 * fewer than a thousandth of the chunks are left out: retrieval takes them as rare.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    knowledgeId: integer('knowledge_id')
      .notNull()
      .references(() => knowledges.id, { onDelete: 'cascade' }),
    lexeme: text('lexeme').notNull(),
    chunks: integer('chunks').notNull(),
  },
  (table) => [primaryKey({ columns: [table.knowledgeId, table.lexeme] })],
);

/** Remote embeddings by content, so that a re-ingest or another knowledge never pays twice. */
export const embeddingCache = pgTable(
  'embedding_cache',
  {
    provider: varchar('provider', { length: 64 }).notNull(),
    model: varchar('model', { length: 255 }).notNull(),
    dimensions: integer('dimensions').notNull(),
    contentHash: varchar('content_hash', { length: 64 }).notNull(),
    embedding: vector('embedding').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.model, table.dimensions, table.contentHash] })],
);
