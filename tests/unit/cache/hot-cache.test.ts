import { describe, expect, it } from 'vitest';
import { HotCache } from '../../../server/cache/hot-cache';
import { WriteObserver } from '../../../server/db/write-observer';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('HotCache', () => {
  it('loads once, then answers from memory with a copy callers may change', async () => {
    const cache = new HotCache();
    let loads = 0;
    const load = async (): Promise<{ n: number }> => ({ n: ++loads });
    const first = await cache.get<{ n: number }>('k', { groups: ['users'] }, load, structuredClone);
    first.n = 99;
    expect(await cache.get('k', { groups: ['users'] }, load, structuredClone)).toEqual({ n: 1 });
    expect(loads).toBe(1);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 1 });
  });

  it('a write to a table drops every entry read from it, and no other', async () => {
    const cache = new HotCache();
    await cache.get('user:1', { groups: ['users'] }, async () => 'ayu');
    await cache.get('teams-of:1', { groups: ['teams', 'team_user'] }, async () => ['toko']);
    cache.drop({ groups: ['team_user'] });
    let loads = 0;
    expect(await cache.get('teams-of:1', { groups: ['teams'] }, async () => (loads++, ['toko', 'warung']))).toEqual([
      'toko',
      'warung',
    ]);
    expect(await cache.get('user:1', { groups: ['users'] }, async () => (loads++, 'budi'))).toBe('ayu');
    expect(loads).toBe(1);
  });

  it('drops by key and by tag', async () => {
    const cache = new HotCache();
    await cache.get('a', { groups: [], tags: ['t1'] }, async () => 1);
    await cache.get('b', { groups: [] }, async () => 2);
    cache.drop({ tags: ['t1'], keys: ['b'] });
    expect(cache.size).toBe(0);
  });

  it('keeps nothing a load read before a write that finished while it ran', async () => {
    const cache = new HotCache();
    const slow = deferred<string>();
    const reading = cache.get('user:1', { groups: ['users'] }, () => slow.promise);
    // The write commits and reports itself while the old row is on its way back.
    cache.drop({ groups: ['users'] });
    slow.resolve('old name');
    expect(await reading).toBe('old name');
    expect(await cache.get('user:1', { groups: ['users'] }, async () => 'new name')).toBe('new name');
  });

  it('shares one load between concurrent readers, but a drop makes later readers load afresh', async () => {
    const cache = new HotCache();
    const slow = deferred<string>();
    let loads = 0;
    const load = () => (loads++, slow.promise);
    const a = cache.get('k', { groups: ['g'] }, load);
    const b = cache.get('k', { groups: ['g'] }, load);
    cache.drop({ groups: ['g'] });
    const c = cache.get('k', { groups: ['g'] }, async () => (loads++, 'fresh'));
    slow.resolve('stale');
    expect([await a, await b, await c]).toEqual(['stale', 'stale', 'fresh']);
    expect(loads).toBe(2);
  });

  it('serves nothing past its time to live, and keeps at most maxEntries', async () => {
    let now = 0;
    const cache = new HotCache({ ttlMs: 1000, maxEntries: 2, now: () => now });
    await cache.get('a', { groups: [] }, async () => 1);
    now = 1001;
    expect(await cache.get('a', { groups: [] }, async () => 2)).toBe(2);
    await cache.get('b', { groups: [] }, async () => 3);
    await cache.get('c', { groups: [] }, async () => 4);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', { groups: [] }, async () => 5)).toBe(5);
  });

  it('while disabled keeps and serves nothing, and starts empty when enabled again', async () => {
    const cache = new HotCache();
    await cache.get('a', { groups: [] }, async () => 1);
    cache.setEnabled(false);
    expect(await cache.get('a', { groups: [] }, async () => 2)).toBe(2);
    expect(cache.size).toBe(0);
    cache.setEnabled(true);
    expect(await cache.get('a', { groups: [] }, async () => 3)).toBe(3);
  });

  it('peek answers a fresh kept value at once (null included), and nothing it would have to load', async () => {
    let now = 0;
    const cache = new HotCache({ ttlMs: 1000, now: () => now });
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', { groups: ['g'] }, async () => ({ n: 1 }));
    await cache.get('none', { groups: ['g'] }, async () => null);
    expect(cache.peek('a')).toEqual({ value: { n: 1 } });
    expect(cache.peek('none')).toEqual({ value: null });
    cache.drop({ groups: ['g'] });
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', { groups: ['g'] }, async () => ({ n: 3 }));
    now = 1000;
    expect(cache.peek('a')).toBeUndefined(); // expired: get() loads it again
    cache.setEnabled(false);
    expect(cache.peek('none')).toBeUndefined();
  });

  it('write-through: put replaces the value and update changes it in place', async () => {
    const cache = new HotCache();
    cache.put('s', { lastActivity: 1 }, { groups: ['sessions'] });
    cache.update<{ lastActivity: number }>('s', (value) => ({ ...value, lastActivity: 2 }));
    expect(await cache.get('s', { groups: ['sessions'] }, async () => ({ lastActivity: 0 }))).toEqual({
      lastActivity: 2,
    });
  });
});

