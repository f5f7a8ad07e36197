import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../support/logger';
import type { HotCache } from './hot-cache';

export interface Invalidation {
  keys?: string[];
  groups?: string[];
  tags?: string[];
}

/**
 * Tells the other processes sharing REDIS_URL what to drop from their hot caches, and drops what
 * they report. A process whose subscription is down cannot hear of writes elsewhere: its cache is
 * off (every read goes to the database) until the subscription is back, and starts empty then.
 */
export class InvalidationBus {
  private readonly origin = randomUUID();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly logger: Logger,
  ) {}

  static async connect(
    redis: Redis,
    cache: HotCache,
    options: { prefix: string; logger: Logger },
  ): Promise<InvalidationBus> {
    const subscriber = redis.duplicate();
    const bus = new InvalidationBus(redis, subscriber, `${options.prefix}cache-invalidation`, options.logger);
    cache.setEnabled(false);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== bus.channel) return;
      try {
        const parsed = JSON.parse(message) as Invalidation & { origin?: string };
        if (parsed.origin !== bus.origin) cache.drop(parsed);
      } catch {
        cache.clear();
      }
    });
    // Subscribed: writes elsewhere are heard from now on. Anything else: not any more.
    subscriber.on('ready', () => {
      subscriber.subscribe(bus.channel).then(
        () => cache.setEnabled(true),
        (error: unknown) => options.logger.warn({ err: error }, 'cache invalidation: subscribe failed'),
      );
    });
    for (const event of ['close', 'reconnecting', 'end']) subscriber.on(event, () => cache.setEnabled(false));
    subscriber.on('error', (error: Error) => options.logger.debug({ err: error }, 'cache invalidation subscriber'));
    try {
      await subscriber.connect();
      await subscriber.subscribe(bus.channel);
      cache.setEnabled(true);
    } catch (error) {
      // Redis retries by itself; the cache stays off until the subscription holds.
      options.logger.warn({ err: error }, 'cache invalidation: not subscribed yet, the cache is off');
    }
    return bus;
  }

  /** Tells the other processes; a failure is logged (their caches are off while Redis is away). */
  async publish(what: Invalidation): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify({ ...what, origin: this.origin }));
    } catch (error) {
      this.logger.warn({ err: error }, 'cache invalidation: publish failed');
    }
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
  }
}
