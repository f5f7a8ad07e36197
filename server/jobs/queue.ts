import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import type { Logger } from '../support/logger';
import { afterCommit, afterRollback } from '../db/after-commit';
import { KindWorker, type WorkerJob } from './kind-worker';

/**
 * Kawan's durable jobs: pg-boss 10 over the application's own database handle (PGlite or a
 * PostgreSQL server alike; docs/decisions/012-durable-jobs.md). A job is sent after the
 * transaction that asked for it commits, runs in a worker (`npm start`, or `npm run worker` alone),
 * is retried with exponential backoff when it throws, and ends `failed` with its reason when the
 * retries are spent. Handlers must be idempotent: a job whose process died mid-run runs again.
 */

export interface JobContext {
  /** pg-boss's job id. */
  id: string;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
  /** Runs allowed in all (retries + 1). */
  attempts: number;
  /** True when a failure now is final (no retry follows). */
  lastAttempt: boolean;
  /**
   * The statement that marks this job completed, for a run to make part of a statement of its own
   * transaction (a CTE): the job then completes with the run's work, in its commit, and no
   * statement of its own follows the run. Call `completed()` once that statement has run.
   */
  completion: SQL;
  completed(): void;
}

export interface JobDefinition<Data extends object> {
  name: string;
  run(data: Data, context: JobContext): Promise<void>;
  /** Retries after the first failure (default 3). */
  retryLimit?: number;
  /** How long one run may take before the job counts as abandoned and is retried (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * Jobs of this kind one process runs at the same time (default 1). More for jobs that mostly wait
   * on the network (a model's answer, a provider's API); 1 where order matters.
   */
  concurrency?: number;
  /** Told of every failed run, before pg-boss retries or fails the job (update what users see). */
  failed?(data: Data, error: unknown, context: JobContext): Promise<void>;
}

export interface QueueOptions {
  logger: Logger;
  /** The first retry's delay; each later one doubles (pg-boss's retryBackoff). */
  retryDelaySeconds: number;
  /** How often an idle worker looks for work (a send in this process wakes it at once). */
  pollingIntervalSeconds?: number;
  /** This process will run workers: it also runs pg-boss's maintenance (expiring abandoned jobs). */
  supervise?: boolean;
}

