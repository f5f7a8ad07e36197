import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { escapeLike } from '../like';
import {
  knowledgeChunks,
  knowledgeFiles,
  knowledges,
  knowledgeSources,
  type KnowledgeLanguage,
  type QaContent,
  type RefreshSchedule,
  type SourceDetails,
  type SourceStatus,
  type SourceType,
} from '../schema/index';

export type KnowledgeRow = typeof knowledges.$inferSelect;
export type SourceRow = typeof knowledgeSources.$inferSelect;
/**
 * A source without its text (up to 200,000 characters): what a status or progress change returns
 * and announces. The ingest reads the text once; returned with each status update as well, a large
 * source's text came from the server three more times per ingest (bench:retrieval --ingest-only).
 */
export type SourceState = Omit<SourceRow, 'text'>;
const { text: _text, ...stateColumns } = getTableColumns(knowledgeSources);
export const sourceStateColumns = stateColumns;
export type ChunkRow = Omit<typeof knowledgeChunks.$inferSelect, 'tsv' | 'embedding' | 'tsConfig'>;

/** A knowledge base with what its sources add up to (Knowledges/Index). */
export interface KnowledgeSummary extends KnowledgeRow {
  sourceCount: number;
  chunkCount: number;
  chars: number;
  /** Sources still being ingested, and their average progress. */
  processing: number;
  progress: number;
  failed: number;
  lastIngestedAt: Date | null;
}

export interface NewKnowledge {
  name: string;
  description: string;
  language: KnowledgeLanguage;
  embeddingProvider: string;
  embeddingModel: string;
  embeddingDimensions: number;
  createdBy: number;
}

export interface NewSource {
  type: SourceType;
  title: string;
  text?: string | null;
  qa?: QaContent | null;
  url?: string | null;
  maxPages?: number | null;
  fileName?: string | null;
  fileSize?: number | null;
  refresh?: RefreshSchedule;
  nextRefreshAt?: Date | null;
  details?: SourceDetails;
}

/** Statuses of a source whose ingest has not ended. */
export const workingStatuses: SourceStatus[] = ['queued', 'fetching', 'parsing', 'chunking', 'embedding'];

const chunkColumns = {
  id: knowledgeChunks.id,
  knowledgeId: knowledgeChunks.knowledgeId,
  sourceId: knowledgeChunks.sourceId,
  teamId: knowledgeChunks.teamId,
  position: knowledgeChunks.position,
  content: knowledgeChunks.content,
  context: knowledgeChunks.context,
  tokens: knowledgeChunks.tokens,
  sourceHash: knowledgeChunks.sourceHash,
  editedAt: knowledgeChunks.editedAt,
  meta: knowledgeChunks.meta,
  enabled: knowledgeChunks.enabled,
  hitCount: knowledgeChunks.hitCount,
  lastHitAt: knowledgeChunks.lastHitAt,
  embeddingDimensions: knowledgeChunks.embeddingDimensions,
  createdAt: knowledgeChunks.createdAt,
  updatedAt: knowledgeChunks.updatedAt,
};

/** The states the list of a knowledge base's sources filters by. */
export const sourceListStates = ['working', 'error', 'off'] as const;
export type SourceListState = (typeof sourceListStates)[number];

const working = sql.raw(`(${workingStatuses.map((status) => `'${status}'`).join(', ')})`);

/**
 * Knowledge bases, sources and chunks of one team: `teamId` is in every `where`, so another
 * team's row is simply not found (a 404 to the caller).
 */
