/**
 * The retrieval benchmark's databases: an in-memory PGlite, or a fresh `kawan_bench_<random>`
 * database on a PostgreSQL server (created here, dropped by `close`, and again on the way out if a
 * run was interrupted). Both are migrated like the application's. Also the tenants the benchmark
 * writes knowledge for: a user and a team each, inserted directly.
 */
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/client';
import { teams, users } from '../../server/db/schema/index';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, redacted } from '../support/postgres';

export type DriverKind = 'pglite' | 'postgres';

export interface BenchDatabase {
  kind: DriverKind;
  label: string;
  handle: DatabaseHandle;
  db: Database;
  /**
   * Runs one parameterised statement straight through the driver (PGlite's `query`, node-postgres'
   * pool), bypassing Drizzle: what the bare-SQL timings use.
   */
  query(text: string, values: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * Runs `work` with session settings applied (`SET name = value`) on one connection, then
   * resets them. On the server that is one client taken from the pool for the duration.
   */
  withSettings<T>(
    settings: Record<string, string>,
    work: (query: (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>,
  ): Promise<T>;
  /** Runs `work` and returns the statements Drizzle sent to the driver meanwhile (text and values). */
  capture<T>(work: () => Promise<T>): Promise<{ result: T; statements: Statement[] }>;
  close(): Promise<void>;
}

export interface Statement {
  text: string;
  values: unknown[];
}

/** Wraps the driver's `query` while `work` runs, recording what it is given. */
async function capturing<T>(client: { query: (...args: unknown[]) => unknown }, work: () => Promise<T>) {
  const statements: Statement[] = [];
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const config =
      typeof first === 'string' ? { text: first, values: undefined } : (first as { text: string; values?: unknown[] });
    statements.push({
      text: config.text,
      values: Array.isArray(second) ? (second as unknown[]) : (config.values ?? []),
    });
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    client.query = original;
  }
}

/** Databases created on a server and not dropped yet (dropped on the way out, also when interrupted). */
const created = new Set<string>();
const serverOf = new Map<string, string>();

export async function openBenchDatabase(kind: DriverKind, serverUrl?: string): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({});
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PgliteClient }).$client;
    const query = async (text: string, values: unknown[]) =>
      (await client.query<Record<string, unknown>>(text, values)).rows;
    return {
      kind,
      label: 'PGlite (in memory)',
      handle,
      db: handle.db,
      query,
      withSettings: async (settings, work) => {
        for (const [name, value] of Object.entries(settings)) await client.query(`set ${name} = ${value}`);
        try {
          return await work(query);
        } finally {
          for (const name of Object.keys(settings)) await client.query(`reset ${name}`);
        }
      },
      capture: (work) => capturing(client as never, work),
      close: () => handle.close(),
    };
  }
  if (!serverUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const name = benchDatabaseName();
  await createDatabase(serverUrl, name);
  created.add(name);
  serverOf.set(name, serverUrl);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name) });
  await handle.migrate();
  const pool = (handle.db as unknown as { $client: PgPool }).$client;
  return {
    kind,
    label: `PostgreSQL server (${redacted(serverUrl)}, database ${name})`,
    handle,
    db: handle.db,
    query: async (text, values) => (await pool.query(text, values)).rows,
    withSettings: async (settings, work) => {
      const client = await pool.connect();
      try {
        for (const [setting, value] of Object.entries(settings)) await client.query(`set ${setting} = ${value}`);
        return await work(async (text, values) => (await client.query(text, values)).rows);
      } finally {
        await client.query('reset all').catch(() => undefined);
        client.release();
      }
    },
    capture: (work) => capturing(pool as never, work),
    close: async () => {
      await handle.close();
      created.delete(name);
      // BENCH_KEEP_DATABASE=1 leaves the data for a look with psql afterwards.
      if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`  database ${name} kept (BENCH_KEEP_DATABASE)`);
      else await dropDatabase(serverUrl, name);
    },
  };
}

/** Drops the server databases a run created and did not drop (an error or an interruption). */
export async function dropLeftoverDatabases(): Promise<void> {
  for (const name of [...created]) {
    await dropDatabase(serverOf.get(name)!, name).catch((error: unknown) =>
      console.error(`  could not drop ${name}: ${error instanceof Error ? error.message : String(error)}`),
    );
    created.delete(name);
  }
}

let tenants = 0;

/** A user and their team, the owner of the knowledge written for one tenant. */
export async function createTenant(db: Database, name: string): Promise<number> {
  tenants += 1;
  const [user] = await db
    .insert(users)
    .values({ name, email: `tenant-${tenants}@bench.kawan.test`, password: '!' })
    .returning({ id: users.id });
  const [team] = await db.insert(teams).values({ userId: user.id, name }).returning({ id: teams.id });
  return team.id;
}

interface PgliteClient {
  query<Row>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

interface PgPool {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  connect(): Promise<{
    query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
    release(): void;
  }>;
}
