/**
 * The hot cache's invalidations between processes (server/cache/invalidation-bus.ts): a write's
 * message has reached every other process when `publish` resolves, so the next request anywhere
 * reads afresh. Needs Redis: runs when REDIS_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { HotCache } from '../../../server/cache/hot-cache';
import { teams, users } from '../../../server/db/schema/index';
import { createTestApp } from '../../helpers/app';
import { InvalidationBus } from '../../../server/cache/invalidation-bus';

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('cache invalidations through REDIS_URL', () => {
  const prefix = `kawan-test:${randomBytes(6).toString('hex')}:`;
  const clients: Redis[] = [];
  const buses: InvalidationBus[] = [];

  async function process() {
    const redis = new Redis(redisUrl!);
    clients.push(redis);
    const cache = new HotCache();
    const bus = await InvalidationBus.connect(redis, cache, { prefix, logger: pino({ level: 'silent' }) });
    buses.push(bus);
    // Subscribed: the cache is on.
    for (let tries = 0; !cache.enabled && tries < 200; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    return { cache, bus };
  }

  let one: Awaited<ReturnType<typeof process>>;
  let others: Awaited<ReturnType<typeof process>>[];
  beforeAll(async () => {
    one = await process();
    others = [await process(), await process()];
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const client of clients) client.disconnect();
  });

  it('has dropped the entries of every other process when publish resolves', async () => {
    for (let round = 0; round < 50; round += 1) {
      for (const other of others) {
        await other.cache.get(`team:${round}`, { groups: ['teams'] }, async () => round);
        expect(other.cache.peek(`team:${round}`)).toEqual({ value: round });
      }
      await one.bus.publish({ groups: ['teams'] });
      // What the response leads to comes later than the sockets that were ready with the echo.
      await new Promise((resolve) => setImmediate(resolve));
      for (const other of others) expect(other.cache.peek(`team:${round}`), `round ${round}`).toBeUndefined();
    }
  });

  it('tells the other processes once per transaction, with every table it wrote', async () => {
    const appPrefix = `${prefix}app:`;
    const redis = new Redis(redisUrl!);
    const listener = new Redis(redisUrl!);
    clients.push(redis, listener);
    const heard: Array<{ groups?: string[] }> = [];
    await listener.subscribe(`${appPrefix}cache-invalidation`);
    listener.on('message', (_channel: string, message: string) => heard.push(JSON.parse(message)));
    const app = await createTestApp({ redis, env: { REDIS_PREFIX: appPrefix } });
    try {
      await app.services.db.transaction(async (tx) => {
        await tx.update(teams).set({ name: 'x' }).where(eq(teams.id, -1));
        await tx.update(users).set({ name: 'x' }).where(eq(users.id, -1));
        await tx.update(teams).set({ name: 'y' }).where(eq(teams.id, -1));
      });
      await expect.poll(() => heard.length).toBe(1);
      expect([...(heard[0].groups ?? [])].sort()).toEqual(['teams', 'users']);

      // Outside a transaction each statement commits, and is told, on its own.
      await app.services.db.update(teams).set({ name: 'x' }).where(eq(teams.id, -1));
      await app.services.db.update(users).set({ name: 'x' }).where(eq(users.id, -1));
      await expect
        .poll(() => heard.map((message) => message.groups))
        .toEqual([expect.any(Array), ['teams'], ['users']]);
    } finally {
      await app.close();
    }
  });

  it('returns when the publish fails, without waiting for its own message', async () => {
    const redis = new Redis(redisUrl!, { lazyConnect: true, maxRetriesPerRequest: 0 });
    clients.push(redis);
    const cache = new HotCache();
    const bus = await InvalidationBus.connect(redis, cache, { prefix, logger: pino({ level: 'silent' }) });
    buses.push(bus);
    redis.disconnect();
    await bus.publish({ groups: ['teams'] });
  });
});