describe('WriteObserver', () => {
  it('names the table of inserts, updates and deletes, and nothing for reads', () => {
    expect(WriteObserver.tableOf('insert into "team_user" ("team_id") values ($1)')).toBe('team_user');
    expect(WriteObserver.tableOf('update "users" set "name" = $1 where "users"."id" = $2')).toBe('users');
    expect(WriteObserver.tableOf('  DELETE FROM sessions WHERE id = $1')).toBe('sessions');
    expect(WriteObserver.tableOf('select "id" from "users"')).toBeUndefined();
    expect(WriteObserver.tableOf({})).toBeUndefined();
  });

  it('names the tables a write reaches through triggers and writing functions too', () => {
    expect(WriteObserver.tablesOf('update "conversations" set "state" = $1')).toEqual([
      'conversations',
      'conversation_activities',
      'report_dirty_days',
    ]);
    expect(WriteObserver.tablesOf('insert into "messages" ("text") values ($1)')).toEqual([
      'messages',
      'report_dirty_days',
    ]);
    expect(WriteObserver.tablesOf('update "users" set "name" = $1')).toEqual(['users']);
    expect(WriteObserver.tablesOf('\n      select * from reserve_ai_credits(\n $1::int, $2)')).toEqual([
      'usage_counters',
      'credit_packs',
      'usage_events',
    ]);
    expect(WriteObserver.tablesOf('select "used" from "usage_counters"')).toBeUndefined();
  });

  it('reports every table a write reaches, after the statement answered', async () => {
    const seen: string[] = [];
    const observer = new WriteObserver();
    observer.listen((table) => seen.push(table));
    const driver = { query: async (_q: unknown) => ({ rows: [] }) };
    observer.wrap(driver);
    await driver.query({ text: 'select * from reserve_ai_credits($1)' });
    expect(seen).toEqual(['usage_counters', 'credit_packs', 'usage_events']);
  });

  it('reports a write once the driver answered it, in string and config form', async () => {
    const seen: string[] = [];
    const observer = new WriteObserver();
    observer.listen((table) => seen.push(table));
    const driver = {
      query: async (_q: unknown) => {
        seen.push('answered');
        return { rows: [] };
      },
    };
    observer.wrap(driver);
    observer.wrap(driver); // once only
    await driver.query('update "users" set "name" = $1');
    await driver.query({ text: 'delete from "notifications" where id = $1' });
    await driver.query('select 1');
    expect(seen).toEqual(['answered', 'users', 'answered', 'notifications', 'answered']);
  });

  it('reports a write made through the callback form once its callback is called without an error', async () => {
    const seen: string[] = [];
    const observer = new WriteObserver();
    observer.listen((table) => seen.push(table));
    const driver = {
      query: (text: string, values: unknown[], done: (error: Error | null, result?: unknown) => void) => {
        setImmediate(() => (text.includes('fail') ? done(new Error('no')) : done(null, { rows: [] })));
      },
    };
    observer.wrap(driver);
    await new Promise((resolve) => driver.query('update "teams" set x = 1', [], resolve));
    await new Promise((resolve) => driver.query('update "users" set fail = 1', [], resolve));
    expect(seen).toEqual(['teams']);
  });

  it('reports nothing for a write that failed', async () => {
    const seen: string[] = [];
    const observer = new WriteObserver();
    observer.listen((table) => seen.push(table));
    const driver = { query: async () => Promise.reject(new Error('unique violation')) };
    observer.wrap(driver);
    await expect(driver.query()).rejects.toThrow();
    await expect((driver.query as (q: string) => Promise<unknown>)('insert into "users" values (1)')).rejects.toThrow();
    expect(seen).toEqual([]);
  });
});