/** pg-boss's Db adapter over Kawan's handle: the one PGlite connection or the server pool. */
function bossDb(database: DatabaseHandle): PgBoss.Db {
  return { executeSql: (text, values) => database.execute(text, values) };
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly workers = new Map<string, KindWorker>();
  /** Calls of `urgent` in flight. */
  private urgentWork = 0;
  private started?: Promise<void>;
  private working = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: QueueOptions,
  ) {
    this.boss = new PgBoss({
      db: bossDb(database),
      // Maintenance (expiring abandoned jobs, archiving) only where workers run.
      supervise: options.supervise ?? false,
      schedule: false,
    });
    this.boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  }

  /** Whether this process's workers are running (false when jobs are only drained, as tests do). */
  get workersRunning(): boolean {
    return this.working;
  }

  define<Data extends object>(definition: JobDefinition<Data>): this {
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    return this;
  }

  /** Installs or upgrades pg-boss's schema (part of `migrate`), then stops. */
  static async install(database: DatabaseHandle): Promise<void> {
    const boss = new PgBoss({ db: bossDb(database), supervise: false, schedule: false });
    await boss.start();
    await boss.stop({ graceful: false, close: false, wait: true });
  }

  /** Connects and creates the queues; jobs can be sent (and drained) from here on. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      for (const definition of this.definitions.values()) {
        await this.boss.createQueue(definition.name, {
          name: definition.name,
          policy: 'standard',
          retryLimit: definition.retryLimit ?? defaultRetryLimit,
          retryDelay: this.options.retryDelaySeconds,
          retryBackoff: this.options.retryDelaySeconds > 0,
          expireInSeconds: definition.expireInSeconds ?? defaultExpireInSeconds,
        });
      }
    })();
    return this.started;
  }

  /**
   * Runs the workers in this process. `recoverAbandoned` (the embedded database, which only one
   * process can open) retries at once the jobs a killed process left active; on a server, other
   * processes may be running them, and pg-boss retries them when they expire.
   */
  async work(options: { recoverAbandoned: boolean }): Promise<void> {
    await this.start();
    if (options.recoverAbandoned) await this.recoverAbandoned();
    this.working = true;
    for (const definition of this.definitions.values()) {
      const worker = new KindWorker({
        name: definition.name,
        concurrency: Math.max(1, definition.concurrency ?? 1),
        pollingMs: (this.options.pollingIntervalSeconds ?? 2) * 1000,
        fetch: (batchSize) => this.fetch(definition.name, batchSize),
        run: (job) => this.runOne(definition, job),
        complete: (id) => this.complete(definition.name, id),
        fail: (id, error) => this.boss.fail(definition.name, id, failureOutput(error)),
        giveBack: (ids) => this.giveBack(definition.name, ids),
        // A busy kind fetches for its slots and as many jobs again (docs/decisions/012).
        prefetch: Math.max(1, definition.concurrency ?? 1),
        onError: (error) => this.options.logger.error({ err: error, job: definition.name }, 'job queue error'),
        heldBack: () => this.urgentWork > 0,
      });
      this.workers.set(definition.name, worker);
      worker.start();
    }
  }

  /**
   * Runs `work` that a client is waiting on (a webhook's acknowledgement, which a provider retries
   * or gives up on when it is slow). Meanwhile this process's workers run one job per kind: under a
   * flood of webhooks the jobs they queue wait rather than share the event loop and the database
   * with the acknowledgements (bench/pipeline: docs/decisions/015, addendum of 2026-12-05's later
   * session). When the last such work ends, the held jobs start.
   */
  async urgent<T>(work: () => Promise<T>): Promise<T> {
    this.urgentWork += 1;
    try {
      return await work();
    } finally {
      this.urgentWork -= 1;
      if (this.urgentWork === 0) for (const worker of this.workers.values()) worker.relieve();
    }
  }

  /**
   * Jobs left active by a process that is known to be gone run again now, with the attempt they
   * were on. Only for the embedded database (one process at a time) or when every worker is stopped.
   */
  async recoverAbandoned(): Promise<number> {
    await this.start();
    const { rows } = await this.database.execute(
      `update pgboss.job set state = 'retry', start_after = now()
        where state = 'active' and name = any($1::text[]) returning id`,
      [[...this.definitions.keys()]],
    );
    if (rows.length > 0)
      this.options.logger.warn({ jobs: rows.length }, 'jobs left running by a stopped process run again');
    return rows.length;
  }

  /** Queues a job once the current transaction commits (now, outside one). Returns at once. */
  async send(name: string, data: object, options: { startAfter?: Date } = {}): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    await afterCommit(async () => {
      await this.start();
      await this.boss.send(name, data, options.startAfter ? { startAfter: options.startAfter } : {});
      this.wake(name);
    });
  }

  /**
   * `jobInsert` for a kind this queue defines, once the queue's row exists (made first if this
   * process has not yet). Then `queued()`, or with a claim, the claim's `inserted()` or `release()`.
   */
  async insertFrom(name: string, data: SQL, source: SQL, claim?: JobClaim): Promise<SQL> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    await this.start();
    return jobInsert(name, data, source, claim ? sql`${claim.id}` : undefined);
  }

  /**
   * A slot of this process's workers for the job of `name` that the caller's next statement
   * inserts (`insertFrom`, or `jobInsert` with `claim.id`): the job is inserted as started, with
   * this id, and runs here once the statement commits, with no fetch and no wait. Undefined when
   * this process runs no workers of the kind, or none is free, or jobs of the kind are known to be
   * waiting (they go first): the job is then inserted to wait as usual (`queued()` after).
   *
   * The caller then says what the statement did: `inserted(data)` (run from the commit of the
   * transaction it is in, now outside one) or `release()` (it inserted nothing, or failed outside a
   * transaction). A rollback releases the claim by itself. If this process stops before the job
   * runs, the job is given back to the queue; if it dies, the job expires and is retried, as a
   * fetched one would be.
   */
  claim(name: string): JobClaim | undefined {
    const definition = this.definitions.get(name);
    const worker = this.workers.get(name);
    if (!this.working || !definition || !worker?.reserve()) return undefined;
    const claim = new JobClaim(definition, worker, (id) =>
      this.giveBack(name, [id]).catch((error: unknown) =>
        this.options.logger.error({ err: error, job: name }, 'job queue error'),
      ),
    );
    afterRollback(() => claim.release());
    return claim;
  }

  /**
   * Jobs this process started (fetched or claimed) and will not run after all (it is stopping):
   * waiting again, as if never started (their attempt is not counted).
   */
  private async giveBack(name: string, ids: string[]): Promise<void> {
    await this.database.execute(
      `update pgboss.job set state = 'created', started_on = null
        where name = $1 and id = any($2::uuid[]) and state = 'active'`,
      [name, ids],
    );
  }

  /**
   * Starts up to `batchSize` due jobs of a kind, oldest first among the highest priority: pg-boss's
   * fetch for a queue of the standard policy (every queue `start()` makes), the same rows changed
   * the same way (the queue's tests compare the two), with the queue's name written into the text.
   *
   * pg-boss's own fetch takes the name as a parameter. `pgboss.job` is partitioned by name, so a
   * server's generic plan of it covers every queue's partition and costs more than a plan for one:
   * PostgreSQL planned it again at every run, 0.7 ms of its CPU each time, more than running it
   * (pg_stat_statements, bench/pipeline, decision 015). With the name in the text, the plan covers
   * one partition and is made once per connection.
   */
  fetch(name: string, batchSize: number): Promise<WorkerJob[]> {
    return this.database.execute(fetchText(name), [batchSize]).then(({ rows }) => rows as unknown as WorkerJob[]);
  }

  /** pg-boss's completion of a job that ended without completing itself, by Kawan's statement of it. */
  private async complete(name: string, id: string): Promise<void> {
    await this.database.db.execute(jobCompletion(name, id));
  }

  /** Jobs of this kind were inserted by a statement of the caller's (`insertFrom`): a worker here looks now. */
  async queued(name: string): Promise<void> {
    await afterCommit(() => this.wake(name));
  }

  /** A worker of this process picks up a job of this kind now rather than at its next poll. */
  private wake(name: string): void {
    if (this.working) this.workers.get(name)?.notify();
  }

  /**
   * Runs every job that is due, one after the other, until none is left: for tests and scripts
   * (the seed), where work should be done before the next line rather than in the background.
   * pg-boss fetches jobs whose `start_after < now()`: one sent within the same clock tick as the
   * fetch is not due yet, so an empty pass is looked at once more a tick later before giving up
   * (a job sent just before `drain()` was otherwise left, now and then, on a loaded machine).
   */
  async drain(): Promise<number> {
    await this.start();
    let ran = 0;
    let lookedAgain = false;
    for (;;) {
      let found = false;
      for (const definition of this.definitions.values()) {
        const [job] = await this.fetch(definition.name, 1);
        if (!job) continue;
        found = true;
        ran += 1;
        try {
          if (!(await this.runOne(definition, job))) await this.complete(definition.name, job.id);
        } catch (error) {
          await this.boss.fail(definition.name, job.id, failureOutput(error));
        }
      }
      if (found) {
        lookedAgain = false;
        continue;
      }
      if (lookedAgain) return ran;
      lookedAgain = true;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    this.working = false;
    // Waits for running jobs to finish; what does not finish runs again later (handlers are idempotent).
    await Promise.all([...this.workers.values()].map((worker) => worker.stop(10_000)));
    this.workers.clear();
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
  }

  /** Runs one fetched or claimed job; true when the run completed it itself (`JobContext.completion`). */
  private async runOne(definition: JobDefinition<object>, job: WorkerJob): Promise<boolean> {
    let completed = false;
    const context: JobContext = {
      id: job.id,
      attempt: job.retryCount + 1,
      attempts: job.retryLimit + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
      completion: jobCompletion(definition.name, job.id),
      completed: () => {
        completed = true;
      },
    };
    try {
      await definition.run(job.data, context);
      return completed;
    } catch (error) {
      this.options.logger.warn(
        { err: error, job: definition.name, jobId: job.id, attempt: context.attempt },
        context.lastAttempt ? 'job failed for good' : 'job failed; it is retried',
      );
      await definition
        .failed?.(job.data, error, context)
        .catch((reportError: unknown) =>
          this.options.logger.error({ err: reportError, job: definition.name }, 'reporting a job failure failed'),
        );
      throw error;
    }
  }
}

