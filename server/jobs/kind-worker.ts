import type PgBoss from 'pg-boss';

/**
 * The workers of one job kind in this process: one loop that fetches as many jobs as it has free
 * slots (`concurrency`) in one statement, runs them side by side, and completes or fails each one
 * as it ends. It takes the place of pg-boss's `work()`, whose workers each fetch one job at a time
 * on their own schedule: run back to back, a kind's four workers sent 1.8 fetches for every job
 * they completed, most of them finding nothing (bench/pipeline, docs/decisions/015).
 *
 * When it looks:
 * - `notify()`: this process queued a job of the kind; at once, or when a slot frees (the jobs
 *   announced so are counted, so that a fetch that took them all is not followed by one that finds
 *   nothing);
 * - a job ends and the last fetch found jobs nobody announced (another process queues them: more
 *   may have come meanwhile, as under `npm run worker` beside web processes);
 * - otherwise every `pollingMs` while a slot is free: jobs queued by other processes, retries
 *   whose delay has passed.
 *
 * When jobs are known to be waiting beyond its free slots (announced here, or a backlog a full
 * fetch showed), a fetch also takes up to `prefetch` more (Celery's and RabbitMQ's prefetch): held here, started as slots free, so that a busy
 * worker fetches once for several jobs instead of once for each. They are started (pg-boss's
 * active) from their fetch on, so their expiry counts from then; a stop gives back those it did not
 * start (`giveBack`); a process that dies holding them leaves them to expire and be retried, as
 * the ones it was running.
 *
 * A job this process queues while a slot is free and nothing is known to be waiting is not fetched
 * at all: its slot is reserved (`reserve()`) before the statement that inserts it as already
 * started, and it runs here once that statement commits (`handOff()`), or the slot is freed
 * (`release()`) when it inserted nothing or rolled back (JobQueue.claim).
 *
 * While work a client waits on is in flight in this process (`heldBack()`: a webhook's
 * acknowledgement, JobQueue.urgent), the kind runs one job at a time: its other jobs wait, and
 * `relieve()` starts them when that work has ended. One job per kind keeps every kind moving under a
 * flood; fewer runs at once leave the event loop and the database to the acknowledgement sooner.
 *
 * A run that outlives its job's expiry counts as failed (as under pg-boss's `work()`; the run
 * itself cannot be stopped and goes on in the background). pg-boss's own SQL does the fetching,
 * completing and failing: retries, backoff and expiry stay its own.
 */
/** What a worker needs of a job: a fetched one (pg-boss's row) or one this process inserted as started. */
export type WorkerJob = Pick<
  PgBoss.JobWithMetadata<object>,
  'id' | 'name' | 'data' | 'retryCount' | 'retryLimit' | 'expireInSeconds'
>;

export interface KindWorkerOptions {
  name: string;
  concurrency: number;
  pollingMs: number;
  fetch(batchSize: number): Promise<WorkerJob[]>;
  /** Resolves true when the run completed the job itself (in its own transaction). */
  run(job: WorkerJob): Promise<boolean | void>;
  complete(id: string): Promise<unknown>;
  fail(id: string, error: unknown): Promise<unknown>;
  /** Jobs fetched and not started when the worker stopped: waiting again, as if never fetched. */
  giveBack(ids: string[]): Promise<unknown>;
  /** Jobs a fetch may take beyond the free slots when more are known to be waiting (default 0). */
  prefetch?: number;
  /** A fetch, a completion or a failure could not be recorded (the database). */
  onError(error: unknown): void;
  /** True while work a client waits on is in flight here: the kind runs one job at a time. */
  heldBack?: () => boolean;
}

