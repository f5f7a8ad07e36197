import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createApp } from '../../server/app';
import { staticAssets } from '../../server/http/inertia/vite';
import { MemoryMailbox } from '../../server/support/mail/mailbox';
import { createLogger } from '../../server/support/logger';
import type { DatabaseHandle } from '../../server/db/client';
import { sessions } from '../../server/db/schema/sessions';
import { createTestDatabase } from './database';
import { testConfig } from './config';
import { testVersion } from './app';
import type { RouteFile } from '../../routes/all';

/**
 * The app as in production, but logging everything (the production logger at level trace, JSON)
 * into memory, for the tests that look for secrets where they must not be. Broadcasts take the
 * driver the configuration names, as in production.
 */
export async function createLoggingTestApp(options: { routes?: RouteFile[]; env?: Record<string, string> } = {}) {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'kawan-leaks-'));
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const { app, services } = createApp({
    config: testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'trace', ...options.env }),
    database,
    logger: createLogger('trace', { destination: sink }),
    mailbox: new MemoryMailbox(),
    assets: staticAssets(testVersion, '<script type="module" src="/build/test.js"></script>'),
    extraRoutes: options.routes,
  });
  return {
    app,
    services,
    database,
    /** Everything logged so far, one JSON line per entry. */
    logs: () => logLines.join(''),
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type LoggingTestApp = Awaited<ReturnType<typeof createLoggingTestApp>>;

/** Every stored session row, every column, as one JSON text. */
export async function storedSessions(database: Pick<DatabaseHandle, 'db'>): Promise<string> {
  return JSON.stringify(await database.db.select().from(sessions));
}

/**
 * Asserts that no secret occurs in any of the texts, named by where they came from (`pages`,
 * `logs`, …) in the failure message. There must be something to look for, and somewhere to look.
 */
export function expectNoSecretIn(places: Record<string, string | string[]>, secrets: Iterable<string>): void {
  const values = [...secrets];
  expect(values.length, 'secrets to look for').toBeGreaterThan(0);
  for (const value of values) expect(value.length, 'a secret to look for').toBeGreaterThan(0);
  for (const [where, texts] of Object.entries(places)) {
    const list = typeof texts === 'string' ? [texts] : texts;
    expect(list.length, `texts in ${where}`).toBeGreaterThan(0);
    for (const value of values) {
      for (const text of list) expect(text, `${where} must not contain a secret`).not.toContain(value);
    }
  }
}
