/**
 * Server-side prepared statements for the PostgreSQL pool, without naming them in the code.
 *
 * Kawan's statements are few and repeated endlessly (a webhook delivery, a reply, a page runs the
 * same thirty or so texts with new values), and PostgreSQL parses, analyses and plans each
 * unnamed statement again on every execution. Given a name, node-postgres sends the text once per
 * connection (Parse) and then only the values (Bind): each execution skips PostgreSQL's parse and
 * analysis, and its planning too once PostgreSQL settles on a generic plan (it compares one against
 * the custom plans of the first five executions, so a statement whose best plan depends on its
 * values, such as a partial index, keeps custom plans). Measured on a 20-column select by primary
 * key over one connection: 165–212 µs a statement unnamed, 105–127 µs named (decision 015).
 *
 * Every statement with parameters is named after its text. Bounded: at most `maxNames` distinct
 * texts in the process, at most `perConnection` per connection (PostgreSQL keeps each one in the
 * backend's memory until the connection closes); past either bound a statement runs unnamed, as
 * before. Statements without parameters (`begin`, `commit`, DDL) keep the simple protocol.
 *
 * Behind a transaction-mode pooler older than PgBouncer 1.21, whose server connections change under
 * a client, named statements fail: `DATABASE_PREPARED_STATEMENTS=false` turns this off. A prepared
 * statement whose table later changes is re-planned by PostgreSQL; only a change of the columns a
 * statement returns fails it, and Kawan's statements name their columns (no `select *` from a
 * table), while `npm start` migrates before it serves.
 */
export interface NamingLimits {
  maxNames: number;
  perConnection: number;
}

export const defaultNamingLimits: NamingLimits = { maxNames: 2000, perConnection: 300 };

type QueryFunction = (...args: unknown[]) => unknown;

/** Names statements by text, process-wide, so every connection prepares a text under one name. */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly limits: NamingLimits = defaultNamingLimits) {}

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.limits.maxNames) return known;
    const name = `kawan_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * Wraps a pg client's `query` so that its statements with parameters run prepared. Submittables
   * (cursors, streams) and statements that already have a name go through unchanged.
   */
  prepareOn(client: object): void {
    const holder = client as { query: QueryFunction & { prepared?: boolean } };
    const original = holder.query;
    if (typeof original !== 'function' || original.prepared) return;
    const prepared = new Set<string>();
    const nameFor = (text: string): string | undefined => {
      const name = this.nameOf(text);
      if (name === undefined) return undefined;
      if (!prepared.has(name)) {
        if (prepared.size >= this.limits.perConnection) return undefined;
        prepared.add(name);
      }
      return name;
    };
    const query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      if (typeof first === 'string') {
        if (Array.isArray(second) && second.length > 0) {
          const name = nameFor(first);
          if (name !== undefined) args[0] = { name, text: first };
        }
      } else if (isPlainConfig(first)) {
        const values = Array.isArray(second) ? second : first.values;
        if (Array.isArray(values) && values.length > 0) {
          const name = nameFor(first.text);
          // A copy: drizzle hands the same config object to every execution of a query.
          if (name !== undefined) args[0] = { ...first, name };
        }
      }
      return original.apply(this, args);
    };
    query.prepared = true;
    holder.query = query;
  }
}

function isPlainConfig(value: unknown): value is { text: string; name?: string; values?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as { text?: unknown; name?: unknown; submit?: unknown };
  // An empty name is PostgreSQL's unnamed statement (Drizzle's `.prepare('')`, server/db/statements.ts).
  return typeof config.text === 'string' && !config.name && typeof config.submit !== 'function';
}
