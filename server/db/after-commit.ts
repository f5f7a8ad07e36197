import { AsyncLocalStorage } from 'node:async_hooks';

/** Work waiting for the transaction it was queued in to commit. */
type Callback = () => unknown;

interface Frame {
  callbacks: Callback[];
  /** Work to undo if this transaction or savepoint rolls back (`afterRollback`). */
  rollbacks?: Callback[];
  /** Values kept with this transaction or savepoint (`transactionLocal`). */
  locals?: Map<symbol, unknown>;
}

const frames = new AsyncLocalStorage<Frame>();

/**
 * Transactions running now, savepoints included. While an AsyncLocalStorage is enabled, Node 20
 * runs a hook for every promise the process makes (an await chain runs 2.5 times slower), whether
 * or not it belongs to a transaction; so the storage is enabled only while a transaction runs
 * (`run` enables it) and disabled when the last one ends. A page that opens no transaction, most
 * of them, never pays for it (docs/decisions/011).
 */
let running = 0;
const tracked = Symbol.for('kawan.afterCommit.tracked');

/** Whatever has a drizzle-style `transaction(fn, config?)`: the database or a transaction. */
interface Transactional {
  transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;
}

/** Reports what a callback run after commit threw (the data is committed; nobody awaits the callback). */
export type AfterCommitErrorHandler = (error: unknown) => void;

/**
 * Laravel's `DB::afterCommit`: inside a transaction (of a database passed through
 * `trackTransactions`), `callback` runs once the outermost transaction has committed, and never
 * if it (or the savepoint it was queued in) rolls back. Outside any transaction it runs now.
 * Resolves when the callback has run (now) or has been queued (in a transaction).
 */
export async function afterCommit(callback: Callback): Promise<void> {
  const frame = frames.getStore();
  if (frame) {
    frame.callbacks.push(callback);
    return;
  }
  await callback();
}

/**
 * Inside a transaction: `callback` runs if the transaction, or the savepoint it was queued in,
 * rolls back (for state kept outside the database, such as a slot held for what a statement
 * inserted). Never outside one, and never after a commit.
 */
export function afterRollback(callback: Callback): void {
  const frame = frames.getStore();
  if (!frame) return;
  (frame.rollbacks ??= []).push(callback);
}

/**
 * A value kept with the transaction the caller runs in (its innermost savepoint), made by `create`
 * on first use; undefined outside a transaction. For work done once per transaction: `create` can
 * queue the one `afterCommit` callback that reads the value when it has committed.
 */
export function transactionLocal<T>(key: symbol, create: () => T): T | undefined {
  const frame = frames.getStore();
  if (!frame) return undefined;
  frame.locals ??= new Map();
  if (!frame.locals.has(key)) frame.locals.set(key, create());
  return frame.locals.get(key) as T;
}

/**
 * Makes every `db.transaction(…)` (and every nested `tx.transaction(…)` savepoint) a unit of work
 * for `afterCommit`: callbacks queued while it runs are handed to the enclosing transaction when a
 * savepoint is released, run in order after the outermost commit, and dropped on a rollback.
 * Callbacks run after commit are awaited one after the other before `transaction()` resolves;
 * what they throw goes to `onError` and never undoes the commit. Patches the object in place
 * (idempotent) so every holder of the database gets the behaviour.
 */
export function trackTransactions<T extends object>(db: T, onError: AfterCommitErrorHandler): T {
  patch(db as unknown as Transactional, onError);
  return db;
}

function patch(target: Transactional, onError: AfterCommitErrorHandler): void {
  const marked = target as unknown as Record<symbol, boolean>;
  if (marked[tracked]) return;
  const original = target.transaction.bind(target);
  target.transaction = async (fn, config) => {
    const parent = frames.getStore();
    const frame: Frame = { callbacks: [] };
    running += 1;
    let result: unknown;
    try {
      result = await original(
        ((tx: Transactional) => {
          patch(tx, onError);
          return frames.run(frame, () => fn(tx as never));
        }) as (tx: never) => Promise<unknown>,
        config,
      );
    } catch (error) {
      for (const callback of frame.rollbacks ?? []) {
        try {
          await callback();
        } catch (rollbackError) {
          onError(rollbackError);
        }
      }
      throw error;
    } finally {
      running -= 1;
      if (running === 0) frames.disable();
    }
    if (parent) {
      // A savepoint (or a transaction begun inside another): its work waits for the outer commit,
      // and is undone if the outer one rolls back.
      parent.callbacks.push(...frame.callbacks);
      if (frame.rollbacks) (parent.rollbacks ??= []).push(...frame.rollbacks);
    } else {
      for (const callback of frame.callbacks) {
        try {
          await callback();
        } catch (error) {
          onError(error);
        }
      }
    }
    return result;
  };
  marked[tracked] = true;
}