/** A worker slot held for a job the caller's statement inserts as started (`JobQueue.claim`). */
export class JobClaim {
  /** The job's id, given to the insert. */
  readonly id = randomUUID();
  private settled = false;

  constructor(
    private readonly definition: JobDefinition<object>,
    private readonly worker: KindWorker,
    private readonly giveBack: (id: string) => Promise<void>,
  ) {}

  /** The statement inserted the job with this data: it runs once the caller's transaction commits (now, outside one). */
  async inserted(data: object): Promise<void> {
    await afterCommit(() => this.run(data));
  }

  /** The statement inserted no job (or failed outside a transaction): the slot is free again. */
  release(): void {
    if (this.settled) return;
    this.settled = true;
    this.worker.release();
  }

  private run(data: object): void {
    if (this.settled) return;
    this.settled = true;
    const job: WorkerJob = {
      id: this.id,
      name: this.definition.name,
      data,
      retryCount: 0,
      retryLimit: this.definition.retryLimit ?? defaultRetryLimit,
      expireInSeconds: this.definition.expireInSeconds ?? defaultExpireInSeconds,
    };
    if (!this.worker.handOff(job)) void this.giveBack(this.id);
  }
}

const defaultRetryLimit = 3;
const defaultExpireInSeconds = 15 * 60;

