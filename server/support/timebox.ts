import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and settles no sooner than `minimumMs` after it began, whether it succeeded or threw
 * (Laravel's Timebox): a caller timing the answer cannot tell a short path from a long one, such
 * as an unknown e-mail address from a known one.
 */
export async function timebox<T>(minimumMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = minimumMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
