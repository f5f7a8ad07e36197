import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time read from Linux's /proc, for figures steadier than throughput on a shared machine: a
 * process with its descendants (Kawan and its worker process), and PostgreSQL's processes when the
 * server runs on this machine. Undefined where /proc cannot tell (another system, a remote server).
 */

interface ProcessTime {
  pid: number;
  parent: number;
  command: string;
  /** User + system time in milliseconds. */
  cpuMs: number;
}

/** Linux reports process times in USER_HZ ticks, 100 a second on every architecture it runs on. */
const ticksPerSecond = 100;

function processes(): ProcessTime[] {
  const found: ProcessTime[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command is in parentheses and may hold spaces; the fields after it are fixed.
      const close = stat.lastIndexOf(')');
      const command = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      found.push({
        pid: Number(entry),
        parent: Number(fields[1]),
        command,
        cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond,
      });
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}

/** CPU milliseconds of `pid` and every process below it; undefined without /proc. */
export function treeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const all = processes();
  if (!all.some((process) => process.pid === pid)) return undefined;
  const children = new Map<number, ProcessTime[]>();
  for (const process of all) children.set(process.parent, [...(children.get(process.parent) ?? []), process]);
  let total = 0;
  const stack = all.filter((process) => process.pid === pid);
  while (stack.length > 0) {
    const process = stack.pop()!;
    total += process.cpuMs;
    stack.push(...(children.get(process.pid) ?? []));
  }
  return total;
}

/** CPU milliseconds of this machine's PostgreSQL processes; undefined when none runs here. */
export function postgresCpuMs(): number | undefined {
  const server = processes().filter((process) => process.command === 'postgres');
  return server.length === 0 ? undefined : server.reduce((sum, process) => sum + process.cpuMs, 0);
}

/** CPU used between `start()` and `stop()`: per process tree and PostgreSQL's, in milliseconds. */
export function cpuWindow(pid: number | undefined, options: { postgres: boolean }) {
  const processAt = treeCpuMs(pid);
  const postgresAt = options.postgres ? postgresCpuMs() : undefined;
  return {
    stop(): { processMs?: number; postgresMs?: number } {
      const processNow = treeCpuMs(pid);
      const postgresNow = options.postgres ? postgresCpuMs() : undefined;
      return {
        ...(processAt !== undefined && processNow !== undefined ? { processMs: processNow - processAt } : {}),
        ...(postgresAt !== undefined && postgresNow !== undefined ? { postgresMs: postgresNow - postgresAt } : {}),
      };
    },
  };
}
