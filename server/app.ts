import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import type { Config } from './config/env';
import type { DatabaseHandle } from './db/client';
import { createLogger, type Logger } from './support/logger';
import { buildKernel } from './http/kernel';
import { viteAssets, type Assets } from './http/inertia/vite';
import { buildRoutes, type RouteFile } from '../routes/all';
import { buildRouteUrl } from './http/router/url';
import { createRateLimiters } from './http/middleware/throttle';
import { limiterDefinitions } from './http/limiters';
import type { Services } from './services';
import { JobQueue } from './jobs/queue';
import { defineJobs } from './jobs/registry';
import { EmbedderRegistry } from './knowledge/embedder-registry';
import { HitCounter } from './knowledge/hit-counter';
import { createMailer } from './support/mail/mailer';
import { FileMailbox, type Mailbox } from './support/mail/mailbox';
import { Encrypter } from './support/encryption';
import { signUrl } from './support/signed-url';
import { join } from 'node:path';
import type { RealtimeServer } from './realtime/realtime-server';
import { Broadcaster, createBroadcastDriver, type BroadcastDriver } from './broadcasting/broadcaster';
import { afterCommit, transactionLocal, trackTransactions } from './db/after-commit';
import { HotCache } from './cache/hot-cache';
import { attachCache } from './cache/cached-reads';
import { InvalidationBus, type Invalidation } from './cache/invalidation-bus';
import { projectPath } from './support/paths';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  logger?: Logger;
  assets?: Assets;
  /** Where rate limits are counted when REDIS_URL is set (server/boot.ts connects it); memory otherwise. */
  redis?: Redis;
  /** Where static files are served from (default: public/; tests give their own). */
  publicDir?: string;
  /** Extra route files (tests declare test-only routes this way). */
  extraRoutes?: RouteFile[];
  /**
   * Changes to named rate limits. The e2e server raises the per-IP sign-up limit, since every
   * journey registers from 127.0.0.1.
   */
  limits?: Record<string, { points?: number; duration?: number }>;
  /** Where mail goes when MAIL_URL is not set (default: a file mailbox under DATA_DIR/mail). */
  mailbox?: Mailbox;
  /** The realtime server of this process, when it runs here: broadcasts are published in-process. */
  realtime?: RealtimeServer;
  /** Where broadcasts go instead (tests); default: in-process with `realtime`, else the pusher SDK. */
  broadcastDriver?: BroadcastDriver;
  /** The widget's realtime app's broadcasts (default: `broadcastDriver`, else as above for the widget app). */
  widgetBroadcastDriver?: BroadcastDriver;
  /** This process will run the job workers (it then also runs the queue's maintenance). */
  runsWorkers?: boolean;
}

export const publicDir = projectPath('public');

/** Builds the Express application. Tests import this; only server/main.ts listens. */
export function createApp(deps: AppDependencies): { app: Express; services: Services } {
  const routes = buildRoutes(deps.extraRoutes);
  const { config } = deps;
  const logger = deps.logger ?? createLogger(config.logLevel);
  const route: Services['route'] = (name, params) => buildRouteUrl(routes, name, params);
  // Every db.transaction() becomes a unit of work for afterCommit (broadcasts wait for the commit).
  trackTransactions(deps.database.db, (error) => logger.error({ err: error }, 'after-commit callback failed'));
  const { cache, invalidateElsewhere, bus } = hotCache(deps, logger);
  const services: Services = {
    config,
    database: deps.database,
    db: deps.database.db,
    logger,
    routes,
    limiters: createRateLimiters(
      Object.fromEntries(
        Object.entries(limiterDefinitions).map(([name, definition]) => [
          name,
          { ...definition, ...deps.limits?.[name] },
        ]),
      ),
      { redis: deps.redis, prefix: config.redisPrefix },
    ),
    mailer: createMailer({
      from: config.mail.from,
      app: config.app,
      logger,
      url: config.mail.url,
      mailbox: deps.mailbox ?? new FileMailbox(join(config.dataDir, 'mail')),
    }),
    encrypter: new Encrypter(config.app.key),
    cache,
    invalidateElsewhere,
    closeCache: async () => {
      if (bus) await (await bus).close();
    },
    broadcaster: new Broadcaster(deps.broadcastDriver ?? createBroadcastDriver(config, deps.realtime), logger),
    // Tests give one driver for both: widget channels are told apart by their `private-widget.` names.
    widgetBroadcaster: new Broadcaster(
      deps.widgetBroadcastDriver ?? deps.broadcastDriver ?? createBroadcastDriver(config, deps.realtime, 'widget'),
      logger,
    ),
    jobs: new JobQueue(deps.database, {
      logger,
      retryDelaySeconds: config.queue.retryDelaySeconds,
      supervise: deps.runsWorkers ?? false,
    }),
    embedders: new EmbedderRegistry(config.ai),
    knowledgeHits: new HitCounter(deps.database.db, {
      onError: (error) => logger.warn({ err: error }, 'knowledge hit counts could not be written'),
    }),
    route,
    signedRoute: (name, params, expiresAt) => signUrl(config.app.key, route(name, params), expiresAt),
  };
  defineJobs(services);
  const app = express();
  const files = deps.publicDir ?? publicDir;
  buildKernel(app, services, { assets: deps.assets ?? viteAssets(files), publicDir: files });
  return { app, services };
}

/** The tables a transaction wrote, told to the caches once it has committed. */
const writtenTables = Symbol('kawan.writtenTables');

/**
 * The hot cache of this process (docs/decisions/011-request-path-cache.md): every write the
 * database reports drops what was read from that table, here at once and again after the
 * transaction commits, and (with REDIS_URL) in every other process once it has committed: one
 * message for all the tables a transaction wrote.
 */
function hotCache(deps: AppDependencies, logger: Logger) {
  const cache = new HotCache();
  attachCache(deps.database.db, cache);
  const bus = deps.redis
    ? InvalidationBus.connect(deps.redis, cache, { prefix: deps.config.redisPrefix, logger })
    : undefined;
  const invalidateElsewhere = async (what: Invalidation) => {
    if (bus) await (await bus).publish(what);
  };
  deps.database.writes.listen((table) => {
    // The session store's own writes are not reported (writeThroughMark): it keeps its entries right.
    const what = { groups: [table] };
    cache.drop(what);
    const tables = transactionLocal(writtenTables, () => {
      const written = new Set<string>();
      void afterCommit(() => {
        const all = { groups: [...written] };
        cache.drop(all);
        return invalidateElsewhere(all);
      });
      return written;
    });
    if (tables) tables.add(table);
    else void invalidateElsewhere(what);
  });
  return { cache, invalidateElsewhere, bus };
}
