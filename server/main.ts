import { createServer } from 'node:http';
import { join } from 'node:path';
import { prepareEnvironment } from './config/secrets';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { createLogger, wantsPrettyLogs } from './support/logger';
import { createApp } from './app';
import { demoLogin, seedDemo } from './db/seed';
import { appsFromConfig } from './realtime/apps';
import { RealtimeServer } from './realtime/realtime-server';

/** The only file that listens: HTTP on PORT (and, as issues arrive, the realtime server). */
async function main() {
  const generated = prepareEnvironment();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel, { pretty: wantsPrettyLogs(config.isProduction) });
  if (generated.length > 0) logger.info({ generated }, 'generated local secrets into .env');

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
    onConnectionError: (error) => logger.warn({ err: error }, 'a pooled database connection failed; it is replaced'),
  });
  await database.migrate();
  logger.info({ driver: database.driver }, 'database migrated');
  if (!config.mail.url) {
    if (config.isProduction) logger.warn('MAIL_URL is not set: mail is kept in the local mailbox, not delivered');
  }

  // The realtime (Pusher protocol 7) server, same process, its own port (REVERB_PORT).
  const realtime = new RealtimeServer({ apps: appsFromConfig(config), logger, redisUrl: config.redisUrl });
  await realtime.listen(config.reverb.port);

  const { app, services } = createApp({ config, database, logger, realtime });
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
      database.close().finally(() => process.exit(0));
    });
    void realtime.close();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
