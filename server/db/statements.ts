import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Hot statements that Drizzle builds once per process and runs with new values each time, on the
 * pool or inside a transaction alike.
 *
 * A Drizzle query builder writes its SQL text, its parameter list and its row mapping anew on every
 * call. Measured here on a 20-column select by key: 220–400 µs of CPU through a repository, 136 µs
 * built once, 71–84 µs as a bare statement; a three-table join 600–780 µs through a repository.
 * That was most of the CPU a pipeline turn spent on its statements (decision 015's addendum of
 * 2026-12-03). Drizzle's own
 * answer, `.prepare()`, builds once, but the query it makes is bound to the session it was built
 * on, and a transaction is a session of its own. `statement()` keeps one built query per driver and
 * runs it on the connection of the database it is given: the pool, or the transaction's client.
 * That reads one field of Drizzle's sessions (`session.client`, the driver's pool, client or
 * transaction, which its own queries run on): tests/feature/foundation/built-statements.test.ts
 * fails if a Drizzle upgrade moves it.
 *
 * Values are placeholders (`value('id')`), filled at each run. A statement's text is the same on
 * every run, so a PostgreSQL server prepares it once per connection (prepared-statements.ts).
 */

interface Runnable<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

interface SessionOfDatabase {
  session: { client: unknown };
}

/** A placeholder for a value a statement takes at each run. */
export const value = sql.placeholder;

/**
 * The same placeholder where Drizzle's types want a column's own value (an update's `set`): Drizzle
 * fills it, and encodes it as that column's value, at each run.
 */
export function valueFor<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}

/**
 * A statement built once (by `build`, which ends with `.prepare('')`), run by the returned
 * function on whichever database or transaction it is given.
 */
export function statement<Result>(
  build: (db: Database) => Runnable<Result>,
): (db: Database, values: Record<string, unknown>) => Promise<Result> {
  // One per driver (PGlite and node-postgres make queries of different classes).
  const built = new Map<unknown, Runnable<Result>>();
  // The built query bound to each client it ran on (a pool's, or a transaction's), made once: a
  // pool has a few clients, and a transaction's goes with it.
  const boundTo = new WeakMap<object, Runnable<Result>>();
  return (db, values) => {
    const session = (db as unknown as SessionOfDatabase).session;
    const client = session.client as object;
    let bound = boundTo.get(client);
    if (!bound) {
      let prepared = built.get(session.constructor);
      if (!prepared) {
        prepared = build(db);
        built.set(session.constructor, prepared);
      }
      bound = Object.create(prepared, { client: { value: client } }) as Runnable<Result>;
      boundTo.set(client, bound);
    }
    return bound.execute(values);
  };
}

/**
 * `statement()` built once for each key it is asked for, with the key written into the statement's
 * text by `build` (a job kind: a value the server's plan of the statement depends on, see
 * `JobQueue.fetch`). For a handful of keys known to the code, never for values from a request.
 */
export function statementPer<Key, Result>(
  build: (db: Database, key: Key) => Runnable<Result>,
): (key: Key) => (db: Database, values: Record<string, unknown>) => Promise<Result> {
  const built = new Map<Key, (db: Database, values: Record<string, unknown>) => Promise<Result>>();
  return (key) => {
    let run = built.get(key);
    if (!run) {
      run = statement((db) => build(db, key));
      built.set(key, run);
    }
    return run;
  };
}
