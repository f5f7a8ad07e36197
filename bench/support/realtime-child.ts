/**
 * bench:realtime's server children: messages, the probe every child answers (RSS, CPU, event-loop
 * delay, connections), and the parent's side (fork, pinned to a core with taskset when present).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const benchApp = { id: 'bench', key: 'bench-key', secret: 'bench-secret-0123456789' };

export interface Probe {
  rss: number;
  heapUsed: number;
  /** Microseconds of CPU (user + system) since the process started. */
  cpu: number;
  /** Event-loop delay p99 since the previous probe, ms. */
  loopP99: number;
  connections: number;
}

export type ChildMessage =
  { type: 'ready'; port: number } | { type: 'failed'; error: string } | { type: 'probe'; id: number; probe: Probe };

export type ParentMessage = { type: 'probe'; id: number; gc: boolean } | { type: 'shutdown' };

/** In a child: answers probes and shutdown; `connections` counts the sockets it holds. */
export function serveProbes(connections: () => number, shutdown: () => Promise<void>): void {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'shutdown') {
      void shutdown().finally(() => process.exit(0));
      return;
    }
    const gc = (globalThis as { gc?: () => void }).gc;
    if (message.gc && gc) {
      gc();
      gc();
    }
    const usage = process.cpuUsage();
    const probe: Probe = {
      rss: process.memoryUsage.rss(),
      heapUsed: process.memoryUsage().heapUsed,
      cpu: usage.user + usage.system,
      loopP99: loop.percentile(99) / 1e6,
      connections: connections(),
    };
    loop.reset();
    process.send?.({ type: 'probe', id: message.id, probe } satisfies ChildMessage);
  });
  process.on('disconnect', () => void shutdown().finally(() => process.exit(0)));
}

export interface BenchChild {
  name: string;
  port: number;
  process: ChildProcess;
  probe(gc?: boolean): Promise<Probe>;
  stop(): Promise<void>;
}

const taskset = ['/usr/bin/taskset', '/bin/taskset'].find((path) => existsSync(path));

/** Pins this (the load generator) process to a core, when taskset exists. */
export function pinSelf(core: number): boolean {
  if (!taskset) return false;
  try {
    execFileSync(taskset, ['-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function startBenchChild(
  name: string,
  file: string,
  env: Record<string, string> = {},
  core?: number,
): Promise<BenchChild> {
  const path = fileURLToPath(new URL(file, import.meta.url));
  // BENCH_NODE_ARGS: extra flags for the server children (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const nodeArgs = [
    '--import',
    'tsx',
    '--expose-gc',
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const pinned = taskset !== undefined && core !== undefined;
  const child = fork(path, [], {
    execPath: pinned ? taskset : process.execPath,
    execArgv: pinned ? ['-c', String(core), process.execPath, ...nodeArgs] : nodeArgs,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready within 60 s`)), 60_000);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message.port);
      } else if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`${name} failed to start:\n${message.error}`));
      }
    });
    void exited.then(() => reject(new Error(`${name} exited before it was ready`)));
  });
  let nextId = 0;
  return {
    name,
    port,
    process: child,
    probe: (gc = false) =>
      new Promise<Probe>((resolve, reject) => {
        const id = ++nextId;
        const timer = setTimeout(() => reject(new Error(`${name}: no probe answer`)), 30_000);
        const onMessage = (message: ChildMessage) => {
          if (message.type === 'probe' && message.id === id) {
            clearTimeout(timer);
            child.off('message', onMessage);
            resolve(message.probe);
          }
        };
        child.on('message', onMessage);
        child.send({ type: 'probe', id, gc } satisfies ParentMessage);
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      if (child.connected) child.send({ type: 'shutdown' } satisfies ParentMessage);
      const late = await Promise.race([exited.then(() => false), new Promise((r) => setTimeout(() => r(true), 8_000))]);
      if (late) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
