import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, browserForFile, pathOf, screenshot } from './support/browser';

const heroHeading = 'AI assistants that answer your customers, everywhere they write to you.';

const browser = browserForFile();
let page: Page;

/** Sends the next Inertia visit to `target` instead: a real link click, answered by another route. */
async function answerNextVisitWith(from: string, target: string) {
  await page.route(`**${from}`, async (route) => {
    if (route.request().headers()['x-inertia']) await route.continue({ url: `${baseUrl}${target}` });
    else await route.continue();
  });
}

describe('public pages', () => {
  it('shows the welcome page with its hero, early-access call to action and legal links', async () => {
    page = await browser.open('/');

    const hero = page.getByRole('heading', { level: 1 });
    await hero.waitFor();
    expect(await hero.textContent()).toBe(heroHeading);
    expect(await page.title()).toBe('Assistant bots for every team - Kawan');

    const cta = page.getByRole('link', { name: 'Join the early-access list' });
    expect(pathOf((await cta.getAttribute('href'))!)).toBe('/early-access');
    const headerCta = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get early access' });
    expect(pathOf((await headerCta.getAttribute('href'))!)).toBe('/early-access');

    const legal = page.getByRole('navigation', { name: 'Legal' }).getByRole('link');
    const links = await legal.evaluateAll((anchors) =>
      anchors.map((a) => [a.textContent, new URL((a as HTMLAnchorElement).href).pathname]),
    );
    expect(links).toEqual([
      ['Privacy', '/privacy'],
      ['Privacy policy', '/privacy-policy'],
      ['Terms', '/terms'],
      ['Terms of service', '/terms-of-service'],
    ]);

    await screenshot(page, 'welcome');
  });

  it('goes to a legal page and back without reloading the document', async () => {
    page = await browser.open('/');
    await page.getByRole('heading', { name: heroHeading }).waitFor();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const marker = () => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms of service' }).click();
    await page.waitForURL('**/terms-of-service');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    const title = (await heading.textContent())!;
    expect(title).not.toBe(heroHeading);
    expect(title.length).toBeGreaterThan(0);
    await expect.poll(() => page.title()).toBe(`${title} - Kawan`);
    expect(await page.locator('head title').count()).toBe(1);
    expect(await marker()).toBe(1);
    // The markdown body is rendered with the typography styles.
    expect(await page.locator('article .prose').count()).toBe(1);
    await screenshot(page, 'legal-terms-of-service');

    await page.goBack();
    await page.getByRole('heading', { name: heroHeading }).waitFor();
    expect(pathOf(page.url())).toBe('/');
    await expect.poll(() => page.title()).toBe('Assistant bots for every team - Kawan');
    expect(await page.locator('head title').count()).toBe(1);
    expect(await marker()).toBe(1);
  });

  it('shows the Error page with a 404 for an unknown address', async () => {
    page = await browser.newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);

    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('The page you are looking for does not exist or has moved.').isVisible()).toBe(true);
    expect(await page.title()).toBe('Page not found - Kawan');
    expect(pathOf((await page.getByRole('link', { name: 'Home' }).getAttribute('href'))!)).toBe('/');

    await screenshot(page, 'error-404');
  });
});

describe('early access', () => {
  const signups = async () => {
    const res = await browser.context.request.get('/__e2e/early-access-signups');
    return (await res.json()) as { count: number; emails: string[] };
  };

  it('shows each field its error, then thanks the visitor once the form is valid', async () => {
    page = await browser.open('/early-access');
    const submit = page.getByRole('button', { name: 'Request access' });
    await submit.click();

    const expected = {
      name: 'The name field is required.',
      email: 'The email field is required.',
      use_case: 'The use case field is required.',
    };
    for (const [field, message] of Object.entries(expected)) {
      const error = page.locator(`#${field}-error`);
      await error.waitFor();
      expect(await error.textContent()).toBe(message);
      const input = page.locator(`#${field}`);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      expect(await input.getAttribute('aria-describedby')).toBe(`${field}-error`);
      // Beside its field: right below it, left edges aligned.
      const [fieldBox, errorBox] = [(await input.boundingBox())!, (await error.boundingBox())!];
      expect(Math.abs(errorBox.x - fieldBox.x)).toBeLessThan(1);
      expect(errorBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
      expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(24);
    }
    expect(await page.locator('#company-error').count()).toBe(0);
    expect(pathOf(page.url())).toBe('/early-access');
    expect((await signups()).count).toBe(0);
    await screenshot(page, 'early-access-errors');

    await page.getByLabel('Name').fill('Sari Wulandari');
    await page.getByLabel('Work e-mail').fill('Sari@Warung-Kopi.test');
    await page.getByLabel('Company').fill('Warung Kopi');
    await page
      .getByLabel('What do you want to build?')
      .fill('A WhatsApp assistant for opening hours and table reservations.');
    await submit.click();

    const thanks = page.getByRole('status');
    await thanks.getByText('Thank you, you are on the list.').waitFor();
    expect(await page.locator('form').count()).toBe(0);
    expect(pathOf(page.url())).toBe('/early-access');
    expect(await signups()).toEqual({ count: 1, emails: ['sari@warung-kopi.test'] });
    await screenshot(page, 'early-access-thanks');
  });
});

describe('client behaviour', () => {
  it('shows the progress bar while a slow visit is under way', async () => {
    page = await browser.open('/');
    await page.getByRole('heading', { name: heroHeading }).waitFor();
    await answerNextVisitWith('/privacy', '/__e2e/slow');

    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy', exact: true }).click();
    const bar = page.locator('#nprogress .bar');
    await bar.waitFor({ state: 'visible' });
    const style = await bar.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { background: computed.backgroundColor, height: computed.height, position: computed.position };
    });
    expect(style).toEqual({ background: 'rgb(34, 153, 221)', height: '2px', position: 'fixed' });
    expect(await page.locator('#nprogress .spinner').count()).toBe(0);

    await page.waitForURL('**/__e2e/slow');
    await bar.waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heroHeading);
  });

  it('says "Page not found" when the server names a page the build does not have', async () => {
    // First load: no page can render, the notice still shows.
    page = await browser.open('/__e2e/missing-page');
    const notice = page.getByRole('alert');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Page not found');
    expect(await notice.textContent()).toContain('Missing/Nowhere');
    await page.close();

    // An Inertia visit: the current page stays, with the notice over it, and the address does not move.
    page = await browser.open('/');
    await page.getByRole('heading', { name: heroHeading }).waitFor();
    await answerNextVisitWith('/privacy', '/__e2e/missing-page');
    const answered = page.waitForResponse(
      (res) => Boolean(res.request().headers()['x-inertia']) && res.status() === 200,
    );
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy', exact: true }).click();
    expect(((await (await answered).json()) as { component: string }).component).toBe('Missing/Nowhere');

    const visitNotice = page.getByRole('alert');
    await visitNotice.waitFor();
    expect(await visitNotice.textContent()).toContain('Page not found');
    expect(pathOf(page.url())).toBe('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heroHeading);
    await screenshot(page, 'missing-page-notice', { fullPage: false });

    await visitNotice.getByRole('button', { name: 'Dismiss' }).click();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
