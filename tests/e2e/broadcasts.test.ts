import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import type { Services } from '../../server/services';
import { contactFields, contacts } from '../../server/db/schema/index';
import { anniversaryDays } from '../../server/domain/contacts/fields';
import { runRepeatingBroadcasts } from '../../server/domain/broadcasts/repeat';
import { syncTemplates } from '../../server/domain/channels/channel-actions';
import { createOwnedTeam } from '../factories/teams';
import { createChannel } from '../factories/channels';
import {
  startFakeWhatsApp,
  whatsappChannelOn,
  whatsappMessageWebhook,
  whatsappStatusWebhook,
  signWhatsApp,
  type FakeWhatsApp,
} from '../helpers/fake-whatsapp';
import { launchBrowser, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { logIn } from './support/accounts';

/**
 * A broadcast in Chromium on the production build, against a fake WhatsApp Graph API: the owner
 * writes one (a template with each contact's first name, to every contact with a phone), looks at
 * a copy in the preview, sends it after the last look, and watches its page count the copies out
 * live. WhatsApp then reports one read; one customer answers and another answers STOP: the page
 * counts the answer, the STOP contact's page says they receive no broadcasts, and the next
 * broadcast leaves them out. Screenshots in /tmp/broadcast-shots.
 */
const shots = '/tmp/broadcast-shots';

let whatsapp: FakeWhatsApp;
let kawan: InProcessKawan;
let services: Services;
let browser: E2eBrowser;
let page: Page;
let owner: { email: string };
let channel: { id: number; publicKey: string };
let teamId: number;
const people = [
  { name: 'Rina Wulandari', phone: '+6281511110001' },
  { name: 'Budi Santoso', phone: '+6281511110002' },
  { name: null, phone: '+6281511110003' },
];

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  kawan = await startKawan({
    name: 'broadcasts',
    workers: true,
    env: { WHATSAPP_GRAPH_URL: whatsapp.url, QUEUE_RETRY_DELAY_SECONDS: '0' },
    prepare: async (prepared) => {
      const made = await createOwnedTeam(prepared, { current: true, name: 'Toko Rina' });
      owner = made.owner;
      teamId = made.team.id;
      channel = await createChannel(prepared, made.team.id, whatsappChannelOn(whatsapp, { appSecret: 'e2e-secret' }));
      await syncTemplates(prepared, { userId: made.owner.id, teamId: made.team.id, role: 'owner' }, channel.id);
      await prepared.db
        .insert(contacts)
        .values(people.map((person) => ({ teamId: made.team.id, name: person.name, phoneE164: person.phone })));
    },
  });
  services = kawan.services;
  browser = await launchBrowser(kawan.appUrl);
  mkdirSync(shots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await kawan?.close();
  await whatsapp?.close();
});

