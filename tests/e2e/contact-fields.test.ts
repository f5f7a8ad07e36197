import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createOwnedTeam } from '../factories/teams';
import { createChannel, createConversation } from '../factories/channels';
import { conversationRepository } from '../../server/db/repositories/conversation-repository';
import { contacts } from '../../server/db/schema/index';
import { launchBrowser, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { logIn } from './support/accounts';

/**
 * A team's own contact fields in Chromium on the production build: the owner adds a list field and
 * a text field, fills them in on a customer's card in a conversation, finds the customer by the
 * list's value on the contacts page, writes a saved reply that names the text field, and puts it
 * into the conversation's reply box with the customer's value written in. Screenshots in
 * /tmp/contact-field-shots.
 */
const shots = '/tmp/contact-field-shots';

let kawan: InProcessKawan;
let browser: E2eBrowser;
let page: Page;
let owner: { email: string };
let conversationId: number;

beforeAll(async () => {
  kawan = await startKawan({
    name: 'contact-fields',
    prepare: async (prepared) => {
      const made = await createOwnedTeam(prepared, { current: true, name: 'Kopi Rina' });
      owner = made.owner;
      const channel = await createChannel(prepared, made.team.id, { type: 'web', name: 'Website' });
      const { conversation } = await createConversation(prepared, channel, { text: 'Poin saya berapa ya?' });
      conversationId = conversation.id;
      await conversationRepository(prepared.db, made.team.id).setContactDetails(conversation.contactId, {
        name: 'Rina Wulandari',
      });
      await prepared.db.insert(contacts).values({ teamId: made.team.id, name: 'Budi Santoso' });
    },
  });
  browser = await launchBrowser(kawan.appUrl);
  mkdirSync(shots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await kawan?.close();
});

describe('contact fields', () => {
  it('are defined, filled in on a card, found by value, and written into a saved reply', async () => {
    page = await browser.newPage();
    await logIn(page, owner.email, 'password');
    await page.waitForURL(/\/dashboard$/);

    // Two fields: the variable each makes is shown as the label is typed.
    await page.getByRole('link', { name: 'Contacts' }).first().click();
    await page.getByRole('link', { name: 'Fields' }).click();
    await page.getByRole('heading', { name: 'Contact fields' }).waitFor();
    await page.getByLabel('Label').fill('Member tier');
    await page.getByText('{{contact.member_tier}}').waitFor();
    await page.getByLabel('Holds').selectOption('list');
    await page.getByLabel('Choices').fill('Gold\nSilver');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Contact fields' }).getByText('Gold · Silver').waitFor();
    await expect.poll(() => page.getByLabel('Label').inputValue()).toBe('');
    await page.getByLabel('Label').fill('Kota');
    await page.getByLabel('Holds').selectOption('text');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Contact fields' }).getByText('{{contact.kota}}').waitFor();
    await page.screenshot({ path: join(shots, 'fields.png'), fullPage: true });

    // Filled in on the customer's card beside their conversation.
    await page.goto(`${kawan.appUrl}/conversations/${conversationId}`);
    await page.getByRole('button', { name: 'Edit contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit contact' });
    await dialog.getByLabel('Member tier').selectOption('Gold');
    await dialog.getByLabel('Kota').fill('Bandung');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('region', { name: 'Contact', exact: true });
    await expect.poll(() => card.textContent()).toContain('KotaBandung');
    expect(await card.textContent()).toContain('Member tierGold');

    // Found by the list's value.
    await page.goto(`${kawan.appUrl}/contacts`);
    const list = page.getByRole('list', { name: 'Contacts' });
    await list.getByText('Budi Santoso').waitFor();
    await page.getByLabel('Contacts by a field').selectOption('member_tier:Gold');
    await page.waitForURL(/segment=member_tier/);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await list.getByText('Rina Wulandari').waitFor();
    await page.screenshot({ path: join(shots, 'contacts.png'), fullPage: true });

    // A saved reply that names the city, put into the conversation with Rina's.
    await page.goto(`${kawan.appUrl}/conversations/saved-replies`);
    await page.getByLabel('Shortcut').fill('outlet');
    await page.getByLabel('Text').fill('Outlet terdekat di {{contact.kota | kota Kakak}} buka jam 07.00.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Saved replies' }).getByText('/outlet').waitFor();

    await page.goto(`${kawan.appUrl}/conversations/${conversationId}`);
    await page.getByRole('button', { name: 'Take over' }).click();
    await page.getByRole('button', { name: 'Take over' }).waitFor({ state: 'detached' });
    const box = page.getByRole('textbox', { name: 'Reply' });
    await box.pressSequentially('/outl');
    await page
      .getByRole('listbox', { name: 'Saved replies' })
      .getByRole('option', { name: /outlet/ })
      .waitFor();
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('Outlet terdekat di Bandung buka jam 07.00.');
    await page.screenshot({ path: join(shots, 'reply.png'), fullPage: true });
  });
});
