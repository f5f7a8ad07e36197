import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { createTestApp } from '../../helpers/app';
import { adminQuery, withDatabase } from '../../helpers/database';
import { fakeOpenAi } from '../../helpers/fake-openai';
import { createOwnedTeam } from '../../factories/teams';
import { addSource } from '../../../server/domain/knowledges/actions/add-source';
import { createKnowledge } from '../../../server/domain/knowledges/actions/create-knowledge';

/**
 * A worker process (`npm run worker`) killed with SIGKILL in the middle of an ingest: after a
 * restart the job runs again and the source ends with exactly one set of chunks, as if it had run
 * once. Runs on the embedded database in a data directory (PGlite) or, with TEST_DATABASE_URL, on
 * a database of the PostgreSQL server.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const env = {
  NODE_ENV: 'test',
  APP_URL: 'http://127.0.0.1',
  APP_KEY: 'base64:dGVzdGluZy1rZXktZm9yLWthd2FuLXRlc3RzLTMyYiE=',
  LOG_LEVEL: 'silent',
  REVERB_APP_ID: '100001',
  REVERB_APP_KEY: 'test-app-key',
  REVERB_APP_SECRET: 'test-app-secret-0123456789',
  AI_EMBEDDING_MODEL: 'fake-embed-small',
  SEED_DEMO: 'false',
};

/** Where this test's database lives: a PGlite data directory, or a fresh database on the server. */
async function storage(): Promise<{ open: () => Promise<DatabaseHandle>; env: Record<string, string> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kawan-killed-worker-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = process.env.TEST_DATABASE_URL;
  if (url && inject('postgresTemplate')) {
    const name = `${inject('postgresRun')}_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    cleanups.push(() => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined));
    const databaseUrl = withDatabase(url, name);
    return { open: () => openDatabase({ url: databaseUrl }), env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } };
  }
  return { open: () => openDatabase({ dataDir: join(dataDir, 'db') }), env: { DATA_DIR: dataDir } };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('a worker killed mid-job', () => {
  it('leaves nothing half-done: after a restart the job runs again and the source has one set of chunks', async () => {
    const where = await storage();
    const embeddings = await fakeOpenAi();
    cleanups.push(() => embeddings.close());
    embeddings.hang(true);

    // The knowledge and its source are made (and the job queued) by the app, which then closes.
    let database = await where.open();
    await database.migrate();
    let app = await createTestApp({
      database,
      env: { ...where.env, AI_BASE_URL: embeddings.baseUrl, AI_EMBEDDING_MODEL: env.AI_EMBEDDING_MODEL },
    });
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const actor = { userId: owner.id, teamId: team.id, role: 'owner' as const };
    const knowledge = await createKnowledge(app.services, actor, { name: 'FAQ', language: 'english' });
    const text = Array.from(
      { length: 12 },
      (_, n) => `## Topic ${n}\n\nParagraph ${n} about opening hours, prices and delivery number ${n}.`,
    ).join('\n\n');
    const source = await addSource(app.services, actor, knowledge.id, { type: 'text', title: 'Guide', text });
    await database.close();

    // A worker process picks the job up and is killed while it waits for the embeddings.
    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../../../server/worker.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          ...env,
          ...where.env,
          AI_BASE_URL: embeddings.baseUrl,
          REVERB_HOST: '127.0.0.1',
          REVERB_PORT: '9',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const deadline = Date.now() + 30_000;
    while (embeddings.requests.length === 0) {
      if (Date.now() > deadline) throw new Error('the worker never asked for embeddings');
      await sleep(50);
    }
    // Background work runs at the lowest CPU priority (WORKER_NICE, 19 by default).
    expect(getPriority(worker.pid!)).toBe(19);
    worker.kill('SIGKILL');
    await exited;

    // Restarted: the job left active runs again, now with an answering server.
    embeddings.hang(false);
    database = await where.open();
    app = await createTestApp({
      database,
      env: { ...where.env, AI_BASE_URL: embeddings.baseUrl, AI_EMBEDDING_MODEL: env.AI_EMBEDDING_MODEL },
    });
    cleanups.push(() => app.close());
    const before = (await database.execute(`select state from pgboss.job where name = 'knowledge.ingest'`)).rows;
    expect(before).toEqual([{ state: 'active' }]);
    expect(await app.services.jobs.recoverAbandoned()).toBe(1);
    expect(await app.services.jobs.drain()).toBe(1);

    const [row] = (
      await database.execute(`select status, chunk_count, ingested_generation from knowledge_sources where id = $1`, [
        source.id,
      ])
    ).rows;
    expect(row).toMatchObject({ status: 'ready', ingested_generation: 1 });
    const chunks = (
      await database.execute(
        `select position, count(*)::int as copies from knowledge_chunks where source_id = $1 group by position order by position`,
        [source.id],
      )
    ).rows as Array<{ position: number; copies: number }>;
    expect(chunks.length).toBe(Number(row.chunk_count));
    expect(chunks.every((chunk) => chunk.copies === 1)).toBe(true);
    expect((await database.execute(`select state from pgboss.job where name = 'knowledge.ingest'`)).rows).toEqual([
      { state: 'completed' },
    ]);
  }, 90_000);
});
