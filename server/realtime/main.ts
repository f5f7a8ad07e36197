import { prepareEnvironment } from '../config/secrets';
import { loadConfigOrExit } from '../config/env';
import { createLogger, wantsPrettyLogs } from '../support/logger';
import { appsFromConfig } from './apps';
import { RealtimeServer } from './realtime-server';

/**
 * `npm run reverb`: the realtime server alone on REVERB_SERVER_HOST:REVERB_SERVER_PORT (8080), for
 * deployments that run it apart from the web processes (which then set BROADCAST_CONNECTION=reverb);
 * several of them scale out through REDIS_URL.
 */
async function main() {
  prepareEnvironment();
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel, { pretty: wantsPrettyLogs(config.isProduction) });
  const realtime = new RealtimeServer({
    apps: appsFromConfig(config),
    logger,
    redisUrl: config.redisUrl,
    redisPrefix: `${config.redisPrefix}realtime`,
  });
  const { host } = config.reverb.server;
  const { port } = await realtime.listen(config.reverb.server.port, host);
  logger.info(`Kawan realtime server on ws://${host ?? '0.0.0.0'}:${port}/app/{key} (HTTP API /apps/{id}/…)`);

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(0), 5000).unref();
    realtime.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
