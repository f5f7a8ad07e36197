import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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
  /** A new tab on `path` of the e2e server, loaded (first load, not an Inertia visit). */
  open(path?: string): Promise<Page>;
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
  return {
    context,
    async open(path = '/') {
      const page = await context.newPage();
      await page.goto(path);
      return page;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
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
