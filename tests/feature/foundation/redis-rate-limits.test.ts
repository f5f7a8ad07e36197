/**
 * With REDIS_URL every web process counts the same rate limits (.env.example: "Several HTTP and
 * realtime processes share rate limits, presence and events through Redis"): two processes booted
 * as server/main.ts boots them, one database, one Redis. Needs Redis: runs when REDIS_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { boot, type Booted } from '../../../server/boot';
import type { DatabaseHandle } from '../../../server/db/client';
import { staticAssets } from '../../../server/http/inertia/vite';
import { MemoryMailbox } from '../../../server/support/mail/mailbox';
import { testConfig } from '../../helpers/config';
import { createTestDatabase } from '../../helpers/database';
import { browser, testVersion } from '../../helpers/app';
import { api } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { createApiToken } from '../../factories/api-tokens';

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through REDIS_URL', () => {
  /** This run's own keys, removed afterwards. */
  const prefix = `kawan-test:${randomBytes(6).toString('hex')}:`;
  let database: DatabaseHandle;
  let one: Booted;
  let two: Booted;
  const started: Booted[] = [];

  const start = async () => {
    const booted = await boot({
      config: testConfig({ BROADCAST_CONNECTION: 'reverb', REDIS_URL: redisUrl!, REDIS_PREFIX: prefix }),
      database,
      logger: pino({ level: 'silent' }),
      mailbox: new MemoryMailbox(),
      assets: staticAssets(testVersion),
    });
    started.push(booted);
    return booted;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    one = await start();
    two = await start();
  });
  afterAll(async () => {
    for (const booted of started) await booted.close();
    await database?.close();
    const redis = new Redis(redisUrl!);
    try {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  it("counts an API token's requests in every process: 30 + 30, then 429 on either", async () => {
    const user = await createUser(one.services);
    const { token, plainText } = await createApiToken(one.services, user);
    for (let i = 1; i <= 60; i += 1) {
      const res = await api((i % 2 ? one : two).app, '/api/user', plainText);
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(60 - i));
    }
    expect((await api(one.app, '/api/user', plainText)).status).toBe(429);
    expect((await api(two.app, '/api/user', plainText)).status).toBe(429);
    expect(await one.redis!.exists(`${prefix}throttle:api:token:${token.id}`)).toBe(1);
  });

  it('counts failed logins for an address in every process: 3 + 2, then the sixth is refused', async () => {
    const user = await createUser(one.services);
    const first = await browser(one.app);
    const second = await browser(two.app);
    for (let attempt = 0; attempt < 3; attempt++) {
      await first.send('post', '/login', { email: user.email, password: 'wrong' }, { Referer: '/login' });
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      await second.send('post', '/login', { email: user.email, password: 'wrong' }, { Referer: '/login' });
    }
    const refused = await second.agent
      .post('/login')
      .set({ Accept: 'application/json', 'X-XSRF-TOKEN': second.token })
      .send({ email: user.email, password: 'password' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps serving, counting in the process, while Redis is unreachable', async () => {
    const cut = await start();
    const user = await createUser(cut.services);
    const { plainText } = await createApiToken(cut.services, user);
    cut.redis!.disconnect();
    const res = await api(cut.app, '/api/user', plainText);
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
    expect((await api(cut.app, '/api/user', plainText)).headers['x-ratelimit-remaining']).toBe('58');
  });
});