/**
 * An INSERT of jobs of a kind, one for each row of `source` (a table, CTE or subquery of the
 * statement it becomes part of), with `data` computed from that row: for a statement that stores a
 * row and queues its job together, in one round trip and one commit, so that neither exists
 * without the other. The policy comes from the queue's row as pg-boss's own send reads it
 * (`tests/feature/jobs/queue.test.ts` compares the two rows). The same text for the same
 * arguments, so a statement that holds it can be built once. The queue's row must exist
 * (`JobQueue.start()`; `insertFrom` sees to it); `JobQueue.queued()` wakes a worker after.
 *
 * `claimed`, when given, is a value of the statement: a claim's id (`JobClaim.id`; one row from
 * `source` at most) inserts the job as started by this process, as pg-boss's fetch would leave it,
 * and null inserts it to wait, as without it. The statement's text is the same for both.
 */
export function jobInsert(name: string, data: SQL, source: SQL, claimed?: SQL | Placeholder): SQL {
  if (claimed)
    return sql`insert into pgboss.job
      (id, state, started_on, name, data, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy, dead_letter)
    select coalesce(${claimed}::uuid, gen_random_uuid()),
           (case when ${claimed}::uuid is null then 'created' else 'active' end)::pgboss.job_state,
           case when ${claimed}::uuid is null then null else now() end,
           ${jobColumns(name, data, source)}`;
  return sql`insert into pgboss.job
      (name, data, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy, dead_letter)
    select ${jobColumns(name, data, source)}`;
}

/** The columns of `jobInsert` every job has, from the queue's row. */
function jobColumns(name: string, data: SQL, source: SQL): SQL {
  return sql`q.name, ${data}, q.expire_seconds * interval '1 second',
           now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
           q.retry_limit, case when q.retry_backoff then greatest(q.retry_delay, 1) else q.retry_delay end,
           q.retry_backoff, q.policy, q.dead_letter
      from ${source} join pgboss.queue q on q.name = ${sql.raw(queueLiteral(name))}`;
}

/**
 * A queue's name as a literal of a statement's text rather than a parameter: `pgboss.job` is
 * partitioned by name, and only a name the planner sees lets a prepared statement's plan cover the
 * one partition (see `JobQueue.fetch`).
 */
function queueLiteral(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

/** The text of `JobQueue.fetch` for one queue; its one parameter is the batch's size. */
export function fetchText(name: string): string {
  const queue = queueLiteral(name);
  return `with next as (
      select id from pgboss.job
       where name = ${queue} and state < 'active' and start_after < now()
       order by priority desc, created_on, id
       limit $1
       for update skip locked
    )
    update pgboss.job j set state = 'active', started_on = now(),
           retry_count = case when started_on is not null then retry_count + 1 else retry_count end
      from next
     where j.name = ${queue} and j.id = next.id
    returning j.id, j.name, j.data, extract(epoch from j.expire_in) as "expireInSeconds",
              j.retry_limit as "retryLimit", j.retry_count as "retryCount"`;
}

/**
 * pg-boss's completion of one active job (its `complete()` sets the same columns; the queue's
 * tests compare the two rows), as a statement a run makes part of one of its own. The queue's name
 * is written into the text (see `JobQueue.fetch`); the id may be a value given at each run
 * (`value('jobId')`), for a statement built once per queue.
 */
export function jobCompletion(name: string, id: string | SQL): SQL {
  return sql`update pgboss.job set completed_on = now(), state = 'completed', output = null
     where name = ${sql.raw(queueLiteral(name))} and id = ${id}::uuid and state = 'active'`;
}

/** What pg-boss keeps as a failed job's output: the message only (no stack, nothing secret). */
function failureOutput(error: unknown): object {
  return { message: error instanceof Error ? error.message : String(error) };
}
