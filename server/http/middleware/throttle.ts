import type { Request, RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '../../support/errors';

export interface LimiterDefinition {
  /** Attempts allowed per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
  /** What the attempts are counted by (IP, e-mail + IP, token…). */
  key: (req: Request) => string;
  /**
   * A refusal says the wait in words and as `retry_after` (TooManyRequestsError's `tellWait`): for
   * the public channel endpoints (the chat widget shows it to the visitor; webhooks).
   */
  tellWait?: boolean;
}

export interface RateLimiters {
  /** Counts one attempt; throws a 429 with the seconds to wait when the limit is passed. */
  hit(name: string, key: string): Promise<{ remaining: number; limit: number }>;
  clear(name: string, key: string): Promise<void>;
  /** Seconds until the key may try again (0 when it may now), without counting an attempt. */
  remaining(name: string, key: string): Promise<{ secondsUntilAvailable: number }>;
  definition(name: string): LimiterDefinition;
}

/**
 * Named limiters (Laravel's RateLimiter::for). Counts live in memory for one process, or in
 * Redis (`{prefix}throttle:{name}:{key}`) when REDIS_URL is set, so that every process sees the
 * same counts. While Redis is unreachable each process counts in memory (rate-limiter-flexible's
 * insurance limiter) rather than failing every login and API request.
 */
export function createRateLimiters(
  definitions: Record<string, LimiterDefinition>,
  options: { redis?: Redis; prefix?: string } = {},
): RateLimiters {
  const { redis, prefix = 'kawan:' } = options;
  const limiters = new Map<string, RateLimiterAbstract>();
  for (const [name, definition] of Object.entries(definitions)) {
    const settings = {
      keyPrefix: `${prefix}throttle:${name}`,
      points: definition.points,
      duration: definition.duration,
    };
    limiters.set(
      name,
      redis
        ? new RateLimiterRedis({
            ...settings,
            storeClient: redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(settings),
          })
        : new RateLimiterMemory(settings),
    );
  }
  const get = (name: string) => {
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`Unknown rate limiter '${name}'`);
    return limiter;
  };
  return {
    async hit(name, key) {
      const limiter = get(name);
      try {
        const result = await limiter.consume(key);
        return { remaining: result.remainingPoints, limit: limiter.points };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw new TooManyRequestsError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)), limiter.points, {
            tellWait: definitions[name]?.tellWait,
          });
        }
        throw error;
      }
    },
    async clear(name, key) {
      await get(name).delete(key);
    },
    async remaining(name, key) {
      const limiter = get(name);
      const state = await limiter.get(key);
      if (!state || state.consumedPoints < limiter.points) return { secondsUntilAvailable: 0 };
      return { secondsUntilAvailable: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
    },
    definition(name) {
      const definition = definitions[name];
      if (!definition) throw new Error(`Unknown rate limiter '${name}'`);
      return definition;
    },
  };
}

/** `throttle:<name>` route middleware: every request counts, successful or not. */
export function throttle(name: string): RequestHandler {
  return (req, res, next) => {
    const limiters = req.services.limiters;
    limiters.hit(name, limiters.definition(name).key(req)).then(({ remaining, limit }) => {
      res.set('X-RateLimit-Limit', String(limit)).set('X-RateLimit-Remaining', String(remaining));
      next();
    }, next);
  };
}
