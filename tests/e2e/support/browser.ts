import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  context: BrowserContext;
  /** A new blank tab. */
  newPage(): Promise<Page>;
  /** A new tab on `path` of the e2e server, loaded (first load, not an Inertia visit). */
  open(path?: string): Promise<Page>;
  /** Closes the tabs opened so far and clears the cookies: what follows starts signed out. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** One Chromium for a whole file, with a fresh profile that is removed on close. */
export async function launchBrowser(baseURL: string): Promise<E2eBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'kawan-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(10_000);
  const tabs: Page[] = [];
  const newPage = async () => {
    const page = await context.newPage();
    tabs.push(page);
    return page;
  };
  return {
    context,
    newPage,
    async open(path = '/') {
      const page = await newPage();
      await page.goto(path);
      return page;
    },
    async reset() {
      for (const page of tabs.splice(0)) if (!page.isClosed()) await page.close();
      await context.clearCookies();
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The Chromium of the test file that calls this at its top level: launched before the file's first
 * test, reset after each test (its tabs closed, its cookies cleared) and closed after the last.
 */
export function browserForFile(): E2eBrowser {
  let launched: E2eBrowser | undefined;
  const current = () => {
    if (!launched) throw new Error('The browser is launched in beforeAll: use it inside a test or a hook.');
    return launched;
  };
  beforeAll(async () => {
    launched = await launchBrowser(baseUrl);
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
