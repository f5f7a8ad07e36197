import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../../server/app';
import { openDatabase } from '../../../server/db/client';
import { createLogger } from '../../../server/support/logger';
import { testConfig } from '../../helpers/config';
import { e2eRoutes } from './e2e-routes';
import { appsFromConfig } from '../../../server/realtime/apps';
import { RealtimeServer } from '../../../server/realtime/realtime-server';
import { startWorkers } from '../../../server/jobs/registry';

/**
 * The real application as the browser journeys drive it: started like server/main.ts, but with the
 * production client from public/build, fixed test secrets, silent logs, a throw-away PGlite data
 * dir and the test-only routes of e2e-routes.ts.
 *
 *   node --import tsx tests/e2e/support/serve.ts [port]     (or PORT=…)
 *
 * Prints `ready <url>` once it listens; SIGTERM/SIGINT stop it and remove the data dir.
 */
async function main() {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
  const dataDir = mkdtempSync(join(tmpdir(), 'kawan-e2e-'));
  const settings = {
    // Not 'production': the journeys read mail in the development mailbox (/_mailbox), which
    // production does not serve. The client is still the production build.
    NODE_ENV: 'test',
    APP_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  };
  // The realtime server in the same process, as server/main.ts runs it, on a free loopback port.
  const base = testConfig(settings);
  const logger = createLogger(base.logLevel);
  const realtime = new RealtimeServer({ apps: appsFromConfig(base), logger });
  const { port: realtimePort } = await realtime.listen(0, '127.0.0.1');
  const config = testConfig({ ...settings, REVERB_HOST: '127.0.0.1', REVERB_PORT: String(realtimePort) });
  const database = await openDatabase({ dataDir: join(config.dataDir, 'db') });
  await database.migrate();

  // Every journey registers from 127.0.0.1: the per-IP sign-up limit would stop the later files.
  const limits = { register: { points: 1000 } };
  const { app, services } = createApp({
    config,
    database,
    logger,
    realtime,
    limits,
    extraRoutes: [e2eRoutes],
    runsWorkers: true,
  });
  // The job workers run here, as in `npm start`: knowledge sources are read while the page watches.
  const stopWorkers = await startWorkers(services, logger);
  const server = createServer(app);
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    console.log(`ready http://127.0.0.1:${actual}`);
  });

  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    void realtime.close();
    server.closeAllConnections();
    server.close(() => {
      stopWorkers()
        .catch(() => undefined)
        .then(() => database.close())
        .catch(() => undefined)
        .finally(() => {
          rmSync(dataDir, { recursive: true, force: true });
          process.exit(0);
        });
    });
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
