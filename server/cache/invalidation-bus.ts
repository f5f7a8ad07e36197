import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../support/logger';
import type { HotCache } from './hot-cache';

export interface Invalidation {
  keys?: string[];
  groups?: string[];
  tags?: string[];
}

/** Longest a publish waits for its own message to come back (Redis slow or the subscription gone). */
const echoTimeoutMs = 250;

/**
 * Tells the other processes sharing REDIS_URL what to drop from their hot caches, and drops what
 * they report. A process whose subscription is down cannot hear of writes elsewhere: its cache is
 * off (every read goes to the database) until the subscription is back, and starts empty then.
 *
 * `publish` resolves once this process's own subscription has received the message. Redis answers
 * PUBLISH before it has necessarily written the message to the subscribers (it writes the clients
 * waiting for output newest first), so a write's response could reach the browser, and its next
 * request another process, before that process had heard of the write (the two-process test of
 * request-path-cache.test.ts failed so under load). Every subscriber's copy is written in the same
 * pass as this one's: once this one has it, the others have it in their sockets too, ahead of any
 * request the response leads to.
 */
export class InvalidationBus {
  private readonly origin = randomUUID();
  private sequence = 0;
  /** Published messages of this process waiting for their echo, by sequence number. */
  private readonly echoes = new Map<number, () => void>();

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
        const parsed = JSON.parse(message) as Invalidation & { origin?: string; n?: number };
        if (parsed.origin !== bus.origin) cache.drop(parsed);
        else if (parsed.n !== undefined) bus.echoed(parsed.n);
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

  /**
   * Tells the other processes, and resolves when they have the message (above); a failure is
   * logged (their caches are off while Redis is away).
   */
  async publish(what: Invalidation): Promise<void> {
    const n = (this.sequence += 1);
    const echo =
      this.subscriber.status === 'ready'
        ? new Promise<void>((resolve) => {
            const timer = setTimeout(() => this.echoed(n), echoTimeoutMs);
            this.echoes.set(n, () => {
              clearTimeout(timer);
              resolve();
            });
          })
        : undefined;
    try {
      await this.publisher.publish(this.channel, JSON.stringify({ ...what, origin: this.origin, n }));
    } catch (error) {
      this.echoed(n);
      this.logger.warn({ err: error }, 'cache invalidation: publish failed');
      return;
    }
    await echo;
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    for (const n of [...this.echoes.keys()]) this.echoed(n);
  }

  private echoed(n: number): void {
    const resolve = this.echoes.get(n);
    this.echoes.delete(n);
    resolve?.();
  }
}
