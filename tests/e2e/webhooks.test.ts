import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createOwnedTeam } from '../factories/teams';
import { createChannel, createConversation } from '../factories/channels';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { launchBrowser, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { logIn } from './support/accounts';

/**
 * A team webhook in Chromium on the production build: the owner adds an endpoint from the team
 * menu for two events, copies its signing secret, points it at their system (a local receiver
 * that checks each signature with that secret on its own), sends a test event, resolves a
 * conversation in the inbox and finds the signed `conversation.resolved` in the endpoint's log
 * with its body; a resend the receiver refuses shows as failed, under the Failed filter.
 * Screenshots in /tmp/webhook-shots.
 */
const shots = '/tmp/webhook-shots';

let kawan: InProcessKawan;
let browser: E2eBrowser;
let page: Page;
let owner: { email: string };
let conversationId: number;
let receiver: WebhookReceiver | undefined;

beforeAll(async () => {
  kawan = await startKawan({
    name: 'webhooks',
    workers: true,
    // The receiver listens on 127.0.0.1, which Kawan refuses to call unless allowed.
    env: { KNOWLEDGE_ALLOW_PRIVATE_URLS: 'true', QUEUE_RETRY_DELAY_SECONDS: '0' },
    prepare: async (prepared) => {
      const made = await createOwnedTeam(prepared, { current: true, name: 'Toko Rina' });
      owner = made.owner;
      const channel = await createChannel(prepared, made.team.id, { type: 'web', name: 'Website' });
      conversationId = (await createConversation(prepared, channel, { text: 'Pesanan saya belum sampai' })).conversation
        .id;
    },
  });
  browser = await launchBrowser(kawan.appUrl);
  mkdirSync(shots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await kawan?.close();
  await receiver?.close();
});

describe('a team webhook', () => {
  it('is added from the team menu, tested, hears a resolved conversation signed, and shows its log', async () => {
    page = await browser.newPage();
    await logIn(page, owner.email, 'password');
    await page.getByRole('button', { name: /Manage team/ }).click();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/integrations\/webhooks$/);
    await page.getByRole('heading', { name: 'No webhooks yet' }).waitFor();

    // Two events: every one is checked to begin with.
    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/not-yet');
    await page.getByLabel('Description').fill('CRM');
    await page.getByLabel('All events').uncheck();
    await page.getByLabel('Resolved', { exact: true }).check();
    await page.getByLabel('Rated', { exact: true }).check();
    await page.screenshot({ path: join(shots, 'add.png'), fullPage: true });
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.waitForURL(/\/integrations\/webhooks\/\d+$/);

    // The secret, once: the receiver checks signatures with it.
    const secret = (await page.getByTestId('revealed-secret').locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    receiver = await startWebhookReceiver({ secret });
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await page.reload();
    expect(await page.getByTestId('revealed-secret').count()).toBe(0);

    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(/The test event was delivered: the endpoint answered 200/).waitFor();
    expect(receiver.deliveries.map((d) => [(d.body as { type: string }).type, d.verified])).toEqual([['ping', true]]);

    // The conversation is resolved in the inbox, in another tab; the endpoint hears it, and its
    // page (left open here) lists the delivery without a reload.
    const inbox = await browser.newPage();
    await inbox.goto(`${kawan.appUrl}/conversations/${conversationId}`);
    await inbox.getByRole('button', { name: 'Resolve' }).first().click();
    await expect.poll(() => receiver!.deliveries.length, { timeout: 15_000 }).toBe(2);
    const resolved = receiver.deliveries[1];
    expect(resolved.verified).toBe(true);
    // Closed by a person while the bot had it: the bot's resolution, as the reports count it.
    expect(resolved.body).toMatchObject({
      type: 'conversation.resolved',
      data: { conversation: { id: conversationId, state: 'resolved', resolved_by: 'bot' } },
    });

    // The log, live, with the body as sent.
    await inbox.close();
    const log = page.getByRole('list', { name: 'Deliveries' });
    const row = log.getByRole('listitem', { name: /^conversation\.resolved evt_/ });
    await row.getByText('Delivered', { exact: true }).first().waitFor();
    await row.getByText('Payload').click();
    expect(await row.getByLabel(/Payload of/).textContent()).toContain(`"id": ${conversationId}`);
    await page.screenshot({ path: join(shots, 'log.png'), fullPage: true });

    // Sent again, refused this time: failed, and under the Failed filter.
    receiver.respondWith(410);
    await row.getByRole('button', { name: /^Resend/ }).click();
    await page.getByText('The event failed. The endpoint answered 410.').waitFor();
    await page.getByRole('navigation', { name: 'Delivery states' }).getByRole('link', { name: 'Failed' }).click();
    await page.waitForURL(/state=failed/);
    const failed = page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
    await expect.poll(() => failed.count()).toBe(1);
    expect(await failed.textContent()).toContain('conversation.resolved');
    expect(receiver.deliveries[2].rawBody).toBe(resolved.rawBody);
    await page.screenshot({ path: join(shots, 'failed.png'), fullPage: true });
  });
});
