import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/app';
import { JobQueue } from '../../../server/jobs/queue';
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

  it('refuses an unknown job name', async () => {
    await expect(queue.send('test.unknown', {})).rejects.toThrow('Unknown job test.unknown');
  });
});
