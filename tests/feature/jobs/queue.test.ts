import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/app';
import PgBoss from 'pg-boss';
import { fetchText, JobQueue } from '../../../server/jobs/queue';
import type { WorkerJob } from '../../../server/jobs/kind-worker';
import { rowsOf } from '../../../server/db/rows';
import { createLogger } from '../../../server/support/logger';

/**
 * The durable queue on its own (server/jobs/queue.ts): jobs leave only after the transaction
 * that sent them commits, run once each, are retried with exponential backoff and end failed with
 * the reason; the policy is stored with the queue.
 */
let app: TestApp;
let queue: JobQueue;
const runs: Array<{ data: { n: number }; attempt: number; lastAttempt: boolean }> = [];
const failures: string[] = [];
let failFirst = 0;

beforeAll(async () => {
  app = await createTestApp();
  queue = new JobQueue(app.database, { logger: createLogger('silent'), retryDelaySeconds: 0 });
  queue.define<{ n: number }>({
    name: 'test.echo',
    retryLimit: 2,
    run: async (data, context) => {
      runs.push({ data, attempt: context.attempt, lastAttempt: context.lastAttempt });
      if (failFirst > 0) {
        failFirst -= 1;
        throw new Error(`failure ${data.n}`);
      }
    },
    failed: async (_data, error) => {
      failures.push((error as Error).message);
    },
  });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await app.close();
});

/** A claim on a worker slot, once the worker's own first look for jobs has ended (it holds the slots meanwhile). */
async function freeSlot(queue: JobQueue, name: string) {
  for (let i = 0; i < 200; i++) {
    const claim = queue.claim(name);
    if (claim) return claim;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`No slot of ${name} came free`);
}

