/**
 * Waiting before a retry, as the model and embeddings clients do after a 429 or a 5xx: the server's
 * Retry-After (seconds or an HTTP date), capped; a default when it sent none.
 */

/** The wait when the server does not say. */
export const defaultRetryDelayMs = 1000;

/** Milliseconds to wait from Retry-After (seconds or an HTTP date), capped; the default when absent or unreadable. */
export function retryDelay(header: string | null | undefined, maxMs: number, now = Date.now()): number {
  const value = header?.trim();
  let delay = defaultRetryDelayMs;
  if (value && /^\d+(\.\d+)?$/.test(value)) delay = Number(value) * 1000;
  else if (value && !Number.isNaN(Date.parse(value))) delay = Date.parse(value) - now;
  return Math.min(Math.max(delay, 0), maxMs);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  signal?.throwIfAborted();
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
