import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

/** Where the e2e server listens (tests/setup/e2e-global.ts starts it): `http://127.0.0.1:<port>`. */
export const baseUrl = inject('e2eBaseUrl');

/** The path of a URL, absolute or relative to the e2e server. */
export const pathOf = (url: string) => new URL(url, baseUrl).pathname;

/** Debian's Chromium (`apt-get install -y chromium`); never a browser Playwright downloads. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Without the background-networking flags Chromium floods the closed network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

export interface E2eBrowser {
  /** The browser context of the current test (cookies, storage, permissions), made on first use. */
  context: BrowserContext;
  /** A new blank tab. */
  newPage(): Promise<Page>;
  /** A new tab on `path` of the e2e server, loaded (first load, not an Inertia visit). */
  open(path?: string): Promise<Page>;
  /**
   * Ends the current context (its tabs, cookies and storage): what follows starts signed out in a
   * new one. A new context rather than cleared cookies, because a response still in flight when
   * the tabs close (an auth request, a reload) could set a session cookie again after the clearing.
   */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Contexts opened on the e2e server: the window, language and clock every test sees. */
export interface ContextOptions {
  /** Granted in every context (`clipboard-read`…), for the e2e server's origin. */
  permissions?: string[];
}

/** One Chromium for a whole file (Playwright gives it a fresh profile); a new context per test. */
export async function launchBrowser(baseURL: string, options: ContextOptions = {}): Promise<E2eBrowser> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  let context: BrowserContext | undefined;
  const currentContext = async () => {
    if (!context) {
      context = await browser.newContext({
        baseURL,
        viewport: { width: 1280, height: 800 },
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      context.setDefaultTimeout(10_000);
      if (options.permissions) await context.grantPermissions(options.permissions, { origin: baseURL });
    }
    return context;
  };
  const newPage = async () => (await currentContext()).newPage();
  // The first context exists from the start, so that `context` can be read synchronously.
  await currentContext();
  return {
    get context() {
      if (!context) throw new Error('The browser context was reset: open a page first.');
      return context;
    },
    newPage,
    async open(path = '/') {
      const page = await newPage();
      await page.goto(path);
      return page;
    },
    async reset() {
      const ended = context;
      context = undefined;
      await ended?.close();
      await currentContext();
    },
    async close() {
      const ended = context;
      context = undefined;
      await ended?.close();
      await browser.close();
    },
  };
}

/**
 * The Chromium of the test file that calls this at its top level: launched before the file's first
 * test, given a new context after each test (so each starts signed out, with no tabs) and closed
 * after the last.
 */
export function browserForFile(options: ContextOptions = {}): E2eBrowser {
  let launched: E2eBrowser | undefined;
  const current = () => {
    if (!launched) throw new Error('The browser is launched in beforeAll: use it inside a test or a hook.');
    return launched;
  };
  beforeAll(async () => {
    launched = await launchBrowser(baseUrl, options);
  });
  afterEach(async () => {
    await launched?.reset();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return {
    get context() {
      return current().context;
    },
    newPage: () => current().newPage(),
    open: (path) => current().open(path),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}

/**
 * A PNG in tests/e2e/screenshots/<name>.png (gitignored), for people to look at: the whole page,
 * or with `fullPage: false` what the window shows (where fixed notices sit).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? true, animations: 'disabled' });
  return path;
}
