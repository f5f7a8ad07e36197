import { getPriority, setPriority } from 'node:os';
import { prepareEnvironment } from './config/secrets';
import { loadConfigOrExit } from './config/env';
import { configuredDatabase, openDatabase } from './db/client';
import { createLogger, wantsPrettyLogs } from './support/logger';
import { boot } from './boot';

/**
 * `npm run worker`: the job workers alone, no HTTP and no realtime listener (server/boot.ts, role
 * `worker`). Progress is broadcast, with REDIS_URL and the realtime servers embedded in the web
 * processes, on their Redis bus; otherwise through the pusher SDK to the realtime server at
 * REVERB_API_URL (else REVERB_HOST:REVERB_PORT). With REDIS_URL its writes also drop the web
 * processes' cached reads. Several workers may share a PostgreSQL server (DATABASE_URL); on the
 * embedded database only one process may open it, so run this with QUEUE_WORKERS=false on the
 * `npm start` side only when both use a server.
 */
async function main() {
  prepareEnvironment();
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel, { pretty: wantsPrettyLogs(config.isProduction) });
  const database = await openDatabase({
    ...configuredDatabase(config),
    longRunning: true,
    onConnectionError: (error) => logger.warn({ err: error }, 'a pooled database connection failed; it is replaced'),
  });
  await database.migrate();
  lowerPriority(config.queue.workerNice, logger);
  // The signals are heard from before the workers start: one that comes while they start (they log
  // "job workers started" before boot returns) stops them once started, instead of killing the
  // process in the middle of a job.
  const state: { booted?: Awaited<ReturnType<typeof boot>>; requested?: string } = {};
  const shutdown = (signal: string) => {
    if (!state.booted) {
      state.requested ??= signal;
      return;
    }
    logger.info({ signal }, 'worker shutting down');
    state.booted
      .close()
      .catch((error: unknown) => logger.error({ err: error }, 'worker shutdown failed'))
      .finally(() => database.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 15_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  state.booted = await boot({ config, database, logger, role: 'worker' });
  if (state.requested) shutdown(state.requested);
}

/**
 * Background work yields the CPU to the processes that answer requests on the same machine: a
 * webhook must be acknowledged within the provider's timeout, a reply may take a moment longer.
 * The web process is one thread, so on two cores or more the workers are never starved by it.
 */
function lowerPriority(nice: number, logger: { warn(data: object, message: string): void }): void {
  if (nice === 0) return;
  try {
    setPriority(Math.max(getPriority(), nice));
  } catch (error) {
    logger.warn({ err: error, nice }, 'the workers keep their CPU priority');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
