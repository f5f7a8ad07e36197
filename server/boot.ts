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
}

export interface Booted {
  app: Express;
  services: Services;
  /** The realtime server of this process (BROADCAST_CONNECTION=embedded), listening. */
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
 * of every process share. See docs/decisions/008-broadcasting.md.
 */
export async function boot(options: BootOptions): Promise<Booted> {
  const { config, logger } = options;
  let realtime: RealtimeServer | undefined;
  let redis: Redis | undefined;
  try {
    if (config.broadcastConnection === 'embedded') {
      warnOfTlsOnTheListener(config, logger);
      realtime = new RealtimeServer({
        apps: appsFromConfig(config),
        logger,
        redisUrl: config.redisUrl,
        redisPrefix: `${config.redisPrefix}realtime`,
      });
      await realtime.listen(config.reverb.server.port, config.reverb.server.host);
    }
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
    runsWorkers: config.queue.workers,
  });
  let stopWorkers: (() => Promise<void>) | undefined;
  if (config.queue.workers) {
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
