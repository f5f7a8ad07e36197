import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Express } from 'express';
import type { Services } from '../../server/services';
import type { DatabaseHandle } from '../../server/db/client';
import { signedIn } from '../helpers/app';
import { createOwnedTeam } from '../factories/teams';
import { createChannel } from '../factories/channels';
import {
  signWhatsApp,
  startFakeWhatsApp,
  whatsappChannelOn,
  whatsappMessageWebhook,
  type FakeWhatsApp,
} from '../helpers/fake-whatsapp';
import { launchBrowser, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { logIn } from './support/accounts';
import { publishedBotOn } from './support/published-bot';

/**
 * A bot telling a WhatsApp customer their own points, in Chromium on the production build against
 * a fake Graph API: the owner adds a Poin field the bots may tell, fills in a customer's points on
 * the card beside their conversation, and watches the bot's reply to "poin saya berapa kak?" arrive
 * live in the thread, marked as made from the contact's card; the customer's WhatsApp gets it.
 * Screenshots in /tmp/bot-fields-shots.
 */
const shots = '/tmp/bot-fields-shots';
const appSecret = 'e2e-fields-secret';
const customer = '6281599990001';

let whatsapp: FakeWhatsApp;
let kawan: InProcessKawan;
let services: Services;
let database: DatabaseHandle;
let expressApp: Express;
let browser: E2eBrowser;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  kawan = await startKawan({
    name: 'bot-fields',
    workers: true,
    env: { WHATSAPP_GRAPH_URL: whatsapp.url, QUEUE_RETRY_DELAY_SECONDS: '0' },
  });
  ({ services, database, app: expressApp } = kawan);
  browser = await launchBrowser(kawan.appUrl);
  mkdirSync(shots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await kawan?.close();
  await whatsapp?.close();
});

describe('a bot telling a customer their own points', () => {
  it('answers from the card once the team lets bots tell the field, live in the thread', async () => {
    const { owner, team } = await createOwnedTeam(services, { current: true, name: 'Kopi Sahabat' });
    const client = await signedIn(expressApp, owner, 'password');
    const { botId } = await publishedBotOn(client, database, team.id, {
      knowledge: 'Info Kedai',
      title: 'Program poin',
      text: '# Program poin\n\nSetiap pembelian Rp 10.000 mendapat 1 poin. Kumpulkan 100 poin untuk satu kopi gratis.',
      bot: 'Asisten Kedai',
    });
    const channel = await createChannel(services, team.id, { ...whatsappChannelOn(whatsapp, { appSecret }), botId });
    const say = async (text: string) => {
      const body = whatsappMessageWebhook({
        phoneNumberId: whatsapp.phoneNumberId,
        from: customer,
        text,
        name: 'Sari',
      });
      const res = await fetch(`${kawan.appUrl}/webhooks/whatsapp/${channel.publicKey}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signWhatsApp(body, appSecret) },
        body,
      });
      expect(res.status).toBe(200);
    };
    const page: Page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, owner.email, 'password');
    await page.waitForURL(/\/dashboard$/);

    // A field the bots may tell.
    await page.goto(`${kawan.appUrl}/contacts/fields`);
    await page.getByLabel('Label').fill('Poin');
    await page.getByLabel('Holds').selectOption('number');
    await page.getByLabel('Bots may tell customers their own value').check();
    await page.getByRole('button', { name: 'Save' }).click();
    const fields = page.getByRole('list', { name: 'Contact fields' });
    await fields.getByText('Bots tell customers').waitFor();
    await page.screenshot({ path: join(shots, 'fields.png'), fullPage: true });

    // The customer writes; their points go on their card.
    await say('Halo kak');
    await expect
      .poll(async () => (await database.execute('select id from conversations where team_id = $1', [team.id])).rows, {
        timeout: 20_000,
      })
      .toHaveLength(1);
    const [{ id: conversationId }] = (
      await database.execute('select id from conversations where team_id = $1', [team.id])
    ).rows as Array<{ id: number }>;
    await page.goto(`${kawan.appUrl}/conversations/${conversationId}`);
    await page.getByRole('button', { name: 'Edit contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit contact' });
    await dialog.getByLabel('Poin').fill('1250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('region', { name: 'Contact', exact: true });
    await expect.poll(() => card.textContent()).toContain('Poin1,250');

    // Asked, answered from the card, live.
    await say('poin saya berapa kak?');
    const reply = page.getByRole('listitem', { name: 'Asisten Kedai' }).filter({ hasText: 'Menurut catatan kami' });
    await reply.waitFor({ timeout: 20_000 });
    expect(await reply.textContent()).toContain('Menurut catatan kami, Poin Anda 1.250.');
    expect(await reply.getByRole('list', { name: 'Sources' }).textContent()).toBe('ContactPoin');
    expect(await reply.textContent()).toContain("From the contact's card");
    await page.screenshot({ path: join(shots, 'thread.png'), fullPage: true });
    await expect
      .poll(() =>
        whatsapp
          .sent()
          .filter((body) => body.to === customer)
          .map((body) => (body.text as { body: string } | undefined)?.body),
      )
      .toContain('Menurut catatan kami, Poin Anda 1.250.');
    expect(errors).toEqual([]);
  });
});
