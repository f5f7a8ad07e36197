import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { adminQuery, runId, runStartedAt, testDatabasePrefix, withDatabase } from '../helpers/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data dir (gzip dump) every test file starts from. */
    pgliteTemplate: string;
    /** Set when TEST_DATABASE_URL is: a migrated database every test file clones. */
    postgresTemplate: string;
    /** Set when TEST_DATABASE_URL is: the prefix of this run's databases. */
    postgresRun: string;
  }
}

/** Runs older than this are taken to have been killed; their databases are dropped. */
const abandonedAfterMs = 6 * 60 * 60 * 1000;

interface Templates {
  pgliteTemplate: string;
  postgresTemplate: string;
  postgresRun: string;
  /** Drops what the run made on the PostgreSQL server. */
  drop?: () => Promise<void>;
}

/**
 * Made once per run, whichever feature project asks first (`feature` and `feature-mocks` share
 * them), and dropped when the last project that asked has finished. Vitest loads this module
 * afresh for each project, in one process: the state lives on that process's global object.
 */
const shared = ((globalThis as { [key: symbol]: unknown })[Symbol.for('kawan.featureTemplates')] ??= {
  users: 0,
}) as { templates?: Promise<Templates>; users: number };

/** Migrates the schema once per run; each test file then clones the result (fast, isolated). */
export default async function setup(project: TestProject) {
  shared.users += 1;
  shared.templates ??= makeTemplates();
  const made = await shared.templates;
  project.provide('pgliteTemplate', made.pgliteTemplate);
  project.provide('postgresTemplate', made.postgresTemplate);
  project.provide('postgresRun', made.postgresRun);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    shared.templates = undefined;
    await made.drop?.();
  };
}

async function makeTemplates(): Promise<Templates> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const run = `${testDatabasePrefix}${runId()}`;
    const template = `${run}_template`;
    await dropDatabases(url, (name) => (runStartedAt(name) ?? Infinity) < Date.now() - abandonedAfterMs);
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: withDatabase(url, template) });
    await database.migrate();
    await database.close();
    return {
      pgliteTemplate: '',
      postgresTemplate: template,
      postgresRun: run,
      drop: () => dropDatabases(url, (name) => name.startsWith(`${run}_`)),
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  const client = (database as unknown as { db: { $client: { dumpDataDir(c: string): Promise<Blob> } } }).db.$client;
  const dump = await client.dumpDataDir('gzip');
  await database.close();
  const file = join(mkdtempSync(join(tmpdir(), 'kawan-pglite-')), 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { pgliteTemplate: file, postgresTemplate: '', postgresRun: '' };
}

async function dropDatabases(url: string, which: (name: string) => boolean): Promise<void> {
  const rows = await adminQuery<{ datname: string }>(
    url,
    `SELECT datname FROM pg_database WHERE datname LIKE '${testDatabasePrefix}%'`,
  );
  const doomed = rows.map((row) => row.datname).filter(which);
  if (doomed.length > 0) await adminQuery(url, ...doomed.map((name) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
