import { Redis } from 'ioredis';
import type { Logger } from './logger';

/** A Redis URL without its credentials, for messages and logs. */
export function redisLocation(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * The web process's Redis client (rate limits shared by every process), connected before the
 * process serves: a REDIS_URL that cannot be reached stops the boot, as it stops the realtime
 * server's. A later outage is logged once; the rate limiters count in memory until Redis is back
 * (server/http/middleware/throttle.ts). Commands fail after one retry or 2 s, never hang a request.
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 2000 });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.error(
      { err: error, redis: redisLocation(url) },
      'redis unreachable: rate limits count per process until it is back',
    );
  });
  redis.on('ready', () => {
    if (down) logger.info({ redis: redisLocation(url) }, 'redis reachable again');
    down = false;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at ${redisLocation(url)} (REDIS_URL) is not reachable: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return redis;
}

/** Closes a client from connectRedis: QUIT when connected, then drops the socket; resolves once it ended. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  const ended = new Promise<void>((resolve) => {
    redis.once('end', () => resolve());
    setTimeout(resolve, 1000).unref();
  });
  if (redis.status === 'ready') await redis.quit().catch(() => undefined);
  redis.disconnect();
  await ended;
}
