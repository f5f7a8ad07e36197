import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:8123';
const paths = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const ctx = await browser.newContext({ viewport: { width: Number(process.env.W ?? 1280), height: 900 } });
const page = await ctx.newPage();
const user = process.env.USER_EMAIL ?? 'demo@kawan.test';
await page.goto(base + '/login');
await page.fill('input[type=email]', user);
await page.fill('input[type=password]', 'password');
await Promise.all([page.waitForURL(u => !u.pathname.startsWith('/login')), page.click('button[type=submit]')]);
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(600);
  const name = (process.env.PREFIX ?? '') + p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root';
  await page.screenshot({ path: `/tmp/kawan-look/${name}.png`, fullPage: true });
  console.log('shot', p, '->', name);
}
await browser.close();
