import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/env';
import { setFlagsFromString } from 'node:v8';
import { StatementNames } from './prepared-statements';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';
import { WriteObserver } from './write-observer';
import { JobQueue } from '../jobs/queue';
import { projectPath } from '../support/paths';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /** Reports every insert, update and delete once it succeeded (the hot cache listens). */
  writes: WriteObserver;
  driver: 'pglite' | 'postgres';
  /** The server's URL (PostgreSQL only): another process of the same deployment opens it too. */
  url?: string;
  migrate(): Promise<void>;
  /**
   * Runs SQL as written, outside Drizzle (the job queue's own statements): with values, one
   * parameterised statement; without, any number of statements.
   */
  execute(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Answers true once the database answers a query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = projectPath('server', 'db', 'migrations');

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent, the embedded PGlite database is used. */
  url?: string;
  /** Where PGlite keeps its files; `memory://` keeps them in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /**
   * Told when an idle pooled connection to the server fails (the server restarted, or an
   * administrator ended it). The pool drops that connection and opens a new one on the next query;
   * without a listener the error would end the process.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * A long-running process (`npm start`, `npm run worker`): PGlite's WebAssembly is compiled once,
   * optimized, instead of V8's quick baseline code first and optimized code for hot functions
   * later, both kept. About 35 MB less resident memory for the life of the process, for about a
   * second more at start-up (docs/decisions/011). Tests, which open many short-lived databases,
   * keep V8's default.
   */
  longRunning?: boolean;
  /** On a PostgreSQL server: statements with parameters run prepared (default true). */
  preparedStatements?: boolean;
}

/**
 * Where the configuration says the database is and how to talk to it (`DATABASE_URL`, the data
 * directory's `db/`, `DATABASE_PREPARED_STATEMENTS`): every process and script opens it this way.
 */
export function configuredDatabase(
  config: Config,
): Required<Pick<DatabaseOptions, 'dataDir' | 'preparedStatements'>> & Pick<DatabaseOptions, 'url'> {
  return {
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
    preparedStatements: config.databasePreparedStatements,
  };
}

/**
 * pgvector's HNSW search, over a large knowledge's own index (server/knowledge/vector-index.ts):
 * a wider candidate list than the default 40 finds 81 % of the exact nearest 20 chunks instead of
 * 65 % (bench/retrieval, 19,824 chunks, 7.5 ms against 3.3 ms), and an iterative scan keeps going
 * when disabled chunks or sources were filtered out after the scan (docs/decisions/013).
 */
export const vectorSearchSettings = { 'hnsw.iterative_scan': 'relaxed_order', 'hnsw.ef_search': '100' };

/** PostgreSQL settings of the embedded database: small buffers for a process that is mostly Node. */
export const pgliteSettings = ['shared_buffers=16MB', 'wal_buffers=1MB', 'work_mem=2MB', 'maintenance_work_mem=16MB'];

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url
    ? await openPostgres(options.url, options.onConnectionError, options.preparedStatements ?? true)
    : await openPglite(options);
  const migrateTables = handle.migrate;
  // The job queue's tables (pg-boss keeps its own schema, `pgboss`, and its own migrations).
  handle.migrate = async () => {
    await migrateTables();
    await JobQueue.install(handle);
  };
  return handle;
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // Read when a WebAssembly module is compiled: PGlite's is compiled by PGlite.create below.
  if (options.longRunning) setFlagsFromString('--no-liftoff');
  const client = await PGlite.create(dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // An embedded database of one application: PostgreSQL's server-sized buffers (128 MB of shared
    // buffers alone) would be most of the process's memory (docs/decisions/011).
    postgresqlconf: pgliteSettings,
    // pgvector, for knowledge embeddings (migration 0003 creates the extension); pg_trgm and
    // btree_gin for the inbox's search of messages (migration 0032).
    extensions: { vector, pg_trgm, btree_gin },
  });
  await client.exec(
    Object.entries(vectorSearchSettings)
      .map(([name, value]) => `set ${name} = ${value};`)
      .join(' '),
  );
  const writes = new WriteObserver();
  writes.wrap(client);
  // A transaction runs its statements on an object of its own.
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      writes.wrap(tx);
      return callback(tx);
    });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    writes,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    execute: async (text, values) => {
      if (values && values.length > 0)
        return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  onConnectionError: (error: Error) => void = (error) =>
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`),
  preparedStatements = true,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Session settings of every pooled connection, sent when it opens.
    options: Object.entries(vectorSearchSettings)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  });
  pool.on('error', onConnectionError);
  // Every statement, pooled or in a transaction, runs on one of the pool's clients.
  const writes = new WriteObserver();
  const names = preparedStatements ? new StatementNames() : undefined;
  pool.on('connect', (client) => {
    names?.prepareOn(client);
    writes.wrap(client);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    writes,
    driver: 'postgres',
    url,
    migrate: () => migratePg(db as never, { migrationsFolder }),
    execute: async (text, values) => ({ rows: (await pool.query<Record<string, unknown>>(text, values)).rows }),
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    close: () => pool.end(),
  };
}
