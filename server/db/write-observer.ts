/**
 * Tells listeners which table a statement wrote, once the database has answered it: the hot cache
 * (server/cache) drops what it read from that table. It watches the driver's `query` itself, so
 * every write is seen whichever repository, action or script made it, in a transaction or not.
 */
export type WriteListener = (table: string) => void;

/**
 * A statement beginning with this comment is not reported: its caller keeps the cache right itself
 * (the session store's write-through). A comment rather than an ambient flag: an AsyncLocalStorage
 * would cost every promise of the process a hook (server/db/after-commit.ts).
 */
export const writeThroughMark = '/* kawan:write-through */ ';

/** `insert into "t"`, `update "t"`, `delete from "t"`, as drizzle and hand-written SQL begin. */
const writeStatement = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

/**
 * Tables a write reaches besides the one it names: the report triggers of migration 0006 (a
 * conversation's change adds its activity and marks its report day; a message's marks the day).
 */
const triggered: Record<string, readonly string[]> = {
  conversations: ['conversation_activities', 'report_dirty_days'],
  messages: ['report_dirty_days'],
};

/** Functions that write, called from a `select` (migration 0010), with the tables they write. */
const writingFunctions: [RegExp, readonly string[]][] = [
  [/\breserve_ai_credits\s*\(/i, ['usage_counters', 'credit_packs', 'usage_events']],
];

export class WriteObserver {
  private readonly listeners = new Set<WriteListener>();

  listen(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The table a statement writes, if it is an insert, update or delete. */
  static tableOf(text: unknown): string | undefined {
    if (typeof text !== 'string') return undefined;
    return writeStatement.exec(text)?.[1]?.toLowerCase();
  }

  /**
   * Every table a statement writes: its own (insert, update, delete), those its triggers write, or
   * those a writing function it calls writes.
   */
  static tablesOf(text: unknown): readonly string[] | undefined {
    const table = WriteObserver.tableOf(text);
    if (table !== undefined) {
      const more = triggered[table];
      return more ? [table, ...more] : [table];
    }
    if (typeof text !== 'string') return undefined;
    for (const [call, tables] of writingFunctions) if (call.test(text)) return tables;
    return undefined;
  }

  /**
   * Wraps `target[method]` (a driver's `query(text | { text }, …)` returning a promise) so that a
   * write is reported after it succeeded.
   */
  wrap(target: object, method = 'query'): void {
    const holder = target as Record<string, unknown>;
    const original = holder[method];
    if (typeof original !== 'function' || (original as { observed?: boolean }).observed) return;
    const notify = (tables: readonly string[]) => {
      for (const table of tables) for (const listener of this.listeners) listener(table);
    };
    const wrapped = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      const table = WriteObserver.tablesOf(
        typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text,
      );
      if (table === undefined) return (original as (...a: unknown[]) => unknown).apply(this, args);
      // The callback form (pg-pool's own pool.query calls its client that way).
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
          if (!error) notify(table);
          return (callback as (...a: unknown[]) => unknown)(error, ...rest);
        };
      }
      const result = (original as (...a: unknown[]) => unknown).apply(this, args);
      if (typeof callback === 'function' || !(result instanceof Promise)) return result;
      return result.then((value: unknown) => {
        notify(table);
        return value;
      });
    };
    (wrapped as { observed?: boolean }).observed = true;
    holder[method] = wrapped;
  }
}
