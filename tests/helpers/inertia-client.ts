/**
 * Drives the real client packages (@inertiajs/core, @inertiajs/react, ziggy-js) in jsdom against
 * the real application listening on a loopback port.
 *
 * A test file (environment `node`) calls, at its top level:
 *
 *   const session = clientSession(testRoutes);   // the app on a loopback port, from beforeAll to afterAll
 *
 * and in a test or hook:
 *
 *   const { browser, inertia, router } = await session.start('/test/page');
 *
 * which is, step by step (each piece is exported for tests that need one of them alone):
 *
 *   browser = await openBrowser(session.origin, '/test/page'); // first load → JSDOM, globals installed
 *   core = await loadCore();                                    // a fresh @inertiajs/core, after the globals
 *   inertia = await bootRouter(core);                           // router.init from the page in the DOM
 *
 * After the file's tests the session closes the browser (restoring Node's globals), the server and the app.
 *
 * React tests import react-dom/client and @inertiajs/react dynamically after openBrowser (react-dom
 * decides at import time whether it has a DOM) and use the plain '@inertiajs/core' import, which is
 * the instance @inertiajs/react drives; they use one browser per file.
 *
 * The DOM is built from the HTML the server sent (so the page object, the Ziggy manifest and the
 * csrf meta tag are the server's), with `url` = the server URL and the server's cookies in the jar:
 * the client's XHRs are same-origin, carry the session cookie and echo XSRF-TOKEN.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { CookieJar, JSDOM, VirtualConsole } from 'jsdom';
import { afterAll, beforeAll, vi } from 'vitest';
import type * as InertiaCore from '@inertiajs/core';
import type { Page } from '../../server/http/inertia/page';
import type { RouteFile } from '../../routes/all';
import { createTestApp, type TestApp } from './app';

/** The @inertiajs/core module. */
export type Core = typeof InertiaCore;

export interface ListeningServer {
  server: Server;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

/** Listens on an ephemeral loopback port. */
export async function listen(app: Express): Promise<ListeningServer> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export interface Browser {
  dom: JSDOM;
  window: JSDOM['window'];
  document: Document;
  /** The HTML of the first load, exactly as the server sent it. */
  html: string;
  /** The first load's response. */
  response: { status: number; headers: Headers };
  /** Errors jsdom reported (unimplemented navigation, script errors…). */
  jsdomErrors: string[];
  close(): Promise<void>;
}

/** The globals a browser has and Node lacks (or has in a form jsdom objects do not accept). */
const windowGlobals = [
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'history',
  'sessionStorage',
  'localStorage',
  'XMLHttpRequest',
  'FormData',
  'File',
  'FileList',
  'CustomEvent',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLFormElement',
  'HTMLInputElement',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'getComputedStyle',
] as const;

let restoreCurrent: (() => void) | undefined;

function installGlobals(window: JSDOM['window']): () => void {
  const saved = new Map<string, PropertyDescriptor | undefined>();
  const target = globalThis as Record<string, unknown>;
  for (const key of windowGlobals) {
    saved.set(key, Object.getOwnPropertyDescriptor(globalThis, key));
    const value = key === 'window' || key === 'self' ? window : (window as unknown as Record<string, unknown>)[key];
    Object.defineProperty(globalThis, key, {
      value:
        typeof value === 'function' && /^[a-z]/.test(key)
          ? (value as (...a: unknown[]) => unknown).bind(window)
          : value,
      configurable: true,
      writable: true,
    });
  }
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, key, descriptor);
      else delete target[key];
    }
    delete target.Ziggy;
  };
}

/**
 * Loads `path` from the server like a browser's first visit (following redirects, keeping cookies),
 * builds a JSDOM from the HTML at that URL, shims what jsdom lacks and installs the window's
 * globals on globalThis (replacing the previous browser's, if any).
 */
export interface OpenBrowserOptions {
  /** Rewrites the first load's HTML before jsdom parses it. */
  transformHtml?: (html: string) => string;
  /** Signs in through the login form first, so that the first load is a signed-in one. */
  signIn?: { email: string; password: string };
}

