export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls every 10 ms until `check` returns something truthy, and resolves with it. */
export async function waitFor<T>(
  check: () => T | undefined | null | false,
  timeout = 5000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
