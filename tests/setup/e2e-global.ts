import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the e2e server (tests/e2e/support/serve.ts) listens: `http://127.0.0.1:<port>`. */
    e2eBaseUrl: string;
  }
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const manifest = fileURLToPath(new URL('../../public/build/.vite/manifest.json', import.meta.url));

/** Starts the production build of the app once for every e2e file, and stops it afterwards. */
export default async function setup(project: TestProject) {
  if (!existsSync(manifest)) {
    throw new Error(
      'The e2e tests drive the production client, and public/build/.vite/manifest.json is missing. ' +
        'Run `npm run build` first (`npm run test:e2e` does it for you).',
    );
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/serve.ts', String(port)], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/up`, child, () => output);
  } catch (error) {
    await stop(child);
    throw error;
  }
  project.provide('e2eBaseUrl', url);
  return () => stop(child);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The e2e server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The e2e server did not answer 200 on ${url} within ${timeoutMs} ms:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
