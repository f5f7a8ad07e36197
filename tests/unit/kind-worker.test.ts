import { afterEach, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { KindWorker } from '../../server/jobs/kind-worker';

/** A queue in memory behind a KindWorker: what it fetched, completed and failed, and when. */
function harness(options: {
  concurrency: number;
  prefetch?: number;
  pollingMs?: number;
  run?: (job: Job) => Promise<boolean | void>;
  heldBack?: () => boolean;
}) {
  const waiting: Job[] = [];
  const fetches: Array<{ asked: number; got: number }> = [];
  const completed: string[] = [];
  const failed: Array<{ id: string; message: string }> = [];
  const givenBack: string[] = [];
  let next = 0;
  const worker = new KindWorker({
    name: 'test',
    concurrency: options.concurrency,
    prefetch: options.prefetch,
    pollingMs: options.pollingMs ?? 60_000,
    fetch: async (batchSize) => {
      const jobs = waiting.splice(0, batchSize);
      fetches.push({ asked: batchSize, got: jobs.length });
      return jobs;
    },
    run: options.run ?? (async () => undefined),
    complete: async (id) => completed.push(id),
    fail: async (id, error) => failed.push({ id, message: (error as Error).message }),
    giveBack: async (ids) => givenBack.push(...ids),
    onError: (error) => {
      throw error;
    },
    heldBack: options.heldBack,
  });
  const queue = (expireInSeconds = 60) => {
    const job = { id: `job-${++next}`, name: 'test', data: {}, expireInSeconds } as Job;
    waiting.push(job);
    return job;
  };
  /** A job inserted as started by this process (a claim's), not through the queue. */
  const inserted = () => ({ id: `job-${++next}`, name: 'test', data: {}, expireInSeconds: 60 }) as Job;
  return { worker, queue, inserted, waiting, fetches, completed, failed, givenBack };
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

/** The worker's first look has fetched and ended (nothing is being fetched). */
async function settled(h: { fetches: unknown[] }) {
  await until(() => h.fetches.length >= 1);
  await new Promise((resolve) => setTimeout(resolve, 5));
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

  it('fetches for its free slots and up to `prefetch` more while more jobs are announced, and starts the held ones with no fetch', async () => {
    const running = gate();
    let now = 0;
    let most = 0;
    const h = harness({
      concurrency: 2,
      prefetch: 2,
      run: async () => {
        most = Math.max(most, ++now);
        await running.run();
        now -= 1;
      },
    });
    stop = () => h.worker.stop(1000);
    h.worker.start();
    await settled(h);
    for (let n = 1; n <= 2; n++) {
      h.queue();
      h.worker.notify();
      await until(() => running.started() === n);
    }
    const before = h.fetches.length;
    for (let i = 0; i < 6; i++) {
      h.queue();
      h.worker.notify(); // every slot busy: remembered
    }
    for (let n = 4; n <= 8; n += 2) {
      running.releaseAll();
      await until(() => running.started() === n);
    }
    running.releaseAll();
    await until(() => h.completed.length === 8);
    // Six jobs in two fetches, each for a free slot and two jobs to hold; never more than two running.
    expect(h.fetches.slice(before)).toEqual([
      { asked: 3, got: 3 },
      { asked: 3, got: 3 },
    ]);
    expect(most).toBe(2);
  });

  it('holds jobs nobody announced only once a full fetch showed a backlog of them', async () => {
    const running = gate();
    const h = harness({ concurrency: 2, prefetch: 2, run: running.run });
    stop = () => h.worker.stop(1000);
    h.queue(); // by another process: no notify
    h.worker.start();
    await until(() => running.started() === 1);
    expect(h.fetches).toEqual([{ asked: 2, got: 1 }]);
    for (let i = 0; i < 5; i++) h.queue(); // more from elsewhere
    running.releaseAll();
    await until(() => running.started() === 3);
    running.releaseAll();
    await until(() => running.started() === 5);
    running.releaseAll();
    await until(() => running.started() === 6);
    running.releaseAll();
    await until(() => h.completed.length === 6);
    // The job's end looked again (its fetch found a job nobody announced): a full fetch, then one
    // that also asked for two to hold beside its free slot.
    expect(h.fetches.slice(0, 3)).toEqual([
      { asked: 2, got: 1 },
      { asked: 2, got: 2 },
      { asked: 3, got: 3 },
    ]);
  });

  it('gives back the jobs it holds when it stops, and waits for the running ones', async () => {
    const running = gate();
    const h = harness({ concurrency: 1, prefetch: 2, run: running.run });
    h.worker.start();
    await settled(h);
    h.queue();
    h.worker.notify();
    await until(() => running.started() === 1);
    for (let i = 0; i < 3; i++) {
      h.queue();
      h.worker.notify();
    }
    running.releaseAll();
    await until(() => running.started() === 2);
    expect(h.fetches.at(-1)).toEqual({ asked: 3, got: 3 });
    const stopping = h.worker.stop(1000);
    running.releaseAll();
    await stopping;
    expect(h.completed).toEqual(['job-1', 'job-2']);
    expect(h.givenBack).toEqual(['job-3', 'job-4']);
  });

  it("counts a held job's expiry from its fetch", async () => {
    const running = gate();
    const h = harness({
      concurrency: 1,
      prefetch: 1,
      run: (job) => (job.id === 'job-1' || job.id === 'job-2' ? running.run() : new Promise<never>(() => undefined)),
    });
    stop = () => h.worker.stop(10);
    h.worker.start();
    await settled(h);
    h.queue();
    h.worker.notify();
    await until(() => running.started() === 1);
    h.queue();
    h.worker.notify();
    h.queue(1);
    h.worker.notify();
    running.releaseAll();
    await until(() => running.started() === 2); // job-3 fetched with it and held
    await new Promise((resolve) => setTimeout(resolve, 600));
    const released = Date.now();
    running.releaseAll();
    await until(() => h.failed.length === 1);
    // Held 0.6 s of its 1 s before it started: it failed about 0.4 s into its run, not 1 s.
    expect(Date.now() - released).toBeLessThan(800);
    expect(h.failed).toEqual([{ id: 'job-3', message: 'The job ran longer than its 1 s' }]);
  });

  it('runs a job inserted in a reserved slot with no fetch, and frees a slot reserved for nothing', async () => {
    const running = gate();
    const h = harness({ concurrency: 2, run: running.run });
    stop = () => h.worker.stop(1000);
    h.worker.start();
    await settled(h);
    expect(h.worker.reserve()).toBe(true);
    expect(h.worker.reserve()).toBe(true);
    expect(h.worker.reserve()).toBe(false); // every slot held
    expect(h.worker.handOff(h.inserted())).toBe(true);
    h.worker.release();
    await until(() => running.started() === 1);
    expect(h.worker.reserve()).toBe(true); // the released slot
    expect(h.worker.handOff(h.inserted())).toBe(true);
    await until(() => running.started() === 2);
    running.releaseAll();
    await until(() => h.completed.length === 2);
    expect(h.fetches).toEqual([{ asked: 2, got: 0 }]);
  });

  it('runs one job at a time while held back, and the held jobs side by side once relieved', async () => {
    const running = gate();
    let held = true;
    const h = harness({ concurrency: 3, prefetch: 3, run: running.run, heldBack: () => held });
    stop = () => h.worker.stop(1000);
    for (let i = 0; i < 5; i++) h.queue();
    h.worker.start();
    await until(() => running.started() === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running.started()).toBe(1);
    expect(h.worker.reserve()).toBe(false); // its one slot is taken
    running.releaseAll();
    await until(() => running.started() === 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running.started()).toBe(2);
    held = false;
    h.worker.relieve();
    // The running one and two more: every slot, with no job left behind.
    await until(() => running.started() === 4);
    running.releaseAll();
    await until(() => running.started() === 5);
    running.releaseAll();
    await until(() => h.completed.length === 5);
  });

  it('reserves no slot while jobs are known to be waiting (they go first), nor once stopped', async () => {
    const running = gate();
    const h = harness({ concurrency: 1, run: running.run });
    h.worker.start();
    await settled(h);
    h.queue();
    h.worker.notify();
    await until(() => running.started() === 1);
    h.queue();
    h.worker.notify(); // announced, waiting for the slot
    running.releaseAll();
    expect(h.worker.reserve()).toBe(false);
    await until(() => running.started() === 2);
    running.releaseAll();
    await until(() => h.completed.length === 2);
    expect(h.worker.reserve()).toBe(true);
    h.worker.release();
    await h.worker.stop(1000);
    expect(h.worker.reserve()).toBe(false);
    expect(h.worker.handOff(h.inserted())).toBe(false);
  });
});
