import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** The status a correct answer has (200 for a page, 303 for a form submission). */
  expectedStatus: number;
  connections: number;
  /** Seconds. */
  duration: number;
}

export interface LoadResult {
  /** Answers with the expected status per second over the run. */
  rps: number;
  /** 99th percentile of the expected answers' response times, milliseconds (sub-millisecond resolution). */
  p99: number;
  ok: number;
  /** Answers with any other status. */
  unexpected: number;
  /** Count of each unexpected status. */
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
    let unexpected = 0;
    const statuses: Record<number, number> = {};
    const started = process.hrtime.bigint();
    const instance = autocannon(
      {
        url: options.url,
        method: options.method as autocannon.Request['method'],
        headers: options.headers,
        body: options.body,
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
          unexpected,
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
        if (status === options.expectedStatus) latencies.push(time);
        else {
          unexpected++;
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
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