export async function openBrowser(origin: string, path: string, options: OpenBrowserOptions = {}): Promise<Browser> {
  const cookieJar = new CookieJar();
  if (options.signIn) await signIn(cookieJar, origin, options.signIn);
  let url = new URL(path, origin).toString();
  let res: Response;
  for (let hops = 0; ; hops++) {
    res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: await cookieJar.getCookieString(url), accept: 'text/html,application/xhtml+xml' },
    });
    for (const line of res.headers.getSetCookie()) await cookieJar.setCookie(line, url);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location && hops < 5) {
      await res.arrayBuffer();
      url = new URL(location, url).toString();
      continue;
    }
    break;
  }
  const html = await res.text();

  const jsdomErrors: string[] = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error) => jsdomErrors.push(error.message));
  const dom = new JSDOM(options.transformHtml ? options.transformHtml(html) : html, {
    url,
    cookieJar,
    runScripts: 'outside-only',
    pretendToBeVisual: true,
    virtualConsole,
  });
  const { window } = dom;
  // Shims from protocols.md §6: jsdom has no navigation timing entries and does not scroll.
  if (typeof window.performance.getEntriesByType !== 'function') {
    Object.defineProperty(window.performance, 'getEntriesByType', { value: () => [], configurable: true });
  }
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  window.HTMLElement.prototype.scrollIntoView = function () {};

  restoreCurrent?.();
  const restore = installGlobals(window);
  restoreCurrent = restore;
  return {
    dom,
    window,
    document: window.document,
    html,
    response: { status: res.status, headers: res.headers },
    jsdomErrors,
    close: async () => {
      // Let in-flight XHR callbacks settle before the window goes away.
      await new Promise((resolve) => setTimeout(resolve, 10));
      window.close();
      if (restoreCurrent === restore) {
        restore();
        restoreCurrent = undefined;
      }
    },
  };
}

let coreInstances = 0;

/**
 * A fresh instance of @inertiajs/core (its own router, page and event-handler state). Import it
 * only after openBrowser installed the globals. router.init registers internal listeners that pile
 * up when it runs twice on one instance (two inits ⇒ every deferred group fetched twice), so each
 * browser gets its own instance.
 */
export async function loadCore(): Promise<Core> {
  const url = `${import.meta.resolve('@inertiajs/core')}?instance=${++coreInstances}`;
  return (await import(/* @vite-ignore */ url)) as Core;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: unknown;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** The response body as the client received it (responseText). */
  text: string;
  /** Parsed when it is JSON. */
  json: Page | undefined;
}

export interface Traffic {
  /** Every request the client's HTTP layer sent and every response it received (any status), in order. */
  requests: RecordedRequest[];
  responses: RecordedResponse[];
  /** Forgets the recorded requests and responses. */
  clear(): void;
  /** Stops recording. */
  dispose(): void;
}

export interface InertiaHarness extends Traffic {
  router: Core['router'];
  /** Every page the client swapped in, in order (after its merge logic ran). */
  pages: Page[];
  /** The current page as the client holds it. */
  current(): Page;
}

const lowerKeys = (headers: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]));

/** Records what the client's HTTP layer (XHR client) sends and receives, through its own hooks. */
export function recordTraffic(core: Core): Traffic {
  const { http } = core;
  const requests: RecordedRequest[] = [];
  const responses: RecordedResponse[] = [];
  const stopRequests = http.onRequest((config) => {
    requests.push({
      method: config.method.toUpperCase(),
      url: config.url,
      headers: lowerKeys(config.headers),
      data: config.data,
    });
    return config;
  });
  const record = (response: { status: number; headers: Record<string, unknown>; data: unknown }) => {
    const text = typeof response.data === 'string' ? response.data : JSON.stringify(response.data);
    let json: Page | undefined;
    try {
      json = JSON.parse(text) as Page;
    } catch {
      json = undefined;
    }
    responses.push({ status: response.status, headers: lowerKeys(response.headers), text, json });
  };
  const stopResponses = http.onResponse((response) => {
    record(response);
    return response;
  });
  // Statuses >= 400 (409 control responses, error pages) reach the error handlers instead.
  const stopErrors = http.onError((error) => {
    if (error instanceof core.HttpResponseError) record(error.response);
  });
  return {
    requests,
    responses,
    clear: () => {
      requests.length = 0;
      responses.length = 0;
    },
    dispose: () => {
      stopRequests();
      stopResponses();
      stopErrors();
    },
  };
}

/**
 * Initialises the real router from the page object in the DOM, as createInertiaApp does, with a
 * component swap that only records pages, and records the client's requests and responses.
 * Resolves once the initial page is swapped in and its inertia:navigate has fired.
 */
export async function bootRouter(core: Core): Promise<InertiaHarness> {
  const { router, getInitialPageFromDOM } = core;
  const pages: Page[] = [];
  const traffic = recordTraffic(core);
  const initialPage = getInitialPageFromDOM('app') as unknown as Page;
  if (!initialPage) throw new Error('No page object in the document');
  // router.init swaps the first page and fires inertia:navigate asynchronously; wait for both.
  let booted!: () => void;
  const ready = new Promise<void>((resolve) => (booted = resolve));
  const stopBoot = router.on('navigate', () => booted());
  router.init({
    initialPage: initialPage as never,
    resolveComponent: (name: string) => name,
    swapComponent: async ({ page }: { page: unknown }) => {
      pages.push(page as Page);
    },
  });
  await ready;
  stopBoot();
  return {
    ...traffic,
    router,
    pages,
    current: () => {
      const last = pages.at(-1);
      if (!last) throw new Error('No page swapped in yet');
      return last;
    },
  };
}