async function webhook(body: string) {
  const res = await fetch(`${kawan.appUrl}/webhooks/whatsapp/${channel.publicKey}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signWhatsApp(body, 'e2e-secret') },
    body,
  });
  expect(res.status).toBe(200);
}

const figure = async (label: string) =>
  (await page.getByLabel('Figures').getByText(label, { exact: true }).locator('xpath=..').textContent()) ?? '';

describe('a WhatsApp broadcast', () => {
  it('is written with each contact’s name, sent after a last look, and counted live', async () => {
    page = await browser.newPage();
    await logIn(page, owner.email, 'password');
    await page.getByRole('link', { name: 'Broadcasts' }).first().click();
    await page.getByRole('heading', { name: 'No broadcasts yet' }).waitFor();
    await page.getByRole('link', { name: 'New broadcast' }).first().click();

    await page.getByLabel('Name').fill('Promo Desember');
    await page.getByLabel('Template').selectOption('order_update|id');
    await page.getByLabel('Body {{1}}').click();
    await page
      .getByRole('group', { name: 'Contact details' })
      .getByRole('button', { name: '{{contact.first_name}}' })
      .click();
    await expect.poll(() => page.getByLabel('Body {{1}}').inputValue()).toBe('{{contact.first_name | Kak}}');
    await page.getByLabel('Body {{2}}').fill('DES-12');
    expect(await page.locator('figure').textContent()).toContain('Halo Rina, pesanan DES-12 sudah dikirim.');
    await page.screenshot({ path: join(shots, 'create.png'), fullPage: true });

    await page.getByRole('button', { name: 'Send…' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('Promo Desember goes to about 3 contacts now');
    await dialog.getByRole('button', { name: 'Send to 3 contacts' }).click();
    await page.waitForURL(/\/broadcasts\/\d+$/);

    // The workers send the copies; the page counts them without a reload.
    await expect.poll(() => figure('Sent'), { timeout: 20_000 }).toContain('3');
    const bodies = whatsapp.sent().map((body) => [body.to, JSON.stringify(body.template)]);
    expect(bodies.map(([to]) => to).sort()).toEqual(people.map((person) => person.phone.slice(1)).sort());
    expect(bodies.find(([to]) => to === '6281511110001')?.[1]).toContain('"text":"Rina"');
    expect(bodies.find(([to]) => to === '6281511110003')?.[1]).toContain('"text":"Kak"');
    await page.screenshot({ path: join(shots, 'sent.png'), fullPage: true });
  });

  it('counts a read and an answer, and leaves out for good whoever answered STOP', async () => {
    // The ids WhatsApp gave the copies, as Kawan stored them.
    const sentIds = (
      await services.database.execute(
        `select m.external_id, r.phone_e164 from broadcast_recipients r join messages m on m.id = r.message_id`,
      )
    ).rows as { external_id: string; phone_e164: string }[];
    const idOf = (phone: string) => sentIds.find((row) => row.phone_e164 === phone)!.external_id;

    await webhook(
      whatsappStatusWebhook({
        phoneNumberId: whatsapp.phoneNumberId,
        id: idOf('+6281511110001'),
        status: 'read',
        recipient: '6281511110001',
      }),
    );
    await webhook(
      whatsappMessageWebhook({ phoneNumberId: whatsapp.phoneNumberId, from: '6281511110001', text: 'Mau kak' }),
    );
    await webhook(
      whatsappMessageWebhook({ phoneNumberId: whatsapp.phoneNumberId, from: '6281511110002', text: 'STOP' }),
    );
    await expect
      .poll(
        async () =>
          (await services.db.select().from(contacts).where(eq(contacts.phoneE164, '+6281511110002')))[0]
            ?.unsubscribedAt ?? null,
        { timeout: 20_000 },
      )
      .not.toBeNull();

    await page.reload();
    await expect.poll(() => figure('Read')).toContain('1');
    await expect.poll(() => figure('Replied')).toContain('2');
    await page.getByRole('navigation', { name: 'Show recipients' }).getByRole('link', { name: 'Replied' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Recipients' }).getByRole('listitem').count()).toBe(2);
    await page.screenshot({ path: join(shots, 'replied.png'), fullPage: true });

    // Budi's page says he receives no broadcasts; the next broadcast goes to the two others.
    await page.getByRole('list', { name: 'Recipients' }).getByRole('link', { name: 'Budi Santoso' }).click();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Receives broadcasts' }).getAttribute('aria-checked'))
      .toBe('false');
    await page.goto('/broadcasts/create');
    await expect.poll(() => page.getByText(/All contacts with a phone number/).textContent()).toContain('(2)');
    expect(await page.getByText('1 contact asked for no more broadcasts and is left out.').count()).toBe(1);
  });

  it("repeats every day to that day's birthdays, lists each day live, and stops", async () => {
    // Rina's birthday is today in the team's time zone.
    await services.db
      .insert(contactFields)
      .values({ teamId, key: 'tanggal_lahir', label: 'Tanggal lahir', type: 'date' });
    await services.db
      .update(contacts)
      .set({ attributes: { tanggal_lahir: `1990-${anniversaryDays('Asia/Jakarta')[0]}` } })
      .where(eq(contacts.phoneE164, '+6281511110001'));
    const before = whatsapp.sent().length;
    await page.goto('/broadcasts/create');
    await page.getByLabel('Name').fill('Ulang tahun');
    await page.getByLabel('Template').selectOption('order_update|id');
    await page.getByLabel('Body {{1}}').fill('{{contact.first_name | Kak}}');
    await page.getByLabel('Body {{2}}').fill('HBD-10');
    await page.getByRole('radio', { name: /^Contacts by a field/ }).check();
    await page.getByLabel('Field value').selectOption('tanggal_lahir:today');
    await page.getByRole('checkbox', { name: /Repeat every day at this time/ }).check();
    await page.getByRole('button', { name: 'Start repeating…' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('(1 contact today)');
    await dialog.getByRole('button', { name: 'Start repeating' }).click();
    await page.waitForURL(/\/broadcasts\/\d+$/);
    await page.getByText(/Goes every day at/).waitFor();
    expect(await page.getByText('No day yet').count()).toBe(1);

    // The workers' minute sweep makes today's broadcast: the page lists it without a reload.
    // (Called here rather than waited for; a tick of the workers' own in the meantime makes the same day once.)
    await runRepeatingBroadcasts(services);
    const days = page.getByRole('list', { name: 'Days' });
    await expect.poll(() => days.getByRole('listitem').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => days.textContent(), { timeout: 20_000 }).toContain('1 recipient');
    await expect.poll(() => whatsapp.sent().length, { timeout: 20_000 }).toBe(before + 1);
    expect(whatsapp.sent().at(-1)?.to).toBe('6281511110001');
    await page.screenshot({ path: join(shots, 'repeating.png'), fullPage: true });

    await page.getByRole('button', { name: 'Stop repeating' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Stop repeating' }).click();
    await expect.poll(() => page.getByText('Stopped', { exact: true }).count()).toBeGreaterThan(0);
    expect(await runRepeatingBroadcasts(services, new Date(Date.now() + 86_400_000))).toBe(0);
  });
});
