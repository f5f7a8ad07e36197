import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type createApp } from '../../server/app';
import { type DatabaseHandle } from '../../server/db/client';
import type { Services } from '../../server/services';
import type { TestApp } from '../helpers/app';
import { signedIn } from '../helpers/app';
import { createOwnedTeam } from '../factories/teams';
import { createChannel } from '../factories/channels';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { deliverStripe, stripeAmounts, stripeEnv, subscribeThroughStripe } from '../helpers/payment-webhooks';
import { setCreditsUsed } from '../helpers/billing';
import { launchBrowser, screenshot, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { logIn } from './support/accounts';
import { publishedBotOn } from './support/published-bot';

/**
 * Billing in Chromium on the production build, the app in this process with its workers:
 * - an owner on Free upgrades to Growth in rupiah through Kawan's own invoices (checkout opens the
 *   invoice, Mark as paid stands in for the payment), and the plan, meters and limits change at once;
 * - a team at its AI credit quota: a visitor asking in the widget gets the bot's fallback, and the
 *   conversation waits for a person in the inbox, the reason said;
 * - a Stripe renewal that fails (a signed invoice.payment_failed from a local fake of Stripe's API)
 *   puts the past-due banner on every page of the team.
 */
const password = 'password';

let kawan: InProcessKawan;
let stripe: FakeStripe;
let database: DatabaseHandle;
let services: Services;
let expressApp: ReturnType<typeof createApp>['app'];
let appUrl: string;
/** One browser (cookie jar) per person; closed at the end. */
const browsers: E2eBrowser[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: stripeAmounts });
  kawan = await startKawan({
    name: 'billing',
    workers: true,
    env: { ...stripeEnv(stripe), BILLING_DEFAULT_PLAN: 'free' },
  });
  ({ appUrl, services, database, app: expressApp } = kawan);
});

afterAll(async () => {
  for (const each of browsers) await each.close();
  await kawan?.close();
  await stripe?.close();
});

const rows = async (text: string, values: unknown[] = []) => (await database.execute(text, values)).rows;

async function ownerPage(name: string) {
  const { owner, team } = await createOwnedTeam(services, {
    current: true,
    owner: { name, email: `${name.toLowerCase().replace(/\s+/g, '.')}.${Date.now()}@example.com` },
  });
  const browser = await launchBrowser(appUrl);
  browsers.push(browser);
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, owner.email, password);
  await page.waitForURL(/\/dashboard/);
  return { owner, team, page, errors, browser };
}

const meter = (page: Page, label: string) => page.getByRole('progressbar', { name: new RegExp(`^${label}: `) });

