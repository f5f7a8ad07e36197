import { eq, sql } from 'drizzle-orm';
import type { Services } from '../services';
import type { SourceRow, SourceState } from '../db/repositories/knowledge-repository';
import { knowledgeSources } from '../db/schema/index';
import { ingestSource, markFailed, markRetrying, type IngestJob, type IngestOutcome } from '../knowledge/ingest';
import { sourceUpdated } from '../domain/knowledges/events';
import { enqueueIngest, ingestJob } from '../domain/knowledges/actions/enqueue-ingest';
import type { JobQueue } from './queue';
import { EmbeddingError } from '../knowledge/embedders/openai-compatible';
import { knowledgeCharsOf, lockTeamLimits, teamPlan } from '../billing/limits';
import { vectorIndexJob } from '../knowledge/vector-index';
import { termStatsJob } from '../knowledge/term-stats';

type JobServices = Pick<Services, 'db' | 'config' | 'embedders' | 'broadcaster' | 'logger' | 'jobs'>;

/**
 * What a failure shows on the source: the message of an error written for people (the embedding
 * server's answer, a missing embedder), a generic line for anything else (a database or
 * programming error, whose text is for the logs).
 */
function reason(error: unknown): string {
  if (error instanceof EmbeddingError || error instanceof EmbedderUnavailableError) return error.message.slice(0, 500);
  return 'An unexpected error occurred; it has been logged.';
}

/** The knowledge's embedder is not configured in this process. */
class EmbedderUnavailableError extends Error {}

/**
 * One source's ingest with this process's embedders: what the job runs, and what a use case that
 * needs the chunks at once (a curated answer made from a knowledge gap) runs in its request. A job
 * that runs after it finds the generation already ingested and does nothing.
 */
export function runIngest(
  services: Omit<JobServices, 'jobs'> & Partial<Pick<JobServices, 'jobs'>>,
  job: IngestJob,
): Promise<IngestOutcome> {
  const jobs = services.jobs;
  return ingestSource(
    {
      db: services.db,
      // A build takes seconds for a large knowledge, its word statistics a pass over its chunks:
      // jobs of their own, so the ingest does not wait.
      ...(jobs
        ? {
            indexVectors: (knowledgeId: number) => jobs.send(vectorIndexJob, { knowledgeId }),
            countTerms: (knowledgeId: number) => jobs.send(termStatsJob, { knowledgeId }),
          }
        : {}),
      embedderFor: (knowledge) => {
        const embedder = services.embedders.for({
          provider: knowledge.embeddingProvider,
          model: knowledge.embeddingModel,
        });
        if (!embedder) {
          throw new EmbedderUnavailableError(
            `The embedding model ${knowledge.embeddingModel} is not configured on this server; set AI_BASE_URL and AI_EMBEDDING_MODEL, or re-embed the knowledge base.`,
          );
        }
        return embedder;
      },
      limits: services.config.knowledge,
      announce: (source) => sourceUpdated(services, source),
      warn: (error, message) => services.logger.warn({ err: error, sourceId: job.sourceId }, message),
      charsAllowed: async (source, within) => {
        if (within) await lockTeamLimits(within, source.teamId);
        const db = within ?? services.db;
        const plan = await teamPlan(db, services.config, source.teamId);
        const others = await knowledgeCharsOf(db, source.teamId, source.id);
        const allowed = Math.max(0, plan.limits.knowledgeChars - others);
        return {
          allowed,
          reason: `The ${plan.name} plan holds ${plan.limits.knowledgeChars.toLocaleString('en-US')} characters of knowledge and ${allowed.toLocaleString('en-US')} are left. Upgrade the plan on the Billing page, or remove other sources.`,
        };
      },
    },
    job,
  );
}

/**
 * Ingests one process runs at once. Two: a small source added behind a large one does not wait
 * for all of it, and on a PostgreSQL server one ingest's parsing, chunking and embedding (this
 * process's CPU) overlap another's storing (the server's): bench:retrieval measures both ways.
 * More would only hold more documents in memory on the cores Kawan has.
 */
export const ingestConcurrency = 2;

/** The knowledge ingest job: one source's current generation, retried with backoff on transient failures. */
export function defineKnowledgeJobs(queue: JobQueue, services: JobServices): void {
  const announce = (source: SourceState) => sourceUpdated(services, source);
  queue.define<IngestJob>({
    name: ingestJob,
    retryLimit: 3,
    concurrency: ingestConcurrency,
    expireInSeconds: 30 * 60,
    run: async (job) => {
      await runIngest(services, job);
    },
    failed: async (job, error, context) => {
      const message = reason(error);
      const row = context.lastAttempt
        ? await markFailed(services.db, job, message)
        : await markRetrying(
            services.db,
            job,
            `Attempt ${context.attempt} of ${context.attempts} failed (${message}); trying again shortly.`,
          );
      if (row) await announce(row);
    },
  });
}

/**
 * URL and sitemap sources whose scheduled refresh is due get a new ingest. Each due source is
 * claimed by one process (`for update skip locked`), so several workers never queue it twice.
 */
export async function queueDueRefreshes(services: JobServices, now = new Date()): Promise<number> {
  const rows = await services.db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: number }>(sql`
      select id from knowledge_sources
       where next_refresh_at <= ${now.toISOString()}::timestamptz and enabled
         and status in ('ready', 'error')
       order by next_refresh_at
       limit 50
       for update skip locked`);
    const ids = (claimed as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
    const updated: SourceRow[] = [];
    for (const id of ids) {
      const [row] = await tx
        .update(knowledgeSources)
        .set({
          generation: sql`${knowledgeSources.generation} + 1`,
          status: 'queued',
          progress: 0,
          nextRefreshAt: null,
          updatedAt: now,
        })
        .where(eq(knowledgeSources.id, id))
        .returning();
      if (row) updated.push(row);
    }
    return updated;
  });
  for (const source of rows) await enqueueIngest(services, source);
  return rows.length;
}

/**
 * Sources waiting for an ingest that no job will run: the process stopped between saving the
 * source and queueing its job. Run when workers start; a duplicate job would do nothing anyway.
 */
export async function requeueStranded(services: JobServices): Promise<number> {
  const result = await services.db.execute<{ id: number }>(sql`
    select s.id from knowledge_sources s
     where s.status in ('queued', 'fetching', 'parsing', 'chunking', 'embedding')
       and not exists (
         select 1 from pgboss.job j
          where j.name = ${ingestJob} and j.state < 'completed'
            and (j.data->>'sourceId')::int = s.id and (j.data->>'generation')::int = s.generation)`);
  const ids = (result as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
  for (const id of ids) {
    const [source] = await services.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, id));
    if (source) await enqueueIngest(services, source);
  }
  return ids.length;
}
