/**
 * The app side of realtime as a browser sees it: the real app on a loopback port with the realtime
 * server in the same process (as server/main.ts runs them), and signed-in "browsers" (jsdom windows
 * with the user's session cookies) running the real pusher-js web build and laravel-echo in its
 * stock configuration: Echo posts to the app's own /broadcasting/auth with the X-CSRF-TOKEN of the
 * page's meta tag (current here: each page is a first load). The app's own client, which sends the
 * XSRF-TOKEN cookie instead, is driven in client-echo.test.ts and echo-after-login.test.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CookieJar, JSDOM } from 'jsdom';
import type { Response } from 'supertest';
import pino from 'pino';
import { RealtimeServer } from '../../../server/realtime/realtime-server';
import { appsFromConfig } from '../../../server/realtime/apps';
import { createTestApp, type TestApp } from '../../helpers/app';
import { testConfig } from '../../helpers/config';
import { listen, signIn, type ListeningServer } from '../../helpers/inertia-client';
import { sleep, waitFor } from '../../helpers/wait';
import { realtimeClientConstants } from '../../../resources/js/lib/echo-constants';

const require = createRequire(import.meta.url);
const pusherSource = readFileSync(require.resolve('pusher-js/dist/web/pusher.js'), 'utf8');

export { sleep, waitFor };

/** The csrf-token meta tag of an HTML page (what Echo reads). */
export function csrfMeta(html: string): string {
  const match = /<meta name="csrf-token" content="([^"]*)">/.exec(html);
  if (!match) throw new Error('no csrf-token meta tag');
  return match[1];
}

export function csrfMetaOf(res: Response): string {
  return csrfMeta(res.text);
}

export interface RealtimeStack {
  app: TestApp;
  realtime: RealtimeServer;
  realtimePort: number;
  http: ListeningServer;
  origin: string;
  close(): Promise<void>;
}

/** The app and its realtime server, both on loopback ports, broadcasting in-process. */
export async function startStack(): Promise<RealtimeStack> {
  const config = testConfig();
  const realtime = new RealtimeServer({ apps: appsFromConfig(config), logger: pino({ level: 'silent' }) });
  const { port: realtimePort } = await realtime.listen(0, '127.0.0.1');
  const app = await createTestApp({ realtime, env: { REVERB_HOST: '127.0.0.1', REVERB_PORT: String(realtimePort) } });
  const http = await listen(app.app);
  return {
    app,
    realtime,
    realtimePort,
    http,
    origin: http.origin,
    close: async () => {
      await http.close();
      await realtime.close();
      await app.close();
    },
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- pusher-js and Echo live in the jsdom realm */
export interface SignedInBrowser {
  window: any;
  csrfToken: string;
  echo: any;
  close(): Promise<void>;
}

/**
 * A jsdom window signed in as the user (through the real login form), on `path` of the app, with
 * pusher-js loaded and an Echo configured like the app's client.
 */
export async function signedInBrowser(
  stack: RealtimeStack,
  user: { email: string },
  options: { path?: string; password?: string } = {},
): Promise<SignedInBrowser> {
  const jar = new CookieJar();
  await signIn(jar, stack.origin, { email: user.email, password: options.password ?? 'password' });
  const url = new URL(options.path ?? '/dashboard', stack.origin).toString();
  const res = await fetch(url, {
    redirect: 'manual',
    headers: { cookie: await jar.getCookieString(url), accept: 'text/html' },
  });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${res.headers.get('location') ?? ''}`);
  for (const line of res.headers.getSetCookie()) await jar.setCookie(line, url);
  const html = await res.text();
  const dom = new JSDOM(html, { url, cookieJar: jar, runScripts: 'outside-only' });
  dom.window.eval(pusherSource);
  const csrfToken = csrfMeta(html);
  const { default: Echo } = await import('laravel-echo');
  const echo = new Echo({
    ...realtimeClientConstants,
    enabledTransports: ['ws', 'wss'],
    key: 'test-app-key',
    wsHost: '127.0.0.1',
    wsPort: stack.realtimePort,
    wssPort: stack.realtimePort,
    forceTLS: false,
    authEndpoint: `${stack.origin}/broadcasting/auth`,
    auth: { headers: {} },
    userAuthentication: { endpoint: `${stack.origin}/broadcasting/user-auth`, transport: 'ajax', headers: {} },
    csrfToken,
    withoutInterceptors: true,
    Pusher: dom.window.Pusher,
  } as any);
  return {
    window: dom.window,
    csrfToken,
    echo,
    close: async () => {
      echo.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 10));
      dom.window.close();
    },
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Resolves once Echo's connection is up, with its socket id. */
export async function connected(browser: SignedInBrowser, timeout = 5000): Promise<string> {
  await waitFor(() => browser.echo.socketId(), timeout, 'the Echo connection');
  return browser.echo.socketId() as string;
}

/**
 * The signed-in browsers a test file opens on the stack, each handed out once Echo is connected;
 * `closeAll()` (in afterEach) closes those opened since.
 */
export function connectedBrowsers(stack: () => RealtimeStack) {
  const opened: SignedInBrowser[] = [];
  return {
    /** In the order they were opened. */
    opened: opened as readonly SignedInBrowser[],
    async open(user: { email: string }): Promise<SignedInBrowser> {
      const browser = await signedInBrowser(stack(), user);
      opened.push(browser);
      await connected(browser);
      return browser;
    },
    async closeAll(): Promise<void> {
      for (const browser of opened.splice(0)) await browser.close();
    },
  };
}
