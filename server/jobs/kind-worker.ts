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
 * A run that outlives its job's expiry counts as failed (as under pg-boss's `work()`; the run
 * itself cannot be stopped and goes on in the background). pg-boss's own SQL does the fetching,
 * completing and failing: retries, backoff and expiry stay its own.
 */
export interface KindWorkerOptions {
  name: string;
  concurrency: number;
  pollingMs: number;
  fetch(batchSize: number): Promise<PgBoss.JobWithMetadata<object>[]>;
  /** Resolves true when the run completed the job itself (in its own transaction). */
  run(job: PgBoss.JobWithMetadata<object>): Promise<boolean | void>;
  complete(id: string): Promise<unknown>;
  fail(id: string, error: unknown): Promise<unknown>;
  /** A fetch, a completion or a failure could not be recorded (the database). */
  onError(error: unknown): void;
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

  /** No new jobs are taken; resolves when the running ones have ended (or after `timeoutMs`). */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.filling;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timeout);
  }

  private look(): void {
    if (this.stopped || this.filling || this.running.size >= this.options.concurrency) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.filling = this.fill().finally(() => {
      this.filling = undefined;
      // A notify between the last fetch's answer and here found the fill still running.
      if (this.announced > 0) this.look();
      else this.idle();
    });
  }

  private async fill(): Promise<void> {
    while (!this.stopped) {
      const free = this.options.concurrency - this.running.size;
      if (free <= 0) return;
      const announced = this.announced;
      this.announced = 0;
      let jobs: PgBoss.JobWithMetadata<object>[];
      try {
        jobs = await this.options.fetch(free);
      } catch (error) {
        this.options.onError(error);
        return;
      }
      // Fetched jobs are active: they run even when a stop came meanwhile (stop waits for them).
      for (const job of jobs) this.launch(job);
      // Fewer jobs than slots: none was left waiting then (notifies since are counted anew). Every
      // slot filled: the announced jobs it did not take still wait, and when it took more than were
      // announced (jobs of other processes, retries come due) there may be more of those.
      const full = jobs.length === free;
      if (full) this.announced += Math.max(0, announced - jobs.length);
      this.more = full && jobs.length > announced;
      this.elsewhere = jobs.length > announced;
      if (!this.more && this.announced === 0) return;
    }
  }

  /** Nothing known to be waiting: the next look is at the polling interval, unless a slot-freeing job or a notify comes first. */
  private idle(): void {
    if (this.stopped || this.filling || this.timer || this.running.size >= this.options.concurrency) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.look();
    }, this.options.pollingMs);
  }

  private launch(job: PgBoss.JobWithMetadata<object>): void {
    const run = this.settle(job).finally(() => {
      this.running.delete(run);
      if (this.more || this.elsewhere || this.announced > 0) this.look();
      else this.idle();
    });
    this.running.add(run);
  }

  private async settle(job: PgBoss.JobWithMetadata<object>): Promise<void> {
    let expiry: NodeJS.Timeout | undefined;
    let completed: boolean | void;
    try {
      completed = await Promise.race([
        this.options.run(job),
        new Promise<never>((_, reject) => {
          const seconds = Math.max(1, Number(job.expireInSeconds) || 1);
          expiry = setTimeout(() => reject(new Error(`The job ran longer than its ${seconds} s`)), seconds * 1000);
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
