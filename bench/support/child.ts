import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage, ReadyMessage } from './protocol';

export interface ServerChild {
  name: string;
  process: ChildProcess;
  send(message: ParentMessage): void;
  /** Resolves on the child's next `ready`, rejects on `failed` or an early exit. */
  ready(timeoutMs?: number): Promise<ReadyMessage>;
  /** Asks the child to close everything and exit; kills it if it has not within `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Starts bench/support/<file> in its own Node process (same flags as `npm run bench:http`). */
export function startChild(name: string, file: string): ServerChild {
  const path = fileURLToPath(new URL(file, import.meta.url));
  const child = fork(path, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exited = child.exitCode !== null;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => (exited = true));

  return {
    name,
    process: child,
    send: (message) => {
      if (child.connected) child.send(message);
    },
    ready: (timeoutMs = 60_000) =>
      new Promise<ReadyMessage>((resolve, reject) => {
        const cleanup = () => {
          clearTimeout(timer);
          child.off('message', onMessage);
          child.off('exit', onExit);
        };
        const onMessage = (message: ChildMessage) => {
          cleanup();
          if (message.type === 'ready') resolve(message);
          else reject(new Error(`${name} server failed to start:\n${message.error}`));
        };
        const onExit = (code: number | null) => {
          cleanup();
          reject(new Error(`${name} server exited (code ${code}) before it was ready`));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${name} server not ready after ${timeoutMs} ms`));
        }, timeoutMs);
        child.on('message', onMessage);
        child.once('exit', onExit);
      }),
    stop: async (timeoutMs = 8_000) => {
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
