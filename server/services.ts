import type { Config } from './config/env';
import type { Database, DatabaseHandle } from './db/client';
import type { Logger } from './support/logger';
import type { RouteRegistry } from './http/router/registry';
import type { RouteParams } from './http/router/url';
import type { RateLimiters } from './http/middleware/throttle';
import type { Mailer } from './support/mail/mailer';
import type { Encrypter } from './support/encryption';
import type { Broadcaster } from './broadcasting/broadcaster';
import type { HotCache } from './cache/hot-cache';
import type { Invalidation } from './cache/invalidation-bus';
import type { JobQueue } from './jobs/queue';
import type { EmbedderRegistry } from './knowledge/embedder-registry';
import type { HitCounter } from './knowledge/hit-counter';

/** What actions and controllers may use, created once per process in createApp(). */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  logger: Logger;
  routes: RouteRegistry;
  limiters: RateLimiters;
  mailer: Mailer;
  encrypter: Encrypter;
  /** What page visits read on every request, kept in memory (server/cache/hot-cache.ts). */
  cache: HotCache;
  /** Tells the other processes (REDIS_URL) to drop cached entries; nothing without Redis. */
  invalidateElsewhere(what: Invalidation): Promise<void>;
  /** Ends the invalidation subscription (its own Redis connection), when there is one. */
  closeCache(): Promise<void>;
  /** Realtime events, published after the transaction commits (server/broadcasting/broadcaster.ts). */
  broadcaster: Broadcaster;
  /** The same for the web chat widget's own realtime app (visitors' channels). */
  widgetBroadcaster: Broadcaster;
  /** Durable jobs (server/jobs): sent after commit, run by the workers of `npm start` or `npm run worker`. */
  jobs: JobQueue;
  /** The embedders this process can use for knowledge (the offline one, the AI_* server's). */
  embedders: EmbedderRegistry;
  /** Hit counts of retrieved chunks, written in batches. */
  knowledgeHits: HitCounter;
  /** The path of a named route (`route('teams.show', team)`). */
  route(name: string, params?: RouteParams): string;
  /** A signed path of a named route, optionally expiring. */
  signedRoute(name: string, params?: RouteParams, expiresAt?: Date): string;
}
