import { createServer, type RequestListener, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../../server/app';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { createLogger } from '../../../server/support/logger';
import { appsFromConfig } from '../../../server/realtime/apps';
import { RealtimeServer } from '../../../server/realtime/realtime-server';
import { startWorkers } from '../../../server/jobs/registry';
import type { Services } from '../../../server/services';
import { testConfig } from '../../helpers/config';

/** Kawan running in the test's own process, so that the test can reach its services and database. */
export interface InProcessKawan {
  appUrl: string;
  services: Services;
  app: ReturnType<typeof createApp>['app'];
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** A free loopback port (the app needs its URL, which names the port, before it is created). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe, 0);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts Kawan as server/main.ts does — the realtime server in the same process, the production
 * client from public/build, and (`workers`) the job workers — over a throw-away PGlite data dir,
 * with silent logs. `prepare` runs first, before the workers start and it listens (seeding,
 * history). `close` stops it all and removes the data dir.
 */
export async function startKawan(options: {
  name: string;
  workers?: boolean;
  prepare?: (services: Services) => Promise<unknown>;
  /** Settings besides the test defaults (a payment provider's fake, a plan). */
  env?: Record<string, string>;
}): Promise<InProcessKawan> {
  // The port is held from the start (the app needs its URL before it exists): a port found free
  // and bound only after migrating and seeding could be taken meanwhile by another file's server.
  let handle: RequestListener = (_request, response) => response.writeHead(503).end();
  const server = createServer((request, response) => handle(request, response));
  const port = await listen(server, 0);
  const appUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `kawan-e2e-${options.name}-`));
  const settings = {
    NODE_ENV: 'test',
    APP_URL: appUrl,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...options.env,
  };
  const base = testConfig(settings);
  const logger = createLogger(base.logLevel);
  const realtime = new RealtimeServer({ apps: appsFromConfig(base), logger });
  const { port: realtimePort } = await realtime.listen(0, '127.0.0.1');
  const config = testConfig({ ...settings, REVERB_HOST: '127.0.0.1', REVERB_PORT: String(realtimePort) });
  const database = await openDatabase({ dataDir: join(config.dataDir, 'db') });
  await database.migrate();
  const { app, services } = createApp({ config, database, logger, realtime, runsWorkers: options.workers ?? false });
  await options.prepare?.(services);
  const stopWorkers = options.workers ? await startWorkers(services, logger) : undefined;
  handle = app;
  return {
    appUrl,
    services,
    app,
    database,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await realtime.close();
      await stopWorkers?.().catch(() => undefined);
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
