import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { templateName } from '../helpers/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data dir (gzip dump) every test file starts from. */
    pgliteTemplate: string;
    /** Set when TEST_DATABASE_URL is: a migrated database every test file clones. */
    postgresTemplate: string;
  }
}

/** Migrates the schema once per run; each test file then clones the result (fast, isolated). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const template = await openDatabase({ url: withDatabase(url, templateName) });
    await template.migrate();
    await template.close();
    project.provide('postgresTemplate', templateName);
    project.provide('pgliteTemplate', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      const { rows } = await cleanup.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'kawan_test_%'`,
      );
      for (const row of rows) await cleanup.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  const client = (database as unknown as { db: { $client: { dumpDataDir(c: string): Promise<Blob> } } }).db.$client;
  const dump = await client.dumpDataDir('gzip');
  await database.close();
  const file = join(mkdtempSync(join(tmpdir(), 'kawan-pglite-')), 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
