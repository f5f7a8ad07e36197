/**
 * `npm start` and `npm run worker` run the server build (scripts/build-server.ts, build/server/),
 * not the sources under tsx: this starts each built entry as a new machine would — an empty data
 * directory, the embedded database created by the built create-pglite child — and checks that it
 * serves and stops cleanly. `npm run test:e2e` builds first (`npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { projectPath } from '../../server/support/paths';
import { freePort } from './support/in-process';

const folders: string[] = [];
const running: { stop(): Promise<number | null> }[] = [];
// A failed expectation leaves no server behind.
afterEach(async () => {
  await Promise.all(running.splice(0).map((run) => run.stop()));
});
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('the server build', () => {
  it('starts on an empty data directory, serves pages and the widget, and stops on SIGTERM', async () => {
    const port = await freePort();
    const realtimePort = await freePort();
    const run = start('main.js', {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      REVERB_SERVER_PORT: String(realtimePort),
      REVERB_PORT: String(realtimePort),
    });
    await run.logged(/Kawan is running/);
    // The first start created the embedded database in a child process of the build.
    expect(existsSync(join(run.cwd, 'storage', 'db', 'PG_VERSION'))).toBe(true);

    const login = await fetch(`http://127.0.0.1:${port}/login`);
    expect(login.status).toBe(200);
    const page = /<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(await login.text());
    expect((JSON.parse(page![1]) as { component: string }).component).toBe('Auth/Login');
    // Paths to public/ hold from the build's folder: the widget's loader is served.
    const widget = await fetch(`http://127.0.0.1:${port}/widget.js`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-type')).toContain('javascript');
    // The legal documents are read from resources/.
    const terms = await fetch(`http://127.0.0.1:${port}/terms-of-service`);
    expect(terms.status).toBe(200);

    expect(await run.stop()).toBe(0);
  }, 90_000);

  it('runs the workers alone (npm run worker) and stops on SIGTERM', async () => {
    // At its default nice 19 the worker can be starved past the stop's deadline while the other e2e
    // files load both cores (seen once in a full run): what is tested here is the stop, not the priority.
    const run = start('worker.js', { WORKER_NICE: '0' });
    await run.logged(/job workers started/);
    expect(await run.stop()).toBe(0);
  }, 90_000);
});

/** Starts build/server/<entry> in a fresh working folder (its .env and storage/ land there). */
function start(entry: string, env: Record<string, string>) {
  const cwd = mkdtempSync(join(tmpdir(), 'kawan-build-'));
  folders.push(cwd);
  const child: ChildProcess = spawn(process.execPath, [projectPath('build', 'server', entry)], {
    cwd,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      QUEUE_POLL_SECONDS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const run = {
    cwd,
    async logged(pattern: RegExp, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`${entry} did not log ${pattern} in ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        // Longer than the processes' own 15-second exit after SIGTERM, so that theirs decides.
        const force = setTimeout(() => child.kill('SIGKILL'), 25_000);
        child.once('exit', (code) => {
          clearTimeout(force);
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
  running.push(run);
  return run;
}
