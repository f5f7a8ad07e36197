/**
 * What `npm start` runs (server/main.ts → server/boot.ts): the realtime server in the process and
 * in-process broadcasts by default, or no realtime server and the pusher SDK to another one
 * (BROADCAST_CONNECTION=reverb); a Redis client for the rate limits when REDIS_URL is set.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { boot, type Booted } from '../../../server/boot';
import { InProcessDriver, PusherDriver } from '../../../server/broadcasting/broadcaster';
import type { DatabaseHandle } from '../../../server/db/client';
import { staticAssets } from '../../../server/http/inertia/vite';
import { MemoryMailbox } from '../../../server/support/mail/mailbox';
import { testConfig } from '../../helpers/config';
import { createTestDatabase } from '../../helpers/database';
import { testVersion } from '../../helpers/app';
import { cachedRead } from '../../../server/cache/cached-reads';
import { teams } from '../../../server/db/schema/index';
import { RawClient, cleanup, data, startRealtime } from '../realtime/support/harness';

const mainApp = { id: '100001', key: 'test-app-key', secret: 'test-app-secret-0123456789' };
let database: DatabaseHandle;
const running: Booted[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const booted of running.splice(0)) await booted.close();
  await cleanup();
});
afterAll(() => database.close());

async function start(
  env: Record<string, string>,
  logger = pino({ level: 'silent' }),
  role: 'server' | 'worker' = 'server',
): Promise<Booted> {
  const booted = await boot({
    config: testConfig(env),
    database,
    logger,
    role,
    mailbox: new MemoryMailbox(),
    assets: staticAssets(testVersion),
  });
  running.push(booted);
  return booted;
}

/** A socket subscribed to the public channel `news` of the main app. */
async function subscriber(port: number): Promise<RawClient> {
  const client = await RawClient.connect(port, { key: mainApp.key });
  client.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
  await client.waitFor((frame) => frame.event === 'pusher_internal:subscription_succeeded');
  return client;
}

async function received(client: RawClient, booted: Booted, n: number): Promise<unknown> {
  await booted.services.broadcaster.broadcast({ channels: ['news'], event: 'App\\Events\\Hello', data: { n } });
  return data(await client.waitFor((frame) => frame.event === 'App\\Events\\Hello' && data(frame).n === n));
}

