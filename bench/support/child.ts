import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBuildOptions } from '../../scripts/build-server';
import { projectPath } from '../../server/support/paths';
import type { ChildMessage, MemoryMessage, ParentMessage, ReadyMessage } from './protocol';

export interface ServerChild {
  name: string;
  process: ChildProcess;
  /** True once the process has exited (a crash included). */
  readonly exited: boolean;
  send(message: ParentMessage): void;
  /** Resolves on the child's next `ready`, rejects on `failed` or an early exit. */
  ready(timeoutMs?: number): Promise<ReadyMessage>;
  /** The child's memory (Kawan only), after a forced garbage collection when `gc`. */
  memory(gc: boolean, timeoutMs?: number): Promise<MemoryMessage>;
  /** Asks the child to close everything and exit; kills it if it has not within `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface ChildOptions {
  /** Extra Node flags (`--expose-gc`). */
  flags?: string[];
  /** Extra environment. */
  env?: Record<string, string>;
  /** A script built by `buildChild` (plain Node, no tsx), instead of `file` from the sources. */
  built?: string;
}

/**
 * Bundles bench/support/<file> as the server build bundles server/main.ts (scripts/build-server.ts)
 * into build/bench/<name>/, and answers the script to start: Kawan measured as production runs it,
 * not under tsx (which compiles every module at start-up and keeps its source maps).
 */
export async function buildChild(name: string, file: string): Promise<string> {
  const outdir = projectPath('build', 'bench', name);
  rmSync(outdir, { recursive: true, force: true });
  await build(serverBuildOptions({ [name]: fileURLToPath(new URL(file, import.meta.url)) }, outdir));
  return join(outdir, `${name}.js`);
}

/** Starts bench/support/<file> in its own Node process (same flags as `npm run bench:http`). */
export function startChild(name: string, file: string, options: ChildOptions = {}): ServerChild {
  const path = options.built ?? fileURLToPath(new URL(file, import.meta.url));
  const child = fork(path, [], {
    execArgv: [...(options.flags ?? []), ...(options.built ? [] : ['--import', 'tsx'])],
    env: { ...process.env, ...options.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exited = child.exitCode !== null;
  let exitCode: number | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      exitCode = code ?? (signal ? 128 : null);
      resolve();
    }),
  );
  let nextId = 1;

  /** Waits for the first message `accept` takes (returns a value for), failing on exit or timeout. */
  const waitFor = <T>(what: string, accept: (message: ChildMessage) => T | undefined, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (message: ChildMessage) => {
        try {
          const value = accept(message);
          if (value === undefined) return;
          cleanup();
          resolve(value);
        } catch (error) {
          cleanup();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      const onExit = () => {
        cleanup();
        reject(new Error(`${name} server exited (code ${exitCode}) while waiting for ${what}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${name} server: no ${what} after ${timeoutMs} ms`));
      }, timeoutMs);
      if (exited) return onExit();
      child.on('message', onMessage);
      child.once('exit', onExit);
    });

  return {
    name,
    process: child,
    get exited() {
      return exited;
    },
    send: (message) => {
      if (child.connected) child.send(message);
    },
    ready: (timeoutMs = 120_000) =>
      waitFor(
        'ready message',
        (message) => {
          if (message.type === 'ready') return message;
          if (message.type === 'failed') throw new Error(`${name} server failed to start:\n${message.error}`);
          return undefined;
        },
        timeoutMs,
      ),
    memory: (gc, timeoutMs = 30_000) => {
      const id = nextId++;
      const answer = waitFor(
        'memory report',
        (message) => (message.type === 'memory' && message.id === id ? message : undefined),
        timeoutMs,
      );
      if (child.connected) child.send({ type: 'memory', id, gc } satisfies ParentMessage);
      return answer;
    },
    stop: async (timeoutMs = 15_000) => {
      if (exited) return;
      if (child.connected) child.send({ type: 'shutdown' } satisfies ParentMessage);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs);
      });
      const late = await Promise.race([exit.then(() => false), timedOut]);
      clearTimeout(timer);
      if (late && !exited) {
        child.kill('SIGKILL');
        await exit;
      }
    },
  };
}
