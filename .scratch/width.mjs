import { chromium } from 'playwright-core';
const base = 'http://localhost:8123';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.fill('input[type=email]', process.env.USER_EMAIL ?? 'demo@kawan.test');
await page.fill('input[type=password]', 'password');
await Promise.all([page.waitForURL(u => !u.pathname.startsWith('/login')), page.click('button[type=submit]')]);
for (const p of process.argv.slice(2)) {
  await page.goto(base + p); await page.waitForLoadState('networkidle').catch(() => {});
  for (const w of [390, 640, 768, 1024, 1100, 1280, 1440]) {
    await page.setViewportSize({ width: w, height: 900 }); await page.waitForTimeout(150);
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    if (sw > w) console.log(p, 'width', w, 'overflows to', sw);
  }
}
console.log('done');
await browser.close();
