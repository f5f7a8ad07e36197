import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';

/**
 * Names of the databases a run makes on a PostgreSQL server: `kawan_test_<run>_template` and one
 * `kawan_test_<run>_<file>` per test file, where `<run>` starts with the run's start time in
 * seconds. A run drops only its own databases, so two runs can share a server (a developer's and
 * CI's on the same machine) without one pulling the other's databases away mid-test.
 */
export const testDatabasePrefix = 'kawan_test_';

export function runId(now = Date.now()): string {
  return `${Math.floor(now / 1000)}_${randomBytes(3).toString('hex')}`;
}

/** When the run that made a test database started (ms), or undefined for other names. */
export function runStartedAt(name: string): number | undefined {
  const match = /^kawan_test_(\d+)_[0-9a-f]+_/.exec(name);
  return match ? Number(match[1]) * 1000 : undefined;
}

/**
 * A fresh migrated database for one test file: a clone of the migrated template, on PGlite by
 * default and on the PostgreSQL server of TEST_DATABASE_URL when it is set.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `${inject('postgresRun')}_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    const handle = await openDatabase({ url: withDatabase(url, name) });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

/** Runs statements on the server's maintenance connection (the database of `url`). */
export async function adminQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  ...statements: string[]
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows: Row[] = [];
    for (const statement of statements) rows = (await client.query<Row>(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