describe('the job queue', () => {
  it('sends a job only when the transaction that asked for it commits', async () => {
    runs.length = 0;
    await app.database.db
      .transaction(async () => {
        await queue.send('test.echo', { n: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await app.database.db.transaction(async () => {
      await queue.send('test.echo', { n: 2 });
    });
    expect(await queue.drain()).toBe(1);
    expect(runs.map((run) => run.data.n)).toEqual([2]);
    expect(await queue.drain()).toBe(0);
  });

  it('retries a failing job and tells each failure, then ends failed with the reason', async () => {
    runs.length = 0;
    failures.length = 0;
    failFirst = 1;
    await queue.send('test.echo', { n: 3 });
    expect(await queue.drain()).toBe(2);
    expect(runs.map((run) => [run.attempt, run.lastAttempt])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(failures).toEqual(['failure 3']);

    runs.length = 0;
    failFirst = 3;
    await queue.send('test.echo', { n: 4 });
    expect(await queue.drain()).toBe(3);
    expect(runs.map((run) => run.lastAttempt)).toEqual([false, false, true]);
    const { rows } = await app.database.execute(
      `select state, retry_count, output from pgboss.job where name = 'test.echo' and data->>'n' = '4'`,
    );
    expect(rows).toEqual([{ state: 'failed', retry_count: 2, output: { message: 'failure 4' } }]);
  });

  it('stores the retry policy with the queue: exponential backoff from the configured delay', async () => {
    const backoff = new JobQueue(app.database, { logger: createLogger('silent'), retryDelaySeconds: 10 });
    backoff.define({ name: 'test.backoff', run: async () => undefined });
    await backoff.start();
    const { rows } = await app.database.execute(
      `select retry_limit, retry_delay, retry_backoff, expire_seconds from pgboss.queue where name = 'test.backoff'`,
    );
    expect(rows).toEqual([{ retry_limit: 3, retry_delay: 10, retry_backoff: true, expire_seconds: 900 }]);
    await backoff.stop();
  });

  it('inserts jobs from a statement of the caller with the policy pg-boss gives them', async () => {
    const own = new JobQueue(app.database, { logger: createLogger('silent'), retryDelaySeconds: 7 });
    const seen: unknown[] = [];
    own.define<{ via: string }>({
      name: 'test.insert',
      retryLimit: 4,
      expireInSeconds: 90,
      run: async (data) => {
        seen.push(data);
      },
    });
    await own.start();
    await own.send('test.insert', { via: 'send' });
    const source = sql.raw('source');
    await app.database.db.execute(sql`
      with ${source} as (select 'statement' as via)
      ${await own.insertFrom('test.insert', sql`jsonb_build_object('via', ${source}.via)`, source)}`);
    await own.queued('test.insert');
    const { rows } = await app.database.execute(
      `select data->>'via' as via, state, priority, retry_limit, retry_count, retry_delay, retry_backoff,
              extract(epoch from expire_in)::int as expire_seconds, policy, dead_letter, singleton_key,
              (keep_until - start_after)::text as kept, start_after <= now() as due
         from pgboss.job where name = 'test.insert' order by data->>'via' = 'statement'`,
    );
    expect(rows).toHaveLength(2);
    const [sent, inserted] = rows as Array<Record<string, unknown>>;
    expect(sent).toMatchObject({
      via: 'send',
      retry_limit: 4,
      retry_delay: 7,
      retry_backoff: true,
      expire_seconds: 90,
    });
    expect({ ...inserted, via: 'send' }).toEqual(sent);
    expect(await own.drain()).toBe(2);
    expect(seen).toEqual(expect.arrayContaining([{ via: 'send' }, { via: 'statement' }]));
    await expect(own.insertFrom('test.unknown', sql`'{}'::jsonb`, source)).rejects.toThrow('Unknown job test.unknown');
    await own.stop();
  });

  it('completes a job by a statement of its run, as pg-boss completes it, or not at all when that rolls back', async () => {
    const own = new JobQueue(app.database, { logger: createLogger('silent'), retryDelaySeconds: 0 });
    let rollBacks = 1;
    own.define<{ n: number }>({
      name: 'test.own-completion',
      retryLimit: 1,
      run: async (_data, context) => {
        await app.database.db.transaction(async (tx) => {
          await tx.execute(sql`with completed as (${context.completion}) select 1`);
          context.completed();
          if (rollBacks-- > 0) throw new Error('rolled back');
        });
      },
    });
    own.define<{ n: number }>({ name: 'test.pg-boss-completion', retryLimit: 1, run: async () => undefined });
    await own.start();
    await own.send('test.own-completion', { n: 1 });
    await own.send('test.pg-boss-completion', { n: 1 });
    // The first run's completion rolled back with its transaction: the job was retried (at once:
    // no delay here), and the retry completed it.
    expect(await own.drain()).toBe(3);
    const { rows } = await app.database.execute(
      `select name, state, retry_count, completed_on is not null as completed, output from pgboss.job
        where name in ('test.own-completion', 'test.pg-boss-completion') order by name`,
    );
    expect(rows).toEqual([
      { name: 'test.own-completion', state: 'completed', retry_count: 1, completed: true, output: null },
      { name: 'test.pg-boss-completion', state: 'completed', retry_count: 0, completed: true, output: null },
    ]);
    await own.stop();
  });

  it('runs a job its statement inserts for a free worker of this process from the commit, with no fetch', async () => {
    const own = new JobQueue(app.database, { logger: createLogger('silent'), retryDelaySeconds: 5 });
    const ran: Array<{ data: unknown; id: string; attempt: number }> = [];
    own.define<{ via: string }>({
      name: 'test.claimed',
      retryLimit: 2,
      expireInSeconds: 60,
      run: async (data, context) => {
        ran.push({ data, id: context.id, attempt: context.attempt });
      },
    });
    await own.work({ recoverAbandoned: false });
    const source = sql.raw('source');
    const insert = async (db: Pick<typeof app.database.db, 'execute'>, via: string) => {
      const claim = await freeSlot(own, 'test.claimed');
      await db.execute(sql`
        with ${source} as (select ${via}::text as via)
        ${await own.insertFrom('test.claimed', sql`jsonb_build_object('via', ${source}.via)`, source, claim)}`);
      await claim.inserted({ via });
      return claim;
    };
    const row = async (db: Pick<typeof app.database.db, 'execute'>, id: string) =>
      rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select state, retry_count, started_on is not null as started, completed_on is not null as completed,
                 retry_limit, retry_delay, extract(epoch from expire_in)::int as expire_seconds
            from pgboss.job where id = ${id}`),
      );

    // Inserted as started (as pg-boss's fetch leaves a job), and run only from the commit.
    let claimed!: string;
    await app.database.db.transaction(async (tx) => {
      claimed = (await insert(tx, 'committed')).id;
      expect(await row(tx, claimed)).toEqual([
        {
          state: 'active',
          retry_count: 0,
          started: true,
          completed: false,
          retry_limit: 2,
          retry_delay: 5,
          expire_seconds: 60,
        },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ran).toEqual([]);
    });
    for (let i = 0; i < 200 && (await row(app.database.db, claimed))[0]?.state !== 'completed'; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).toEqual([{ data: { via: 'committed' }, id: claimed, attempt: 1 }]);
    expect((await row(app.database.db, claimed))[0]).toMatchObject({ state: 'completed', completed: true });

    // A rollback takes the job and frees its slot (the kind runs one at a time: a second claim
    // would be refused otherwise).
    let rolledBack!: string;
    await app.database.db
      .transaction(async (tx) => {
        rolledBack = (await insert(tx, 'rolled back')).id;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await row(app.database.db, rolledBack)).toEqual([]);
    const again = await freeSlot(own, 'test.claimed');
    again.release();
    expect(ran).toHaveLength(1);

    // No slot held while another is: the job is inserted to wait, and fetched as usual.
    const holding = await freeSlot(own, 'test.claimed');
    expect(own.claim('test.claimed')).toBeUndefined();
    holding.release();
    // Nothing was fetched for the claimed job: pg-boss's own send of the same kind runs too.
    await own.send('test.claimed', { via: 'send' });
    for (let i = 0; i < 200 && ran.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran.map((run) => run.data)).toEqual([{ via: 'committed' }, { via: 'send' }]);
    await own.stop();
    expect(own.claim('test.claimed')).toBeUndefined();
  });

  it('gives a claimed job back to the queue when the worker stopped before it could run it', async () => {
    const own = new JobQueue(app.database, { logger: createLogger('silent'), retryDelaySeconds: 0 });
    own.define<{ via: string }>({ name: 'test.given-back', run: async () => undefined });
    await own.work({ recoverAbandoned: false });
    const source = sql.raw('source');
    const claim = await freeSlot(own, 'test.given-back');
    await own.stop();
    await app.database.db.execute(sql`
      with ${source} as (select 'late' as via)
      ${await own.insertFrom('test.given-back', sql`jsonb_build_object('via', ${source}.via)`, source, claim)}`);
    await claim.inserted({ via: 'late' });
    let rows: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 200 && rows[0]?.state !== 'created'; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      ({ rows } = await app.database.execute(
        `select state, started_on is null as waiting, retry_count from pgboss.job where id = $1`,
        [claim.id],
      ));
    }
    expect(rows).toEqual([{ state: 'created', waiting: true, retry_count: 0 }]);
    const ran: unknown[] = [];
    const next = new JobQueue(app.database, { logger: createLogger('silent'), retryDelaySeconds: 0 });
    next.define<{ via: string }>({ name: 'test.given-back', run: async (data) => void ran.push(data) });
    expect(await next.drain()).toBe(1);
    expect(ran).toEqual([{ via: 'late' }]);
    await next.stop();
  });

  it("starts due jobs as pg-boss's fetch does, with a plan of the queue's own partition", async () => {
    const own = new JobQueue(app.database, { logger: createLogger('silent'), retryDelaySeconds: 0 });
    own.define<{ n: number }>({ name: 'test.fetch', retryLimit: 2, expireInSeconds: 120, run: async () => undefined });
    own.define<{ n: number }>({ name: 'test.fetch-other', run: async () => undefined });
    await own.start();
    const boss = new PgBoss({
      db: { executeSql: (text, values) => app.database.execute(text, values) },
      supervise: false,
      schedule: false,
    });
    await boss.start();
    // Two pairs of jobs alike: one new, one waiting for its retry; Kawan starts the first pair, pg-boss the second.
    const pair = async (first: number) => {
      await own.send('test.fetch', { n: first });
      await own.send('test.fetch', { n: first + 1 });
      await own.send('test.fetch-other', { n: first });
      await app.database.execute(
        `update pgboss.job set state = 'retry', started_on = now() - interval '1 minute', retry_count = 1
          where name = 'test.fetch' and (data->>'n')::int = $1`,
        [first + 1],
      );
    };
    await pair(1);
    const kawans = await own.fetch('test.fetch', 5);
    await pair(3);
    const bosses = await boss.fetch<{ n: number }>('test.fetch', { batchSize: 5, includeMetadata: true });
    const seen = (jobs: WorkerJob[], offset: number) =>
      jobs
        .map((job) => ({
          n: (job.data as { n: number }).n - offset,
          name: job.name,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          expireInSeconds: Number(job.expireInSeconds),
        }))
        .sort((a, b) => a.n - b.n);
    expect(seen(kawans, 0)).toEqual([
      { n: 1, name: 'test.fetch', retryCount: 0, retryLimit: 2, expireInSeconds: 120 },
      { n: 2, name: 'test.fetch', retryCount: 2, retryLimit: 2, expireInSeconds: 120 },
    ]);
    expect(seen(kawans, 0)).toEqual(seen(bosses, 2));
    const { rows } = await app.database.execute(
      `select (data->>'n')::int as n, state, retry_count, started_on > now() - interval '1 minute' as started
         from pgboss.job where name = 'test.fetch' order by 1`,
    );
    expect(rows).toEqual([
      { n: 1, state: 'active', retry_count: 0, started: true },
      { n: 2, state: 'active', retry_count: 2, started: true },
      { n: 3, state: 'active', retry_count: 0, started: true },
      { n: 4, state: 'active', retry_count: 2, started: true },
    ]);
    expect(await own.fetch('test.fetch', 5)).toEqual([]);
    expect(await own.fetch('test.fetch-other', 5)).toHaveLength(2);

    // The plan PostgreSQL keeps for the prepared statement (a generic one) reads and changes the queue's partition only.
    const relations = (text: string, types: string, values: string) =>
      app.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
        await tx.execute(sql.raw(`prepare fetching(${types}) as ${text}`));
        const plan = rowsOf(await tx.execute(sql.raw(`explain (format json) execute fetching(${values})`)));
        await tx.execute(sql.raw('deallocate fetching'));
        // Partitions the plan holds: those it names, and those its executor's start pruned away.
        const names = new Set<string>();
        let pruned = 0;
        JSON.stringify(plan, (key, value: unknown) => {
          if (key === 'Relation Name' && typeof value === 'string') names.add(value);
          if (key === 'Subplans Removed' && typeof value === 'number') pruned += value;
          return value;
        });
        return { names, pruned };
      });
    const { rows: queues } = await app.database.execute(
      `select name, partition_name from pgboss.queue where name in ('test.fetch', 'test.fetch-other') order by name`,
    );
    const [partition, other] = queues.map((queue) => queue.partition_name as string);
    // The parent table is named as the update's target.
    expect(await relations(fetchText('test.fetch'), 'int', '1')).toEqual({
      names: new Set(['job', partition]),
      pruned: 0,
    });
    // The same statement with the name as a parameter, as pg-boss sends it: every queue's partition,
    // pruned when it runs (PostgreSQL plans it again each time rather than keep that).
    const named = await relations(
      fetchText('test.fetch').replace(/'test\.fetch'/g, '$2::text'),
      'int, text',
      "1, 'test.fetch'",
    );
    expect(named.names.has(other) || named.pruned > 0).toBe(true);
    expect(named.names.size - 1 + named.pruned).toBeGreaterThan(2);
    await boss.stop({ graceful: false, close: false, wait: true });
    await own.stop();
  });

  it('runs one job per kind while work a client waits on is in flight, and the rest once it ends', async () => {
    const own = new JobQueue(app.database, { logger: createLogger('silent'), retryDelaySeconds: 0 });
    const releases: Array<() => void> = [];
    let runningNow = 0;
    let most = 0;
    let done = 0;
    own.define<{ n: number }>({
      name: 'test.held',
      concurrency: 3,
      run: async () => {
        runningNow += 1;
        most = Math.max(most, runningNow);
        await new Promise<void>((resolve) => releases.push(resolve));
        runningNow -= 1;
        done += 1;
      },
    });
    await own.work({ recoverAbandoned: false });
    const until = async (condition: () => boolean) => {
      for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(condition()).toBe(true);
    };
    let finish!: () => void;
    const acknowledged = own.urgent(async () => {
      for (let n = 1; n <= 4; n++) await own.send('test.held', { n });
      await new Promise<void>((resolve) => (finish = resolve));
      return 'acknowledged';
    });
    await until(() => runningNow === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(most).toBe(1);
    releases.shift()!();
    await until(() => done === 1 && runningNow === 1);
    expect(most).toBe(1);
    finish();
    expect(await acknowledged).toBe('acknowledged');
    await until(() => runningNow === 3);
    while (done < 4) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(most).toBe(3);
    await own.stop();
  });

  it('refuses an unknown job name', async () => {
    await expect(queue.send('test.unknown', {})).rejects.toThrow('Unknown job test.unknown');
  });
});
