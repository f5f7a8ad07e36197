/**
 * The bot benchmark's databases: PGlite through the retrieval benchmark's helper, or a fresh
 * `kawan_bench_bot_<random>` database on a PostgreSQL server, created and migrated here and dropped
 * by `close` (and by `dropLeftover` on the way out of an interrupted run).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { databaseUrl, redacted } from '../support/postgres';
import { openBenchDatabase, type BenchDatabase, type DriverKind } from '../retrieval/database';

/** What the bot benchmark needs of a database: PGlite's is the retrieval benchmark's whole object. */
export type BotBenchDatabase = Pick<BenchDatabase, 'kind' | 'label' | 'db' | 'query' | 'close'> &
  Partial<Pick<BenchDatabase, 'capture'>>;

const namePattern = /^kawan_bench_bot_[0-9a-f]{12}$/;
let leftover: { serverUrl: string; name: string } | undefined;

export async function openBotDatabase(kind: DriverKind, serverUrl?: string): Promise<BotBenchDatabase> {
  if (kind === 'pglite') return openBenchDatabase('pglite');
  if (!serverUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const name = `kawan_bench_bot_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database "${name}"`));
  leftover = { serverUrl, name };
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name) });
  await handle.migrate();
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  return {
    kind,
    label: `PostgreSQL server (${redacted(serverUrl)}, database ${name})`,
    db: handle.db,
    query: async (text, values) => (await pool.query<Record<string, unknown>>(text, values)).rows,
    close: async () => {
      await handle.close();
      await dropDatabase(serverUrl, name);
      leftover = undefined;
    },
  };
}

/** Drops the server database of a run that did not close it (an error or an interruption). */
export async function dropLeftover(): Promise<void> {
  if (!leftover) return;
  const { serverUrl, name } = leftover;
  leftover = undefined;
  await dropDatabase(serverUrl, name).catch((error: unknown) =>
    console.error(`  could not drop ${name}: ${error instanceof Error ? error.message : String(error)}`),
  );
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  if (!namePattern.test(name)) throw new Error(`Not a bot benchmark database name: ${name}`);
  await onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

async function onServer(serverUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
