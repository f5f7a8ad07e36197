import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createOwnedTeam } from '../factories/teams';
import { createChannel } from '../factories/channels';
import { createPublishedBot } from '../factories/bots';
import { conversationLabels } from '../../server/db/schema/index';
import { launchBrowser, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { logIn } from './support/accounts';

/**
 * An automation rule in Chromium on the production build: the owner opens Automations from the
 * inbox and makes a rule (a customer who writes "komplain" or "refund": priority Urgent, the label
 * Keluhan, a note, handed to a person); a visitor writes a complaint on the website's widget and is
 * told a person is coming instead of getting the bot's answer; the inbox shows the conversation
 * waiting (and for how long), urgent and labelled, live; its thread says what the rule did, with the note; the rule's
 * page counts the run. Screenshots in /tmp/automation-shots.
 */
const shots = '/tmp/automation-shots';

let kawan: InProcessKawan;
let ownerBrowser: E2eBrowser;
let visitorBrowser: E2eBrowser;
let owner: { email: string };
let channelKey: string;

beforeAll(async () => {
  kawan = await startKawan({
    name: 'automations',
    workers: true,
    prepare: async (prepared) => {
      const made = await createOwnedTeam(prepared, { current: true, name: 'Toko Rina' });
      owner = made.owner;
      const { bot } = await createPublishedBot(prepared, made.team.id, { name: 'Asisten Toko' });
      channelKey = (
        await createChannel(prepared, made.team.id, { type: 'web', botId: bot.id, name: 'Website', settings: {} })
      ).publicKey;
      await prepared.db.insert(conversationLabels).values({ teamId: made.team.id, name: 'Keluhan', color: 'red' });
    },
  });
  ownerBrowser = await launchBrowser(kawan.appUrl);
  visitorBrowser = await launchBrowser(kawan.appUrl);
  mkdirSync(shots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await ownerBrowser?.close();
  await visitorBrowser?.close();
  await kawan?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

describe('an automation rule', () => {
  it('is made from the inbox, hands a complaint to a person, marked, and says so in the thread', async () => {
    const page = await ownerBrowser.newPage();
    await logIn(page, owner.email, 'password');
    await page.waitForURL(/\/dashboard/);
    await page.goto('/conversations');
    await page.getByRole('link', { name: 'Automations' }).click();
    await page.waitForURL(/\/conversations\/automations$/);
    await page.getByText('No rules yet').waitFor();

    const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Add condition' }) });
    await form.getByLabel('Name', { exact: true }).fill('Keluhan');
    await form.getByRole('group', { name: 'Add condition' }).getByRole('button', { name: 'Message contains' }).click();
    await form.getByLabel('Words or phrases', { exact: true }).fill('komplain, refund');
    const addAction = form.getByRole('group', { name: 'Add action' });
    await addAction.getByRole('button', { name: 'Set priority' }).click();
    await form.getByLabel('Priority', { exact: true }).selectOption('urgent');
    await addAction.getByRole('button', { name: 'Add labels' }).click();
    await form.getByLabel('Keluhan', { exact: true }).check();
    await addAction.getByRole('button', { name: 'Add an internal note' }).click();
    await form.getByLabel('Note', { exact: true }).fill('Minta foto pesanan.');
    await addAction.getByRole('button', { name: 'Hand to a person' }).click();
    await shot(page, 'new-rule');
    await form.getByRole('button', { name: 'Save' }).click();
    const rules = page.getByRole('list', { name: 'Rules' });
    await rules.getByText('Keluhan', { exact: true }).first().waitFor();
    await rules.getByText('Has not acted yet').waitFor();

    // The inbox, open while the visitor writes.
    await page.goto('/conversations');

    // A visitor complains on the website: the bot says a person is coming instead of answering.
    const visitor = await visitorBrowser.newPage();
    await visitor.goto(`/demo/widget?channel=${channelKey}`);
    const launcher = visitor.locator('kawan-widget .kw-launcher');
    await launcher.click();
    const input = visitor.locator('kawan-widget .kw-compose textarea');
    await input.fill('Mau komplain, pesanan saya datang rusak');
    await visitor.locator('kawan-widget .kw-send').click();
    await visitor
      .locator('kawan-widget .kw-log')
      .getByText('Baik, saya sambungkan ke tim kami. Mohon tunggu sebentar.')
      .waitFor({ timeout: 20_000 });
    await shot(visitor, 'visitor');

    // The inbox shows it waiting, urgent and labelled, without a reload.
    const row = page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('listitem')
      .filter({ hasText: 'Keluhan' })
      .first();
    await row.getByText('Waiting', { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByText('Urgent').waitFor();
    // How long the customer has waited for a person, live (the team has no reply targets).
    await row.getByText(/^Waiting (less than a minute|\d+ m)$/).waitFor();
    await shot(page, 'inbox');

    // Its thread says what the rule did, with the note for the team.
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/conversations\/\d+$/);
    const thread = page.getByRole('list', { name: 'Messages' });
    await thread
      .getByText(
        'Rule “Keluhan”: set the priority to Urgent, added the label Keluhan, added a note and handed the conversation to a person.',
        { exact: false },
      )
      .waitFor();
    const note = thread.getByRole('listitem', { name: 'Internal note' });
    await note.getByText('Minta foto pesanan.').waitFor();
    await note.getByText(/Automation rule/).waitFor();
    await shot(page, 'thread');

    // The rule's page counts it and lists it with its conversation.
    await page.goto('/conversations/automations');
    await rules.getByText(/Acted once in the last 30 days/).waitFor();
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await activity.getByRole('link', { name: /conversation #\d+/ }).waitFor();
    expect(await activity.getByText('Set the priority to Urgent', { exact: false }).count()).toBe(1);
    await shot(page, 'rules');
  });
});
