import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Seconds. */
  duration: number;
}

export interface LoadResult {
  /** 2xx responses per second over the run. */
  rps: number;
  /** 99th percentile of 2xx response times, milliseconds (sub-millisecond resolution). */
  p99: number;
  ok: number;
  non2xx: number;
  /** Count of each non-2xx status. */
  statuses: Record<number, number>;
  errors: number;
  timeouts: number;
}

/**
 * One bounded autocannon run. Latencies are taken from the `response` events (floating-point
 * milliseconds), not from autocannon's histogram, which keeps whole milliseconds only: a bare
 * server answers well under 1 ms and its p99 would read 0 or 1.
 */
export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let non2xx = 0;
    const statuses: Record<number, number> = {};
    const started = process.hrtime.bigint();
    const instance = autocannon(
      {
        url: options.url,
        method: 'GET',
        headers: options.headers,
        connections: options.connections,
        pipelining: 1,
        duration: options.duration,
        timeout: 10,
      },
      (error: unknown, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        latencies.sort((a, b) => a - b);
        resolve({
          rps: latencies.length / seconds,
          p99: percentile(latencies, 0.99),
          ok: latencies.length,
          non2xx,
          statuses,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    // The typings list this event's listener without the client argument autocannon passes first.
    (instance as unknown as NodeJS.EventEmitter).on(
      'response',
      (_client: unknown, status: number, _bytes: number, time: number) => {
        if (status >= 200 && status < 300) latencies.push(time);
        else {
          non2xx++;
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      },
    );
  });
}

/** Nearest-rank percentile of a sorted list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
