/**
 * The PostgreSQL database of one benchmark run: the Kawan child creates `kawan_bench_<random>` on
 * the server it is given, migrates and seeds it, and drops it when it stops; the parent drops it
 * again (if it still exists) once the child is gone, in case the child could not.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const namePattern = /^kawan_bench_[0-9a-f]{12}$/;

export function benchDatabaseName(): string {
  return `kawan_bench_${randomBytes(6).toString('hex')}`;
}

/** The server's URL with another database name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The URL without its password, for printing. */
export function redacted(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function checked(name: string): string {
  if (!namePattern.test(name)) throw new Error(`Not a benchmark database name: ${name}`);
  return name;
}

export function createDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, async (client) => {
    await client.query(`CREATE DATABASE "${checked(name)}"`);
  });
}

/** Drops the database if it exists, ending its connections first (PostgreSQL 13+ `WITH (FORCE)`). */
export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, async (client) => {
    try {
      await client.query(`DROP DATABASE IF EXISTS "${checked(name)}" WITH (FORCE)`);
    } catch {
      // Before PostgreSQL 13: end the connections by hand.
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      await client.query(`DROP DATABASE IF EXISTS "${checked(name)}"`);
    }
  });
}

export function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  return onServer(serverUrl, async (client) => {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return (result.rowCount ?? 0) > 0;
  });
}