/** A loopback port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/up`);
    return true;
  } catch {
    return false;
  }
}

describe('BROADCAST_CONNECTION=embedded (the default)', () => {
  it('runs the realtime server on REVERB_SERVER_HOST:REVERB_SERVER_PORT and publishes to it in-process', async () => {
    const port = await freePort();
    const booted = await start({ REVERB_SERVER_HOST: '127.0.0.1', REVERB_SERVER_PORT: String(port) });
    expect(booted.realtime?.port).toBe(port);
    expect(booted.services.broadcaster.driver).toBeInstanceOf(InProcessDriver);
    expect(booted.redis).toBeUndefined();
    const client = await subscriber(port);
    expect(await received(client, booted, 1)).toEqual({ n: 1 });

    await booted.close();
    expect(await listening(port)).toBe(false);
  });

  it('warns when browsers would speak TLS to the port the server listens on without TLS', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const env = { REVERB_SCHEME: 'https', REVERB_SERVER_HOST: '127.0.0.1', REVERB_SERVER_PORT: String(port) };
    await (await start({ ...env, REVERB_PORT: String(port) }, logger)).close();
    expect(lines.join('')).toContain(`browsers connect with TLS to localhost:${port}`);
    lines.length = 0;
    await start(env, logger);
    expect(lines).toEqual([]);
  });
});

describe('BROADCAST_CONNECTION=reverb', () => {
  it('runs no realtime server and publishes through the pusher SDK to REVERB_HOST:REVERB_PORT', async () => {
    const external = await startRealtime({ app: mainApp });
    // The port it would listen on is held here: a realtime server started there would stop the boot
    // (a port only found free could be taken by another test file's server meanwhile).
    const held = createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const serverPort = (held.address() as { port: number }).port;
    let booted: Booted;
    try {
      booted = await start({
        BROADCAST_CONNECTION: 'reverb',
        REVERB_HOST: '127.0.0.1',
        REVERB_PORT: String(external.port),
        REVERB_SERVER_HOST: '127.0.0.1',
        REVERB_SERVER_PORT: String(serverPort),
      });
    } finally {
      await new Promise((resolve) => held.close(resolve));
    }
    expect(booted.realtime).toBeUndefined();
    const driver = booted.services.broadcaster.driver as PusherDriver;
    expect(driver).toBeInstanceOf(PusherDriver);
    expect(driver.endpoint).toEqual({ host: '127.0.0.1', port: external.port, scheme: 'http' });
    const client = await subscriber(external.port);
    expect(await received(client, booted, 2)).toEqual({ n: 2 });
  });

  it('publishes to REVERB_API_URL when the server is reached there rather than at the public address', async () => {
    const external = await startRealtime({ app: mainApp });
    const booted = await start({
      BROADCAST_CONNECTION: 'reverb',
      REVERB_SCHEME: 'https',
      REVERB_HOST: 'ws.kawan.test',
      REVERB_API_URL: `http://127.0.0.1:${external.port}`,
    });
    expect((booted.services.broadcaster.driver as PusherDriver).endpoint).toEqual({
      host: '127.0.0.1',
      port: external.port,
      scheme: 'http',
    });
    const client = await subscriber(external.port);
    expect(await received(client, booted, 3)).toEqual({ n: 3 });
  });
});

describe('REDIS_URL', () => {
  it('stops the boot, naming REDIS_URL, when Redis cannot be reached, and leaves no port open', async () => {
    const unreachable = `redis://127.0.0.1:${await freePort()}`;
    await expect(start({ BROADCAST_CONNECTION: 'reverb', REDIS_URL: unreachable })).rejects.toThrow(
      /Redis at redis:\/\/127\.0\.0\.1:\d+\/? \(REDIS_URL\) is not reachable/,
    );
    const port = await freePort();
    await expect(
      start({ REDIS_URL: unreachable, REVERB_SERVER_HOST: '127.0.0.1', REVERB_SERVER_PORT: String(port) }),
    ).rejects.toThrow(/not reachable/);
    expect(await listening(port)).toBe(false);
  });

  it.runIf(process.env.REDIS_URL)('connects a client for the rate limits and closes it with the process', async () => {
    const booted = await start({ BROADCAST_CONNECTION: 'reverb', REDIS_URL: process.env.REDIS_URL! });
    expect(booted.redis?.status).toBe('ready');
    await booted.close();
    expect(booted.redis?.status).toBe('end');
  });
});

describe('npm run worker (role worker)', () => {
  it('runs no listener; without REDIS_URL it publishes through the pusher SDK to the web process', async () => {
    const web = await freePort();
    const booted = await start(
      { REVERB_HOST: '127.0.0.1', REVERB_PORT: String(web), REVERB_SERVER_PORT: String(web) },
      undefined,
      'worker',
    );
    expect(booted.realtime).toBeUndefined();
    expect(booted.services.broadcaster.driver).toBeInstanceOf(PusherDriver);
    expect(await listening(web)).toBe(false);
  });

  it.runIf(process.env.REDIS_URL)(
    'publishes on the web processes’ Redis bus and drops their cached reads when it writes',
    async () => {
      const prefix = `kawan-test:${randomBytes(6).toString('hex')}:`;
      const shared = { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: prefix, REVERB_SERVER_HOST: '127.0.0.1' };
      const webPort = await freePort();
      const web = await start({ ...shared, REVERB_SERVER_PORT: String(webPort) });
      const workerPort = await freePort();
      const worker = await start({ ...shared, REVERB_SERVER_PORT: String(workerPort) }, undefined, 'worker');
      try {
        expect(worker.realtime).toBeDefined();
        expect(worker.realtime?.port).toBeUndefined();
        expect(await listening(workerPort)).toBe(false);
        expect(worker.services.broadcaster.driver).toBeInstanceOf(InProcessDriver);
        // A broadcast of the worker reaches a socket of the web process, through Redis alone.
        const client = await subscriber(webPort);
        expect(await received(client, worker, 4)).toEqual({ n: 4 });

        let loads = 0;
        const read = () => cachedRead(web.services.db, 'boot-test:teams', { groups: ['teams'] }, async () => ++loads);
        expect(await read()).toBe(1);
        expect(await read()).toBe(1);
        await worker.services.db.update(teams).set({ name: 'x' }).where(eq(teams.id, -1));
        await expect.poll(read, { timeout: 5_000 }).toBe(2);
      } finally {
        const redis = new Redis(process.env.REDIS_URL!);
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
    },
  );
});
