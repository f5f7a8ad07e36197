import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { startFakeTelegram, type FakeTelegram } from './fake-telegram';

/**
 * A test file's app whose Telegram Bot API is a local fake (TELEGRAM_API_URL) for `token`, with the
 * jobs retried at once: started before the file's tests, closed after them. Read the handles inside
 * the tests (they are set by then).
 */
export function appWithFakeTelegram(token: string): { app: TestApp; telegram: FakeTelegram } {
  const handles = {} as { app: TestApp; telegram: FakeTelegram };
  beforeAll(async () => {
    handles.telegram = await startFakeTelegram({ token });
    handles.app = await createTestApp({
      env: { TELEGRAM_API_URL: handles.telegram.baseUrl, QUEUE_RETRY_DELAY_SECONDS: '0' },
    });
  });
  afterAll(async () => {
    await handles.app?.close();
    await handles.telegram?.close();
  });
  return handles;
}
