/**
 * Run by server/main.ts in a short-lived child process on the first start with PGlite: creates the
 * data directory (initdb) and migrates it, then exits. PGlite's initdb grows its WebAssembly memory
 * by some 200 MB that a process never gives back; done here, the server that then opens the
 * directory holds what a restart holds (docs/decisions/011).
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client';

/** Whether `dataDir` holds no PGlite database yet (PostgreSQL's PG_VERSION is its first file). */
export function needsInitdb(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

/** Creates and migrates the PGlite database in `dataDir` in a child process, and waits for it. */
export function createPgliteInChild(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [dataDir], {
      // The same loader as this process (tsx when run from the sources), not its debugger or profiler.
      execArgv: process.execArgv.filter((flag) => !/^--(inspect|debug|cpu-prof|heap-prof)/.test(flag)),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the PGlite database failed (exit code ${code})`)),
    );
  });
}

async function create(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  create(process.argv[2]).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