describe('billing', () => {
  it('upgrades a Free team to Growth through Kawan’s own invoice, and its limits change at once', async () => {
    const { team, page, errors } = await ownerPage('Rina Wijaya');
    await page.goto('/billing');
    await page.getByTestId('plan-free').getByText('Current plan', { exact: true }).waitFor();
    expect(await meter(page, 'Bots').getAttribute('aria-label')).toBe('Bots: 0 of 1');
    await screenshot(page, 'billing-free');

    await page.getByRole('radiogroup', { name: 'Currency' }).getByRole('radio', { name: 'IDR' }).click();
    await page
      .getByTestId('plan-growth')
      .getByText(/Rp\s?1\.590\.000/)
      .waitFor();
    await page.getByTestId('plan-growth').getByRole('button', { name: 'Upgrade' }).click();

    // Checkout with the manual provider is Kawan's own invoice.
    await page.waitForURL(/\/billing\/invoices\/\d+$/);
    await page.getByText('Growth plan, monthly').first().waitFor();
    await page
      .getByText(/Rp\s?1\.590\.000/)
      .first()
      .waitFor();
    await screenshot(page, 'billing-invoice-open');
    await page.getByRole('button', { name: 'Mark as paid' }).click();

    await page.waitForURL(/\/billing$/);
    await page.getByText(/Invoice KWN-\d{4}-\d{6} is paid\./).waitFor();
    await page.getByTestId('plan-growth').getByText('Current plan', { exact: true }).waitFor();
    expect(await meter(page, 'Bots').getAttribute('aria-label')).toBe('Bots: 0 of 5');
    expect(await meter(page, 'AI credits').getAttribute('aria-label')).toBe('AI credits: 0 of 10,000');
    await screenshot(page, 'billing-growth');
    const [state] = await rows('select plan from teams where id = $1', [team.id]);
    expect(state.plan).toBe('growth');
    expect(errors).toEqual([]);
  });

  it('answers a visitor with the fallback once the team’s AI credits are used up, and hands the conversation over', async () => {
    const { owner, team, page, errors, browser } = await ownerPage('Sari Kusuma');
    const client = await signedIn(expressApp, owner, password);
    const { botId } = await publishedBotOn(client, database, team.id, {
      knowledge: 'FAQ',
      title: 'Jam buka',
      text: '# Jam buka\n\nOutlet Kemang buka setiap hari pukul 07.00 sampai 22.00.',
      bot: 'Asisten',
    });
    const channel = await createChannel(services, team.id, {
      type: 'web',
      botId,
      name: 'Website',
      settings: { title: 'Kopi', welcomeMessage: 'Halo!' },
    });
    // Free's 100 credits are used up this month.
    await setCreditsUsed({ services }, team.id, 100);

    const visitor = await browser.newPage();
    await visitor.goto(`/demo/widget?channel=${channel.publicKey}`);
    await visitor.locator('kawan-widget .kw-launcher').click();
    await visitor.locator('kawan-widget .kw-log').getByText('Halo!').waitFor();
    await visitor.locator('kawan-widget .kw-compose textarea').fill('Outlet Kemang buka jam berapa?');
    await visitor.locator('kawan-widget .kw-send').click();
    await expect
      .poll(
        async () =>
          (await rows('select state, handoff_reason from conversations where team_id = $1', [team.id]))[0] ?? null,
        { timeout: 20_000 },
      )
      .toEqual({ state: 'queued', handoff_reason: 'quota' });
    const [reply] = await rows("select text, ai->>'kind' as kind from messages where team_id = $1 and sender = 'bot'", [
      team.id,
    ]);
    expect(reply.kind).toBe('fallback');
    await visitor.locator('kawan-widget .kw-log').getByText(String(reply.text).split('\n')[0]).waitFor();
    expect(
      await rows(
        "select 1 from messages where team_id = $1 and sender = 'contact' and text = 'Outlet Kemang buka jam berapa?'",
        [team.id],
      ),
    ).toHaveLength(1);

    await page.goto('/conversations');
    await page.getByText('AI credits used up').first().waitFor();
    await screenshot(page, 'billing-quota-inbox');
    expect(errors).toEqual([]);
  });

  it('shows the past-due banner on every page once Stripe reports a failed renewal', async () => {
    const { team, page } = await ownerPage('Budi Hartono');
    const app = { app: expressApp, services } as unknown as TestApp;
    const subscription = await subscribeThroughStripe(app, stripe, team.id, 'price_growthMonth', 'growth');
    await page.goto('/dashboard');
    expect(await page.getByTestId('past-due-banner').count()).toBe(0);

    const renewal = stripe.invoiceFor(subscription.id, { billingReason: 'subscription_cycle', status: 'open' });
    stripe.updateSubscription(subscription.id, { status: 'past_due' });
    const failed = await deliverStripe(app, stripe.signedEvent('invoice.payment_failed', renewal));
    expect(failed.status).toBe(200);

    await page.goto('/dashboard');
    const banner = page.getByTestId('past-due-banner');
    await banner.getByText(/A payment failed/).waitFor();
    await screenshot(page, 'billing-past-due-dashboard');
    await page.goto('/bots');
    await banner.waitFor();
    await banner.getByRole('link').click();
    await page.waitForURL(/\/billing$/);
    await page
      .getByText(/past due/i)
      .first()
      .waitFor();
  });
});