export function knowledgeRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(knowledges.teamId, teamId), eq(knowledges.id, id));
  const sourceOf = (knowledgeId: number, id: number) =>
    and(
      eq(knowledgeSources.teamId, teamId),
      eq(knowledgeSources.knowledgeId, knowledgeId),
      eq(knowledgeSources.id, id),
    );

  return {
    /** One page of the team's knowledge bases, newest activity first, optionally filtered by name. */
    async page(options: { search?: string; page: number; perPage: number; id?: number }) {
      const where = and(
        eq(knowledges.teamId, teamId),
        options.id === undefined ? undefined : eq(knowledges.id, options.id),
        options.search
          ? or(
              ilike(knowledges.name, `%${escapeLike(options.search)}%`),
              ilike(knowledges.description, `%${escapeLike(options.search)}%`),
            )
          : undefined,
      );
      const [{ total }] = await db.select({ total: count() }).from(knowledges).where(where);
      const rows = await db
        .select({
          knowledge: knowledges,
          sourceCount: sql<number>`count(${knowledgeSources.id})::int`,
          chunkCount: sql<number>`coalesce(sum(${knowledgeSources.chunkCount}), 0)::int`,
          chars: sql<number>`coalesce(sum(${knowledgeSources.chars}), 0)::bigint`,
          processing: sql<number>`count(*) filter (where ${knowledgeSources.status} in ${working})::int`,
          progress: sql<number>`coalesce(avg(${knowledgeSources.progress}) filter (where ${knowledgeSources.status} in ${working}), 0)::int`,
          failed: sql<number>`count(*) filter (where ${knowledgeSources.status} = 'error')::int`,
          lastIngestedAt: sql<Date | null>`max(${knowledgeSources.lastIngestedAt})`,
        })
        .from(knowledges)
        .leftJoin(knowledgeSources, eq(knowledgeSources.knowledgeId, knowledges.id))
        .where(where)
        .groupBy(knowledges.id)
        .orderBy(desc(knowledges.updatedAt), desc(knowledges.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      const items: KnowledgeSummary[] = rows.map(({ knowledge, ...stats }) => ({
        ...knowledge,
        ...stats,
        chars: Number(stats.chars),
        lastIngestedAt: stats.lastIngestedAt ? new Date(stats.lastIngestedAt) : null,
      }));
      return { items, total };
    },

    /** Every knowledge base of the team by name (pickers). */
    async all(): Promise<Pick<KnowledgeRow, 'id' | 'name'>[]> {
      return db
        .select({ id: knowledges.id, name: knowledges.name })
        .from(knowledges)
        .where(eq(knowledges.teamId, teamId))
        .orderBy(asc(knowledges.name));
    },

    async find(id: number): Promise<KnowledgeRow | undefined> {
      const [row] = await db.select().from(knowledges).where(mine(id));
      return row;
    },

    async findMany(ids: number[]): Promise<KnowledgeRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(knowledges)
        .where(and(eq(knowledges.teamId, teamId), inArray(knowledges.id, ids)));
    },

    async create(values: NewKnowledge): Promise<KnowledgeRow> {
      const [row] = await db
        .insert(knowledges)
        .values({ ...values, teamId })
        .returning();
      return row;
    },

    async update(id: number, values: Partial<Omit<NewKnowledge, 'createdBy'>>): Promise<KnowledgeRow | undefined> {
      const [row] = await db
        .update(knowledges)
        .set({ ...values, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    async touch(id: number): Promise<void> {
      await db.update(knowledges).set({ updatedAt: new Date() }).where(mine(id));
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(knowledges).where(mine(id)).returning({ id: knowledges.id });
      return rows.length > 0;
    },

    /** The full-text configuration of every chunk follows the knowledge's language. */
    async relanguage(id: number, language: KnowledgeLanguage): Promise<void> {
      await db
        .update(knowledgeChunks)
        .set({ tsConfig: language })
        .where(and(eq(knowledgeChunks.teamId, teamId), eq(knowledgeChunks.knowledgeId, id)));
    },

    /**
     * A page of the knowledge base's sources, newest first: those whose title, address or file name
     * holds `search`, in one state (`working`: being read; `error`; `off`: left out of answers). A
     * page past the last is the last.
     */
    async sourcePage(
      knowledgeId: number,
      options: { search?: string; state?: SourceListState; page: number; perPage: number },
    ): Promise<{ items: SourceRow[]; total: number; page: number }> {
      const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined;
      const where = and(
        eq(knowledgeSources.teamId, teamId),
        eq(knowledgeSources.knowledgeId, knowledgeId),
        pattern
          ? or(
              ilike(knowledgeSources.title, pattern),
              ilike(knowledgeSources.url, pattern),
              ilike(knowledgeSources.fileName, pattern),
            )
          : undefined,
        options.state === 'working'
          ? sql`${knowledgeSources.status} in ${working}`
          : options.state === 'error'
            ? eq(knowledgeSources.status, 'error')
            : options.state === 'off'
              ? eq(knowledgeSources.enabled, false)
              : undefined,
      );
      const [{ total }] = await db.select({ total: count() }).from(knowledgeSources).where(where);
      // Past the last page (its last source deleted): the last page.
      const page = Math.min(options.page, Math.max(1, Math.ceil(total / options.perPage)));
      const items = await db
        .select()
        .from(knowledgeSources)
        .where(where)
        .orderBy(desc(knowledgeSources.createdAt), desc(knowledgeSources.id))
        .limit(options.perPage)
        .offset((page - 1) * options.perPage);
      return { items, total, page };
    },

    /** How many of the knowledge base's sources are in each state the list filters by. */
    async sourceCounts(knowledgeId: number): Promise<Record<'all' | SourceListState, number>> {
      const [row] = await db
        .select({
          all: count(),
          working: sql<number>`count(*) filter (where ${knowledgeSources.status} in ${working})::int`,
          error: sql<number>`count(*) filter (where ${knowledgeSources.status} = 'error')::int`,
          off: sql<number>`count(*) filter (where not ${knowledgeSources.enabled})::int`,
        })
        .from(knowledgeSources)
        .where(and(eq(knowledgeSources.teamId, teamId), eq(knowledgeSources.knowledgeId, knowledgeId)));
      return { all: Number(row.all), working: Number(row.working), error: Number(row.error), off: Number(row.off) };
    },

    async source(knowledgeId: number, id: number): Promise<SourceRow | undefined> {
      const [row] = await db.select().from(knowledgeSources).where(sourceOf(knowledgeId, id));
      return row;
    },

    async createSource(knowledgeId: number, values: NewSource): Promise<SourceRow> {
      const [row] = await db
        .insert(knowledgeSources)
        .values({ ...values, knowledgeId, teamId, status: 'queued', progress: 0 })
        .returning();
      return row;
    },

    async storeFile(sourceId: number, file: { bytes: Buffer; sha256: string }): Promise<void> {
      await db
        .insert(knowledgeFiles)
        .values({ sourceId, teamId, bytes: file.bytes, sha256: file.sha256, size: file.bytes.length })
        .onConflictDoUpdate({
          target: knowledgeFiles.sourceId,
          set: { bytes: file.bytes, sha256: file.sha256, size: file.bytes.length, createdAt: new Date() },
        });
    },

    /**
     * Changes a source; with `reingest`, asks for a new ingest (a new generation, queued): a job of
     * an older generation then finds itself superseded and does nothing.
     */
    async updateSource(
      knowledgeId: number,
      id: number,
      values: Partial<NewSource> & { enabled?: boolean },
      options: { reingest: boolean },
    ): Promise<SourceRow | undefined> {
      const [row] = await db
        .update(knowledgeSources)
        .set({
          ...values,
          ...(options.reingest
            ? {
                generation: sql`${knowledgeSources.generation} + 1`,
                status: 'queued' as const,
                progress: 0,
                error: null,
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(sourceOf(knowledgeId, id))
        .returning();
      return row;
    },

    /** Every source of a knowledge asks for a new ingest (the embedder changed). */
    async reingestAll(knowledgeId: number): Promise<SourceRow[]> {
      return db
        .update(knowledgeSources)
        .set({
          generation: sql`${knowledgeSources.generation} + 1`,
          status: 'queued',
          progress: 0,
          error: null,
          updatedAt: new Date(),
        })
        .where(and(eq(knowledgeSources.teamId, teamId), eq(knowledgeSources.knowledgeId, knowledgeId)))
        .returning();
    },

    async deleteSource(knowledgeId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(knowledgeSources)
        .where(sourceOf(knowledgeId, id))
        .returning({ id: knowledgeSources.id });
      return rows.length > 0;
    },

    /** A page of a source's chunks in reading order. */
    async chunks(sourceId: number, options: { limit: number; offset?: number }): Promise<ChunkRow[]> {
      return db
        .select(chunkColumns)
        .from(knowledgeChunks)
        .where(and(eq(knowledgeChunks.teamId, teamId), eq(knowledgeChunks.sourceId, sourceId)))
        .orderBy(asc(knowledgeChunks.position))
        .limit(options.limit)
        .offset(options.offset ?? 0);
    },

    async chunk(knowledgeId: number, id: number): Promise<ChunkRow | undefined> {
      const [row] = await db
        .select(chunkColumns)
        .from(knowledgeChunks)
        .where(
          and(
            eq(knowledgeChunks.teamId, teamId),
            eq(knowledgeChunks.knowledgeId, knowledgeId),
            eq(knowledgeChunks.id, id),
          ),
        );
      return row;
    },

    async updateChunk(
      knowledgeId: number,
      id: number,
      values: { content?: string; enabled?: boolean; embedding?: number[] | null; tokens?: number },
    ): Promise<ChunkRow | undefined> {
      const [row] = await db
        .update(knowledgeChunks)
        .set({
          ...(values.content === undefined ? {} : { content: values.content, editedAt: new Date() }),
          ...(values.tokens === undefined ? {} : { tokens: values.tokens }),
          ...(values.enabled === undefined ? {} : { enabled: values.enabled }),
          ...(values.embedding === undefined ? {} : { embedding: values.embedding }),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(knowledgeChunks.teamId, teamId),
            eq(knowledgeChunks.knowledgeId, knowledgeId),
            eq(knowledgeChunks.id, id),
          ),
        )
        .returning(chunkColumns);
      return row;
    },

    /** Characters of text and bytes of files the team keeps in its knowledge (plan limits count them). */
    async storage(): Promise<{ chars: number; fileBytes: number; sources: number }> {
      const [text] = await db
        .select({
          chars: sql<number>`coalesce(sum(${knowledgeSources.chars}), 0)::bigint`,
          sources: sql<number>`count(*)::int`,
        })
        .from(knowledgeSources)
        .where(eq(knowledgeSources.teamId, teamId));
      const [files] = await db
        .select({ bytes: sql<number>`coalesce(sum(${knowledgeFiles.size}), 0)::bigint` })
        .from(knowledgeFiles)
        .where(eq(knowledgeFiles.teamId, teamId));
      return { chars: Number(text.chars), fileBytes: Number(files.bytes), sources: text.sources };
    },
  };
}
