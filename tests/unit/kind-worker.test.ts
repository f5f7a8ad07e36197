import { afterEach, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { KindWorker } from '../../server/jobs/kind-worker';

/** A queue in memory behind a KindWorker: what it fetched, completed and failed, and when. */
function harness(options: { concurrency: number; pollingMs?: number; run?: (job: Job) => Promise<boolean | void> }) {
  const waiting: Job[] = [];
  const fetches: Array<{ asked: number; got: number }> = [];
  const completed: string[] = [];
  const failed: Array<{ id: string; message: string }> = [];
  let next = 0;
  const worker = new KindWorker({
    name: 'test',
    concurrency: options.concurrency,
    pollingMs: options.pollingMs ?? 60_000,
    fetch: async (batchSize) => {
      const jobs = waiting.splice(0, batchSize);
      fetches.push({ asked: batchSize, got: jobs.length });
      return jobs;
    },
    run: options.run ?? (async () => undefined),
    complete: async (id) => completed.push(id),
    fail: async (id, error) => failed.push({ id, message: (error as Error).message }),
    onError: (error) => {
      throw error;
    },
  });
  const queue = (expireInSeconds = 60) => {
    const job = { id: `job-${++next}`, name: 'test', data: {}, expireInSeconds } as Job;
    waiting.push(job);
    return job;
  };
  return { worker, queue, waiting, fetches, completed, failed };
}
type Job = PgBoss.JobWithMetadata<object>;

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(condition()).toBe(true);
};

/** A job run that waits until released. */
function gate() {
  const releases: Array<() => void> = [];
  let started = 0;
  return {
    run: () =>
      new Promise<void>((resolve) => {
        started += 1;
        releases.push(resolve);
      }),
    /** Runs begun so far. */
    started: () => started,
    releaseAll: () => releases.splice(0).forEach((release) => release()),
  };
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe('KindWorker', () => {
  it('fetches as many jobs as it has free slots in one go and runs them side by side', async () => {
    const running = gate();
    const h = harness({ concurrency: 4, run: running.run });
    stop = () => h.worker.stop(1000);
    for (let i = 0; i < 6; i++) h.queue();
    h.worker.start();
    await until(() => running.started() === 4);
    expect(h.fetches).toEqual([{ asked: 4, got: 4 }]);
    running.releaseAll();
    await until(() => running.started() === 6);
    running.releaseAll();
    await until(() => h.completed.length === 6);
    // The first fetch was full, so a freed slot looked again; the short one after it ended the looking.
    expect(h.fetches.every((fetch) => fetch.got > 0 || fetch === h.fetches.at(-1))).toBe(true);
  });

  it('does not look again after a job when its fetch took every job announced and found no other', async () => {
    const h = harness({ concurrency: 4 });
    stop = () => h.worker.stop(1000);
    h.worker.start();
    await until(() => h.fetches.length === 1);
    h.queue();
    h.worker.notify();
    await until(() => h.completed.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.fetches).toEqual([
      { asked: 4, got: 0 },
      { asked: 4, got: 1 },
    ]);
  });

  it('looks when notified, and when a slot frees after a notify that came while all were busy', async () => {
    const running = gate();
    const h = harness({ concurrency: 1, run: running.run });
    stop = () => h.worker.stop(1000);
    h.worker.start();
    await until(() => h.fetches.length === 1);
    h.queue();
    h.worker.notify();
    await until(() => running.started() === 1);
    h.queue();
    h.worker.notify(); // every slot busy: remembered
    expect(h.fetches).toHaveLength(2);
    running.releaseAll();
    await until(() => running.started() === 2);
    expect(h.fetches.at(-1)).toEqual({ asked: 1, got: 1 });
    running.releaseAll();
    await until(() => h.completed.length === 2);
  });

  it('sends no fetch that finds nothing after one that took every job announced', async () => {
    const running = gate();
    const h = harness({ concurrency: 2, run: running.run });
    stop = () => h.worker.stop(1000);
    h.worker.start();
    await until(() => h.fetches.length === 1);
    for (let n = 1; n <= 2; n++) {
      h.queue();
      h.worker.notify();
      await until(() => running.started() === n);
    }
    // The second fetch filled the last slot, with the one job announced for it.
    expect(h.fetches).toEqual([
      { asked: 2, got: 0 },
      { asked: 2, got: 1 },
      { asked: 1, got: 1 },
    ]);
    running.releaseAll();
    await until(() => h.completed.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.fetches).toHaveLength(3);
  });

  it('looks again after a job when its last fetch found jobs queued by another process', async () => {
    const running = gate();
    const h = harness({ concurrency: 2, run: running.run });
    stop = () => h.worker.stop(1000);
    h.queue(); // by another process: no notify
    h.worker.start();
    await until(() => running.started() === 1);
    h.queue(); // another one meanwhile
    running.releaseAll();
    await until(() => running.started() === 2);
    running.releaseAll();
    await until(() => h.completed.length === 2);
    expect(h.fetches.slice(0, 2)).toEqual([
      { asked: 2, got: 1 },
      { asked: 2, got: 1 },
    ]);
  });

  it('polls at its interval for jobs queued elsewhere', async () => {
    const h = harness({ concurrency: 2, pollingMs: 15 });
    stop = () => h.worker.stop(1000);
    h.worker.start();
    await until(() => h.fetches.length === 1);
    h.queue(); // by another process: no notify
    await until(() => h.completed.length === 1);
    expect(h.fetches.length).toBeGreaterThanOrEqual(2);
  });

  it('fails a job whose run throws, and one that outlives its expiry', async () => {
    const h = harness({
      concurrency: 2,
      run: async (job) => {
        if (job.id === 'job-1') throw new Error('broken');
        await new Promise(() => undefined); // never ends
      },
    });
    stop = () => h.worker.stop(10);
    h.queue();
    h.queue(1);
    h.worker.start();
    await until(() => h.failed.length === 2);
    expect(h.failed).toEqual([
      { id: 'job-1', message: 'broken' },
      { id: 'job-2', message: 'The job ran longer than its 1 s' },
    ]);
    expect(h.completed).toEqual([]);
  });

  it('leaves a job its run completed itself (true) uncompleted by the worker', async () => {
    const h = harness({ concurrency: 2, run: async (job) => job.id === 'job-1' });
    stop = () => h.worker.stop(1000);
    h.queue();
    h.queue();
    h.worker.start();
    await until(() => h.completed.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.completed).toEqual(['job-2']);
    expect(h.failed).toEqual([]);
  });

  it('takes no job after stop and waits for the running ones', async () => {
    const running = gate();
    const h = harness({ concurrency: 1, run: running.run });
    h.queue();
    h.worker.start();
    await until(() => running.started() === 1);
    h.queue();
    let stopped = false;
    const stopping = h.worker.stop(1000).then(() => (stopped = true));
    h.worker.notify();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    running.releaseAll();
    await stopping;
    expect(h.completed).toEqual(['job-1']);
    expect(h.waiting).toHaveLength(1);
    expect(h.fetches).toHaveLength(1);
  });
});
