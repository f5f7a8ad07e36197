/**
 * Run by server/main.ts on the first start with PGlite: creates the data directory (initdb) and
 * migrates it in a short-lived child process (server/db/create-pglite-child.ts), which then exits.
 * PGlite's initdb grows its WebAssembly memory by some 200 MB that a process never gives back;
 * done there, the server that then opens the directory holds what a restart holds
 * (docs/decisions/011).
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectPath } from '../support/paths';

/** Whether `dataDir` holds no PGlite database yet (PostgreSQL's PG_VERSION is its first file). */
export function needsInitdb(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

/** The child's script: from the sources under tsx, or from the server build (scripts/build-server.ts). */
function childScript(): string {
  return fileURLToPath(import.meta.url).endsWith('.ts')
    ? projectPath('server', 'db', 'create-pglite-child.ts')
    : projectPath('build', 'server', 'create-pglite.js');
}

/** Creates and migrates the PGlite database in `dataDir` in a child process, and waits for it. */
export function createPgliteInChild(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(childScript(), [dataDir], {
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
