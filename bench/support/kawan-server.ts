/**
 * Child process of bench/http.ts: Kawan itself (createApp, production config, silent logs) over a
 * migrated database seeded with the demo data (seedDemo: demo@kawan.test / password, owner of a
 * team that is their current one, with one unread notification), listening on 127.0.0.1 on a free
 * port.
 *
 * The database is a PGlite one in a temporary directory, created, migrated and seeded by a
 * short-lived process (bench/support/pglite-builder.ts) before this one opens it, or, when KAWAN_BENCH_POSTGRES_SERVER names a PostgreSQL
 * server, a database of its own created there (`kawan_bench_<random>`) and dropped when the child
 * stops: on the parent's `shutdown`, when the parent goes away (IPC disconnect), on SIGINT/SIGTERM
 * and on a crash of the child itself.
 *
 * Run with --expose-gc: the parent asks for `process.memoryUsage()` over IPC, after a forced GC
 * when it wants the figure at rest.
 */
import { createServer } from 'node:http';
import { fork } from 'node:child_process';
import { projectPath } from '../../server/support/paths';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp, publicDir } from '../../server/app';
import { loadConfig } from '../../server/config/env';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { staticAssets, viteAssets, type Assets } from '../../server/http/inertia/vite';
import { benchEnv, fallbackVersion, postgresServerVariable, type ChildMessage, type ParentMessage } from './protocol';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, redacted } from './postgres';

const send = (message: ChildMessage) => process.send?.(message);
const gc = (globalThis as { gc?: () => void }).gc;

const serverUrl = process.env[postgresServerVariable] || undefined;
let createdDatabase: string | undefined;
let database: DatabaseHandle | undefined;
let server: ReturnType<typeof createServer> | undefined;
let snapshotDir: string | undefined;
let pgliteDir: string | undefined;
let closing = false;

async function main() {
  const notes: string[] = [];
  const manifest = join(publicDir, 'build', '.vite', 'manifest.json');
  let assets: Assets;
  if (existsSync(manifest)) {
    // The production assets (viteAssets, with its per-request checks) over a copy of the manifest:
    // other work rebuilding the client during the runs (`npm run build`, the e2e tests) would
    // otherwise move the asset version and turn the Inertia visits into 409s.
    snapshotDir = mkdtempSync(join(tmpdir(), 'kawan-bench-'));
    mkdirSync(join(snapshotDir, 'build', '.vite'), { recursive: true });
    copyFileSync(manifest, join(snapshotDir, 'build', '.vite', 'manifest.json'));
    assets = viteAssets(snapshotDir);
    notes.push('assets: viteAssets over a copy of public/build/.vite/manifest.json taken at start (production tags)');
  } else {
    notes.push(
      'note: public/build/.vite/manifest.json is missing (run `npm run build` to bench the production assets); ' +
        `using staticAssets('${fallbackVersion}') with no tags`,
    );
    assets = staticAssets(fallbackVersion);
  }

  const config = loadConfig(benchEnv);
  if (serverUrl) {
    const name = benchDatabaseName();
    await createDatabase(serverUrl, name);
    createdDatabase = name;
    database = await openDatabase({ url: databaseUrl(serverUrl, name) });
    notes.push(`database: PostgreSQL, ${name} created on ${redacted(serverUrl)} (dropped when the bench stops)`);
  } else {
    // Built by a short-lived process (initdb's memory stays with the process that ran it), then
    // opened here as `npm start` opens its data directory on every start after the first.
    pgliteDir = mkdtempSync(join(tmpdir(), 'kawan-bench-pglite-'));
    await buildPglite(pgliteDir);
    database = await openDatabase({ dataDir: pgliteDir, longRunning: true });
    notes.push(`database: ${database.driver} in ${pgliteDir}, created and seeded by a short-lived process`);
  }
  await database.migrate();
  const { app, services } = createApp({ config, database, assets });
  await seedDemo(services);
  notes.push('migrated and seeded with seedDemo (demo@kawan.test, owner of the current team, one unread notification)');
  if (!gc) notes.push('note: started without --expose-gc; memory figures are taken without a forced GC');

  server = createServer(app);
  const listening = server;
  listening.listen(0, '127.0.0.1', () => {
    send({ type: 'ready', port: (listening.address() as AddressInfo).port, notes, createdDatabase });
  });
}

/** Runs bench/support/pglite-builder.ts in its own process over `dataDir` and waits for it. */
function buildPglite(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // From the sources (this process may run from a build in build/bench/).
    const builder = fork(projectPath('bench', 'support', 'pglite-builder.ts'), [dataDir], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    builder.once('error', reject);
    builder.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building the PGlite database failed (exit code ${code})`)),
    );
  });
}

/** Closes the server and the database, drops the created database, exits. Bounded: 10 s at most. */
async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(code), 10_000).unref();
  try {
    if (snapshotDir) rmSync(snapshotDir, { recursive: true, force: true });
    if (server) {
      const open = server;
      open.closeAllConnections();
      await new Promise<void>((resolve) => open.close(() => resolve()));
    }
    await database?.close().catch(() => undefined);
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    if (serverUrl && createdDatabase) await dropDatabase(serverUrl, createdDatabase);
  } catch (error) {
    console.error(`Kawan bench child: cleaning up failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(code);
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'shutdown') void shutdown(0);
  else if (message.type === 'memory') {
    if (message.gc && gc) {
      gc();
      gc();
    }
    const { rss, heapUsed } = process.memoryUsage();
    send({ type: 'memory', id: message.id, rss, heapUsed, collected: Boolean(message.gc && gc) });
  }
});
// The parent gone (crash, Ctrl-C): do not linger, and do not leave the database behind.
process.on('disconnect', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));
process.on('uncaughtException', (error) => {
  console.error('Kawan bench child: uncaught exception', error);
  void shutdown(1);
});
process.on('unhandledRejection', (error) => {
  console.error('Kawan bench child: unhandled rejection', error);
  void shutdown(1);
});

main().catch((error: unknown) => {
  send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  void shutdown(1);
});
