import type { Express } from 'express';
import type { Redis } from 'ioredis';
import type { Config } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { Logger } from './support/logger';
import type { Services } from './services';
import { createApp, type AppDependencies } from './app';
import { appsFromConfig } from './realtime/apps';
import { RealtimeServer } from './realtime/realtime-server';
import { closeRedis, connectRedis } from './support/redis';
import { startWorkers } from './jobs/registry';

export interface BootOptions extends Pick<AppDependencies, 'assets' | 'mailbox' | 'limits'> {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /**
   * `server` (`npm start`, the default): the realtime server listens here when embedded, and the
   * workers run when QUEUE_WORKERS is on. `worker` (`npm run worker`): the workers always, no
   * listener of any kind.
   */
  role?: 'server' | 'worker';
}

export interface Booted {
  app: Express;
  services: Services;
  /**
   * The realtime server of this process (BROADCAST_CONNECTION=embedded): listening; in a worker,
   * one that only publishes, to the web processes' servers through Redis.
   */
  realtime?: RealtimeServer;
  /** The client the rate limits count in (REDIS_URL). */
  redis?: Redis;
  /** Stops the realtime server and disconnects Redis; the database and the HTTP server are the caller's. */
  close(): Promise<void>;
}

/**
 * What `npm start` runs beside the HTTP listener (server/main.ts): with BROADCAST_CONNECTION=embedded
 * (the default) the realtime server on REVERB_SERVER_HOST:REVERB_SERVER_PORT, broadcasts published
 * to it in-process; with `reverb` no realtime server, broadcasts sent through the pusher SDK to
 * REVERB_API_URL (else REVERB_HOST:REVERB_PORT). With REDIS_URL, a Redis client the rate limits
 * and the hot cache's invalidations of every process share. `npm run worker` (server/worker.ts)
 * boots the same way as a `worker`: no listener, and with `embedded` and REDIS_URL its broadcasts
 * go on the web processes' Redis bus. See docs/decisions/008-broadcasting.md.
 */
export async function boot(options: BootOptions): Promise<Booted> {
  const { config, logger } = options;
  const worker = options.role === 'worker';
  let realtime: RealtimeServer | undefined;
  let redis: Redis | undefined;
  const embeddedRealtime = () =>
    new RealtimeServer({
      apps: appsFromConfig(config),
      logger,
      redisUrl: config.redisUrl,
      redisPrefix: `${config.redisPrefix}realtime`,
    });
  try {
    if (config.broadcastConnection === 'embedded' && !worker) {
      warnOfTlsOnTheListener(config, logger);
      realtime = embeddedRealtime();
      await realtime.listen(config.reverb.server.port, config.reverb.server.host);
    } else if (config.broadcastConnection === 'embedded' && config.redisUrl) {
      // A worker beside web processes whose realtime servers share Redis: it publishes on their
      // bus (and cache channels' last events) as one of them would, without an HTTP call each.
      realtime = embeddedRealtime();
    }
    // Every process of a deployment shares Redis: a worker's writes drop the web processes'
    // cached reads (decision 011), as theirs drop its own.
    if (config.redisUrl) redis = await connectRedis(config.redisUrl, logger);
  } catch (error) {
    await realtime?.close();
    throw error;
  }

  const { app, services } = createApp({
    config,
    database: options.database,
    logger,
    assets: options.assets,
    mailbox: options.mailbox,
    limits: options.limits,
    realtime,
    redis,
    runsWorkers: worker || config.queue.workers,
  });
  let stopWorkers: (() => Promise<void>) | undefined;
  if (worker || config.queue.workers) {
    try {
      stopWorkers = await startWorkers(services, logger);
    } catch (error) {
      await realtime?.close();
      if (redis) await closeRedis(redis);
      throw error;
    }
  }
  if (!realtime) {
    const { scheme, host, port } = config.reverb.api;
    logger.info(
      `no realtime server in this process: broadcasts go through the pusher SDK to ${scheme}://${host}:${port}`,
    );
  } else if (worker) {
    logger.info('no realtime server in this process: broadcasts go to the web processes through Redis');
  }

  let closing: Promise<void> | undefined;
  return {
    app,
    services,
    realtime,
    redis,
    close: () =>
      (closing ??= (async () => {
        try {
          await stopWorkers?.();
          await services.knowledgeHits.flush();
          await realtime?.close();
          await services.closeCache();
        } finally {
          if (redis) await closeRedis(redis);
        }
      })()),
  };
}

/**
 * Browsers speak TLS to REVERB_PORT when the scheme is https, and the realtime server never does:
 * the same port for both works only when the TLS terminator is another host (a REVERB_PORT=8080
 * kept from http days usually means REVERB_PORT=443 was meant).
 */
function warnOfTlsOnTheListener(config: Config, logger: Logger): void {
  const { reverb } = config;
  if (reverb.scheme === 'https' && reverb.port === reverb.server.port) {
    logger.warn(
      `REVERB_SCHEME=https: browsers connect with TLS to ${reverb.host}:${reverb.port}, the port the realtime ` +
        'server listens on without TLS; unless a TLS terminator on another host listens there, set REVERB_PORT ' +
        'to its port (443 when empty) or REVERB_SERVER_PORT to another one',
    );
  }
}