export class KindWorker {
  private readonly running = new Set<Promise<void>>();
  private filling?: Promise<void>;
  /** Jobs this process queued (`notify`) that no fetch is known to have taken yet. */
  private announced = 0;
  /** The last fetch filled every free slot with more jobs than were announced: others may be waiting. */
  private more = false;
  /** The last fetch found jobs nobody announced: another process queues them, and may have queued more since. */
  private elsewhere = false;
  /** Slots held for jobs a statement of this process is inserting as started (`reserve`). */
  private reserved = 0;
  /** Jobs fetched beyond the free slots, oldest first, each with when it was fetched. */
  private readonly ready: Array<{ job: WorkerJob; fetchedAt: number }> = [];
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly options: KindWorkerOptions) {}

  start(): void {
    this.look();
  }

  /** A job of this kind was queued: look now, or as soon as a slot is free. */
  notify(): void {
    this.announced += 1;
    this.look();
  }

  /**
   * Holds a slot for a job this process is about to insert as started, when one is free and no job
   * is known to be waiting for it (those go first): true when held. Then exactly one of
   * `handOff` (the insert committed) or `release` (it did not).
   */
  reserve(): boolean {
    if (this.stopped || this.filling || this.ready.length > 0 || this.announced > 0 || this.more || this.busy())
      return false;
    this.reserved += 1;
    return true;
  }

  /** Runs a job inserted as started in a slot `reserve` held. False when stopping: the job was not taken. */
  handOff(job: WorkerJob): boolean {
    this.reserved -= 1;
    if (this.stopped) return false;
    this.launch(job);
    this.idle();
    return true;
  }

  /** Frees a slot `reserve` held (its job was not inserted). */
  release(): void {
    this.reserved -= 1;
    this.next();
  }

  /** The work that held the kind back has ended: held jobs start, and the kind looks if more may wait. */
  relieve(): void {
    if (!this.stopped) this.next();
  }

  /** No new jobs are taken; resolves when the running ones have ended (or after `timeoutMs`). */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.filling;
    const held = this.ready.splice(0).map(({ job }) => job.id);
    if (held.length > 0) await this.options.giveBack(held).catch((error: unknown) => this.options.onError(error));
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timeout);
  }

  /** Every slot runs a job or is held for one. */
  private busy(): boolean {
    return this.running.size + this.reserved >= this.slots();
  }

  /** The slots the kind may use now: one while it is held back. */
  private slots(): number {
    return this.options.heldBack?.() ? 1 : this.options.concurrency;
  }

  private look(): void {
    if (this.stopped) return;
    this.startReady();
    if (this.filling || this.busy()) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.filling = this.fill().finally(() => {
      this.filling = undefined;
      // A notify between the last fetch's answer and here found the fill still running.
      if (this.announced > 0) this.look();
      else this.idle();
    });
  }

  /** Starts held jobs in the free slots, oldest first. */
  private startReady(): void {
    while (this.ready.length > 0 && !this.busy()) {
      const { job, fetchedAt } = this.ready.shift()!;
      this.launch(job, fetchedAt);
    }
  }

  private async fill(): Promise<void> {
    while (!this.stopped) {
      this.startReady();
      const free = this.slots() - this.running.size - this.reserved;
      if (free <= 0) return;
      const announced = this.announced;
      this.announced = 0;
      // More than the free slots only for jobs known to be waiting: with nothing announced and no
      // backlog seen, a worker leaves other processes' jobs to them.
      const prefetch = this.options.prefetch ?? 0;
      const asked = this.more ? free + prefetch : Math.min(free + prefetch, Math.max(free, announced));
      let jobs: WorkerJob[];
      try {
        jobs = await this.options.fetch(asked);
      } catch (error) {
        this.options.onError(error);
        return;
      }
      // Fetched jobs are active: the ones started run even when a stop came meanwhile (stop waits
      // for them, and gives back the ones held).
      const fetchedAt = Date.now();
      for (const job of jobs) {
        if (this.busy()) this.ready.push({ job, fetchedAt });
        else this.launch(job, fetchedAt);
      }
      // Fewer jobs than asked for: none was left waiting then (notifies since are counted anew).
      // As many as asked for: the announced jobs it did not take still wait, and when it took more
      // than were announced (jobs of other processes, retries come due) there may be more of those.
      const full = jobs.length === asked;
      if (full) this.announced += Math.max(0, announced - jobs.length);
      this.more = full && jobs.length > announced;
      this.elsewhere = jobs.length > announced;
      if (!this.more && this.announced === 0) return;
    }
  }

  /** Nothing known to be waiting: the next look is at the polling interval, unless a slot-freeing job or a notify comes first. */
  private idle(): void {
    if (this.stopped || this.filling || this.timer || this.busy()) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.look();
    }, this.options.pollingMs);
  }

  private launch(job: WorkerJob, fetchedAt = Date.now()): void {
    const run = this.settle(job, fetchedAt).finally(() => {
      this.running.delete(run);
      this.next();
    });
    this.running.add(run);
  }

  /** A slot freed: look now if jobs may be waiting, or at the polling interval. */
  private next(): void {
    if (this.ready.length > 0 || this.more || this.elsewhere || this.announced > 0) this.look();
    else this.idle();
  }

  /** Runs a job, its expiry counted from its fetch (when pg-boss started it). */
  private async settle(job: WorkerJob, fetchedAt: number): Promise<void> {
    let expiry: NodeJS.Timeout | undefined;
    let completed: boolean | void;
    try {
      completed = await Promise.race([
        this.options.run(job),
        new Promise<never>((_, reject) => {
          const seconds = Math.max(1, Number(job.expireInSeconds) || 1);
          expiry = setTimeout(
            () => reject(new Error(`The job ran longer than its ${seconds} s`)),
            Math.max(0, seconds * 1000 - (Date.now() - fetchedAt)),
          );
        }),
      ]);
    } catch (error) {
      await this.options.fail(job.id, error).catch((failure: unknown) => this.options.onError(failure));
      return;
    } finally {
      clearTimeout(expiry);
    }
    if (completed !== true)
      await this.options.complete(job.id).catch((failure: unknown) => this.options.onError(failure));
  }
}
