import supertest from 'supertest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { TestMailbox } from './mail';
import { createLogger } from '../../server/support/logger';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { createApp, type AppDependencies } from '../../server/app';
import { staticAssets, type Assets } from '../../server/http/inertia/vite';
import type { RouteFile } from '../../routes/all';
import type { Page } from '../../server/http/inertia/page';
import { createTestDatabase } from './database';
import type { DatabaseHandle } from '../../server/db/client';
import type { Redis } from 'ioredis';
import { testConfig } from './config';
import type { RealtimeServer } from '../../server/realtime/realtime-server';
import { MemoryDriver } from '../../server/broadcasting/broadcaster';

export const testVersion = 'test-asset-version';

/** The real application over a fresh database, as feature tests drive it. */
export async function createTestApp(
  options: {
    routes?: RouteFile[];
    env?: Record<string, string>;
    realtime?: RealtimeServer;
    /** Static files served instead of public/ (and their assets instead of the fixed test version). */
    publicDir?: string;
    assets?: Assets;
    /** A database handle of the test's own (another process's view of a server database). */
    database?: DatabaseHandle;
    /** Redis shared with other apps of the test (rate limits, cache invalidation). */
    redis?: Redis;
    /** Named rate limits changed for this app (`{ webhooks: { points: 5 } }`). */
    limits?: AppDependencies['limits'];
  } = {},
) {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(join(tmpdir(), 'kawan-feature-'));
  const config = testConfig({ DATA_DIR: dataDir, ...options.env });
  const mailbox = new TestMailbox();
  // Warnings and errors are kept in memory, for tests that look at what was logged.
  const logLines: string[] = [];
  const logger = createLogger('warn', {
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  });
  // Broadcasts are kept in memory unless the test runs a realtime server (then published to it).
  const broadcasts = new MemoryDriver();
  const { app, services } = createApp({
    config,
    database,
    mailbox,
    logger,
    assets: options.assets ?? staticAssets(testVersion, '<script type="module" src="/build/test.js"></script>'),
    publicDir: options.publicDir,
    redis: options.redis,
    limits: options.limits,
    extraRoutes: options.routes,
    ...(options.realtime ? { realtime: options.realtime } : { broadcastDriver: broadcasts }),
  });
  return {
    app,
    services,
    database,
    /** Every message the app sent, newest first; `mailbox.failing()` makes sending fail. */
    mailbox,
    /** Warnings and errors logged so far, oldest first, as pino wrote them (with `msg`). */
    logs: () =>
      logLines
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    /** Every broadcast published, oldest first (empty when the test runs a realtime server). */
    broadcasts: broadcasts.sent,
    /** Who is on each presence channel (`presence-teams.1` → user ids), as the app reads it. */
    presence: broadcasts.present,
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A browser-like client: keeps cookies, and sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN the
 * way Inertia's HTTP client does. `inertia()` adds the headers of an Inertia visit.
 */
export async function browser(app: TestApp['app']) {
  const agent = supertest.agent(app);
  const first = await agent.get('/up');
  let token = xsrfFrom(first) ?? '';
  const remember = (res: Response) => {
    token = xsrfFrom(res) ?? token;
    return res;
  };
  const headers = (inertia: boolean, extra: Record<string, string> = {}) => ({
    'X-Requested-With': 'XMLHttpRequest',
    'X-XSRF-TOKEN': token,
    ...(inertia
      ? { 'X-Inertia': 'true', 'X-Inertia-Version': testVersion, Accept: 'text/html, application/xhtml+xml' }
      : {}),
    ...extra,
  });
  return {
    agent,
    get token() {
      return token;
    },
    visit: async (url: string, extra?: Record<string, string>) =>
      remember(await agent.get(url).set(headers(true, extra))),
    load: async (url: string) => remember(await agent.get(url)),
    send: async (
      method: 'post' | 'put' | 'patch' | 'delete',
      url: string,
      body: Record<string, unknown> = {},
      extra?: Record<string, string>,
    ) => remember(await agent[method](url).set(headers(true, extra)).send(body)),
  };
}

export function xsrfFrom(res: Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = cookies.filter((line) => line.startsWith('XSRF-TOKEN=')).at(-1);
  return cookie ? decodeURIComponent(cookie.split(';')[0].slice('XSRF-TOKEN='.length)) : undefined;
}

/** The page object of an Inertia JSON response or of a first-load HTML document. */
export function pageOf(res: Response): Page {
  if (res.headers['x-inertia']) return res.body as Page;
  const match = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(res.text);
  if (!match) throw new Error(`No page object in response (${res.status}): ${res.text.slice(0, 200)}`);
  return JSON.parse(match[1]) as Page;
}

/** Asserts an Inertia page response and returns its page object. */
export function expectPage(res: Response, component: string, status = 200): Page {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  const page = pageOf(res);
  expect(page.component).toBe(component);
  expect(page.props.errors).toBeTypeOf('object');
  return page;
}

/** A browser signed in as the user (through the real login form; password 'password' by default). */
export async function signedIn(app: TestApp['app'], user: { email: string }, password = 'password') {
  const client = await browser(app);
  const res = await client.send('post', '/login', { email: user.email, password });
  if (res.status !== 303)
    throw new Error(`Login failed for ${user.email}: ${res.status} ${res.headers.location ?? ''}`);
  return client;
}
