import { createServer } from 'node:http';
import { prepareEnvironment } from './config/secrets';
import { loadConfigOrExit } from './config/env';
import { configuredDatabase, openDatabase } from './db/client';
import { createPgliteInChild, needsInitdb } from './db/create-pglite';
import { createLogger, wantsPrettyLogs } from './support/logger';
import { boot } from './boot';
import { demoLogin, seedDemo } from './db/seed';

/**
 * `npm start`: HTTP on PORT and, unless BROADCAST_CONNECTION=reverb, the realtime server on
 * REVERB_SERVER_PORT (server/boot.ts wires both).
 */
async function main() {
  const generated = prepareEnvironment();
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel, { pretty: wantsPrettyLogs(config.isProduction) });
  if (generated.length > 0) logger.info({ generated }, 'generated local secrets into .env');

  const { dataDir } = configuredDatabase(config);
  if (!config.databaseUrl && needsInitdb(dataDir)) {
    logger.info({ dataDir }, 'creating the PGlite database (a one-off child process)');
    await createPgliteInChild(dataDir);
  }
  const database = await openDatabase({
    ...configuredDatabase(config),
    longRunning: true,
    onConnectionError: (error) => logger.warn({ err: error }, 'a pooled database connection failed; it is replaced'),
  });
  await database.migrate();
  logger.info({ driver: database.driver }, 'database migrated');
  if (!config.mail.url) {
    if (config.isProduction) logger.warn('MAIL_URL is not set: mail is kept in the local mailbox, not delivered');
  }

  let booted;
  try {
    booted = await boot({ config, database, logger });
  } catch (error) {
    await database.close();
    throw error;
  }
  const { app, services } = booted;
  if (config.seedDemo && !config.isProduction) {
    const seeded = await seedDemo(services);
    if (seeded) logger.info('demo data seeded');
  }
  const server = createServer(app);
  server.listen(config.app.port, () => {
    logger.info(`Kawan is running at ${config.app.url} (port ${config.app.port})`);
    if (config.seedDemo && !config.isProduction) {
      logger.info(`Demo login: ${demoLogin.email} / ${demoLogin.password}`);
    }
    if (!config.mail.url && !config.isProduction) logger.info(`Development mailbox: ${config.app.url}/_mailbox`);
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      booted
        .close()
        .catch((error: unknown) => logger.error({ err: error }, 'shutdown failed'))
        .finally(() => database.close().finally(() => process.exit(0)));
    });
    // Realtime clients are told to reconnect (4200) now, not when the last HTTP keep-alive ends.
    void booted.realtime?.close();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