/**
 * A test file's client session: the app with the file's routes on a loopback port, from the file's
 * beforeAll to its afterAll, and one jsdom browser at a time on it. `open()` closes the previous
 * browser (and its router) and loads `path`; `start()` also boots the router from that first load.
 * Call it at the top level of the test file; everything is closed after the file's tests.
 */
export function clientSession(routes: RouteFile) {
  let app: TestApp | undefined;
  let server: ListeningServer | undefined;
  let browser: Browser | undefined;
  let inertia: InertiaHarness | undefined;
  const running = () => {
    if (!app || !server) throw new Error('The app starts in beforeAll: use the session inside a test or a hook.');
    return { app, server };
  };
  beforeAll(async () => {
    app = await createTestApp({ routes: [routes] });
    server = await listen(app.app);
  });
  afterAll(async () => {
    inertia?.dispose();
    await browser?.close();
    await server?.close();
    await app?.close();
  });
  const session = {
    get app(): TestApp {
      return running().app;
    },
    /** `http://127.0.0.1:<port>` */
    get origin(): string {
      return running().server.origin;
    },
    async open(path: string, options?: OpenBrowserOptions): Promise<Browser> {
      inertia?.dispose();
      inertia = undefined;
      await browser?.close();
      browser = await openBrowser(session.origin, path, options);
      return browser;
    },
    async start(path: string, options?: OpenBrowserOptions) {
      const opened = await session.open(path, options);
      inertia = await bootRouter(await loadCore());
      return { browser: opened, inertia, router: inertia.router };
    },
  };
  return session;
}

export type VisitCallback =
  | 'onBefore'
  | 'onCancelToken'
  | 'onStart'
  | 'onProgress'
  | 'onSuccess'
  | 'onError'
  | 'onCancel'
  | 'onFinish'
  | 'onHttpException'
  | 'onNetworkError'
  | 'onFlash';

/** Visit options that record which callbacks fired, in order, with their arguments. */
export function recordCallbacks() {
  const order: VisitCallback[] = [];
  const args: Partial<Record<VisitCallback, unknown[]>> = {};
  const names: VisitCallback[] = [
    'onBefore',
    'onStart',
    'onProgress',
    'onSuccess',
    'onError',
    'onCancel',
    'onFinish',
    'onHttpException',
    'onNetworkError',
    'onFlash',
  ];
  const options = Object.fromEntries(
    names.map((name) => [
      name,
      (arg: unknown) => {
        if (name !== 'onProgress' || order.at(-1) !== 'onProgress') order.push(name);
        (args[name] ??= []).push(arg);
      },
    ]),
  );
  return {
    order,
    args,
    options,
    /** Resolves once `onFinish` has fired `times` times. */
    finished: (times = 1, timeout = 10_000) =>
      vi.waitFor(
        () => {
          if (order.filter((name) => name === 'onFinish').length < times)
            throw new Error(`waiting for onFinish: ${order.join(' > ')}`);
        },
        { timeout, interval: 5 },
      ),
  };
}

/** Waits for a condition (a function that throws or returns false until it holds). */
export async function until(condition: () => unknown, timeout = 10_000): Promise<void> {
  await vi.waitFor(
    () => {
      if (condition() === false) throw new Error('condition not met yet');
    },
    { timeout, interval: 5 },
  );
}

export { sleep } from './wait';

/** Signs the cookie jar in through the real login form (an XSRF-TOKEN first, then POST /login). */
export async function signIn(cookieJar: CookieJar, origin: string, credentials: { email: string; password: string }) {
  const loginUrl = new URL('/login', origin).toString();
  const page = await fetch(loginUrl, { redirect: 'manual' });
  for (const line of page.headers.getSetCookie()) await cookieJar.setCookie(line, loginUrl);
  await page.arrayBuffer();
  const xsrf = (await cookieJar.getCookies(loginUrl)).find((cookie) => cookie.key === 'XSRF-TOKEN')?.value ?? '';
  const res = await fetch(loginUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: await cookieJar.getCookieString(loginUrl),
      'content-type': 'application/json',
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: JSON.stringify(credentials),
  });
  for (const line of res.headers.getSetCookie()) await cookieJar.setCookie(line, loginUrl);
  await res.arrayBuffer();
  if (res.status !== 303) throw new Error(`Sign-in failed for ${credentials.email}: ${res.status}`);
}
