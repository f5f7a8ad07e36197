import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { demoLogin, seedDemo } from '../../server/db/seed';
import { channels, conversations, messages, notifications } from '../../server/db/schema/index';
import { userRepository } from '../../server/db/repositories/user-repository';
import type { Services } from '../../server/services';
import { createOwnedTeam } from '../factories/teams';
import { createKnowledgeWithChunk } from '../factories/knowledge';
import { createConversation } from '../factories/channels';
import { launchBrowser, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { clickMailButton, logIn, openMail } from './support/accounts';

/**
 * The Dashboard in Chromium on the production build, signed in as the demo owner: the demo team's
 * live state (queue, today, credits, channels, feed), and a customer on the demo web widget asking
 * for a person while the dashboard is open: the queue and the feed show it without a reload, and
 * today's figures follow once the workers have rolled the day up. Then a brand-new team's
 * dashboard: the four onboarding steps, none done. Screenshots at 1280×900 and 390 wide.
 *
 * The app runs in this process (as tests/e2e/support/serve.ts runs it: the realtime server in
 * process, the job workers on), so that the demo can be seeded and a team made with the factories.
 */
const shots = '/tmp/dashboard-shots';

let kawan: InProcessKawan;
let services: Services;
let appUrl: string;
let browser: E2eBrowser;

beforeAll(async () => {
  // Unread notifications are mailed at once, so that the seed's mention of the owner is in the mailbox.
  kawan = await startKawan({
    name: 'dashboard',
    workers: true,
    prepare: seedDemo,
    env: { NOTIFICATION_MAIL_DELAY_MINUTES: '0' },
  });
  ({ appUrl, services } = kawan);
  browser = await launchBrowser(appUrl);
  mkdirSync(shots, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await kawan?.close();
});

/** The demo web widget's public API, as the widget's own fetch calls it from a page of Kawan's origin. */
async function widgetCall(key: string, path: string, body: Record<string, unknown>, token?: string) {
  const res = await fetch(`${appUrl}/widget/${key}/${path}`, {
    method: 'POST',
    headers: {
      Origin: appUrl,
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

/** The figure of a block of the dashboard ("Waiting 3" → 3). */
async function figure(page: Page, region: string, label: string | RegExp): Promise<number> {
  const block = page.getByRole('region', { name: region }).getByRole(region === 'Open queue' ? 'link' : 'group', {
    name: label,
  });
  const text = (await block.locator('.text-3xl').textContent()) ?? '';
  return Number(text.replace(/[^0-9]/g, ''));
}

async function screenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage, animations: 'disabled' });
}

describe('the dashboard', () => {
  it("shows the demo team's live state, and a handoff arriving while it is open", async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, demoLogin.email, demoLogin.password);
    await page.waitForURL(/\/dashboard/);
    await page.getByRole('heading', { name: /Welcome back, / }).waitFor();
    for (const region of ['Open queue', 'Today', 'AI credits', 'Channel health', 'Recent activity']) {
      await page.getByRole('region', { name: region }).waitFor();
    }
    // The demo is set up: no onboarding steps, channels listed with their health, a busy feed.
    expect(await page.getByRole('list', { name: 'Getting started' }).count()).toBe(0);
    const channelRows = page.getByRole('list', { name: 'Channels' }).getByRole('listitem');
    expect(await channelRows.count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').count()).toBe(15);
    await screenshot(page, 'dashboard-demo-1280', false);
    await screenshot(page, 'dashboard-demo-1280-full');

    const waitingBefore = await figure(page, 'Open queue', /Waiting/);
    const conversationsBefore = await figure(page, 'Today', 'Conversations');
    const visits = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    // A customer on the demo web widget writes, then asks for a person.
    const owner = (await userRepository(services.db).findByEmail(demoLogin.email))!;
    const [web] = await services.db
      .select({ key: channels.publicKey })
      .from(channels)
      .where(and(eq(channels.teamId, owner.currentTeamId!), eq(channels.type, 'web')));
    const session = await widgetCall(web.key, 'session', {});
    const token = session.token as string;
    await widgetCall(web.key, 'messages', { text: 'Pesanan saya belum sampai', clientId: 'e2e-dashboard-0001' }, token);
    await widgetCall(web.key, 'handoff', {}, token);

    // The queue and the feed show it without a reload; today's figures follow the workers' rollup.
    await expect.poll(() => figure(page, 'Open queue', /Waiting/), { timeout: 10_000 }).toBe(waitingBefore + 1);
    const newest = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').first();
    await newest.getByText('was handed over to a person').waitFor({ timeout: 10_000 });
    await newest.getByText('Asked for a person').waitFor();
    expect(await newest.getByRole('link').getAttribute('href')).toMatch(/^\/conversations\/\d+$/);
    await expect
      .poll(() => figure(page, 'Today', 'Conversations'), { timeout: 20_000, interval: 250 })
      .toBe(conversationsBefore + 1);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(visits);
    await screenshot(page, 'dashboard-demo-handoff-live', false);

    // The feed item leads to the conversation.
    await newest.getByRole('link').click();
    await page.waitForURL(/\/conversations\/\d+$/);

    // The same dashboard on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Open queue' }).waitFor();
    await screenshot(page, 'dashboard-demo-390-full');
    await screenshot(page, 'dashboard-demo-390', false);
    expect(errors).toEqual([]);
  });

  it('e-mails the owner the note that named them while they were away, and its link opens the conversation', async () => {
    await browser.reset();
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await openMail(page, demoLogin.email, 'You were mentioned in a conversation');
    const body = page.frameLocator('iframe[title="Message body"]');
    await body.getByText(/Budi Hartono mentioned you in conversation #\d+ with Joko/).waitFor();
    await screenshot(page, 'unread-mail');

    // Signed out, the link asks for the login first, then opens the conversation, read.
    await clickMailButton(page, 'Open conversation');
    await page.waitForURL(/\/login$/);
    await logIn(page, demoLogin.email, demoLogin.password);
    await page.waitForURL(/\/conversations\/\d+$/);
    await page.getByText('pesanan Joko belum sampai', { exact: false }).first().waitFor();
    // Beside it, the team's notes about Joko: the agent's, and one the owner adds now.
    const notes = page.getByRole('region', { name: 'Notes about this contact' });
    await notes
      .getByRole('list', { name: 'Notes' })
      .getByText(/^Pelanggan kantor/)
      .waitFor();
    await notes.getByRole('textbox', { name: 'Note', exact: true }).fill('Lebih suka dihubungi lewat WhatsApp.');
    await notes.getByRole('button', { name: 'Save note' }).click();
    await notes
      .getByRole('list', { name: 'Notes' })
      .getByText('Lebih suka dihubungi lewat WhatsApp.', { exact: true })
      .waitFor();
    expect(await notes.getByRole('list', { name: 'Notes' }).getByRole('listitem').count()).toBe(2);
    const owner = (await userRepository(services.db).findByEmail(demoLogin.email))!;
    const mentions = await services.db
      .select({ readAt: notifications.readAt, mailedAt: notifications.mailedAt })
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'conversation-mentioned')));
    expect(mentions).toHaveLength(1);
    expect(mentions[0].mailedAt).not.toBeNull();
    expect(mentions[0].readAt).not.toBeNull();

    // The profile's Notifications section says what is mailed, and takes a change; desktop
    // notifications are on for a browser that allows them, and can be turned off and on again.
    await page.context().grantPermissions(['notifications'], { origin: appUrl });
    await page.goto('/user/profile');
    const desktop = page.getByTestId('desktop-notifications-state');
    await desktop.getByText('On: the bell shows on your desktop while Kawan is in the background.').waitFor();
    await page.getByRole('button', { name: 'Turn off' }).click();
    await desktop.getByText('Off on this browser.').waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Turn on desktop notifications' }).click();
    await desktop.getByText('On: the bell shows on your desktop while Kawan is in the background.').waitFor();
    const section = page.getByRole('form', { name: 'Notifications' });
    await section.getByRole('checkbox', { name: 'Mentions' }).waitFor();
    expect(await section.getByRole('checkbox', { name: 'Mentions' }).isChecked()).toBe(true);
    await section.getByRole('checkbox', { name: 'Conversations waiting for a person' }).check();
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Saved.').waitFor();
    await screenshot(page, 'profile-notifications');
    await page.reload();
    expect(
      await page
        .getByRole('form', { name: 'Notifications' })
        .getByRole('checkbox', { name: 'Conversations waiting for a person' })
        .isChecked(),
    ).toBe(true);
    expect((await userRepository(services.db).find(owner.id))!.mailNotifications).toEqual([
      'assigned',
      'replies',
      'mentioned',
      'waiting',
    ]);
  });

  it('finds a conversation by words from early in a long thread, opens it there, and reads back to the start', async () => {
    const owner = (await userRepository(services.db).findByEmail(demoLogin.email))!;
    const [web] = await services.db
      .select()
      .from(channels)
      .where(and(eq(channels.teamId, owner.currentTeamId!), eq(channels.type, 'web')));
    const { conversation } = await createConversation(services, web, { text: 'Halo, saya mau tanya soal pesanan' });
    const start = Date.now() - 2 * 60 * 60_000;
    await services.db.insert(messages).values(
      Array.from({ length: 150 }, (_, i) => ({
        teamId: web.teamId,
        conversationId: conversation.id,
        channelId: web.id,
        direction: i % 2 === 0 ? ('outbound' as const) : ('inbound' as const),
        sender: i % 2 === 0 ? ('agent' as const) : ('contact' as const),
        text: i === 9 ? 'Nomor resi pesanan Kakak JP5550001, dikirim lewat JNE hari ini.' : `Pesan nomor ${i + 2}`,
        status: i % 2 === 0 ? ('sent' as const) : ('received' as const),
        createdAt: new Date(start + (i + 1) * 30_000),
      })),
    );
    await services.db
      .update(conversations)
      .set({ lastPreview: 'Pesan nomor 151', lastMessageAt: new Date() })
      .where(eq(conversations.id, conversation.id));

    await browser.reset();
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, demoLogin.email, demoLogin.password);
    await page.waitForURL(/\/dashboard/);
    await page.goto('/conversations');
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill('jp5550001');
    await page.waitForURL(/search=jp5550001/);
    const rows = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem');
    await rows.first().getByLabel('Found in a message').waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getByLabel('Found in a message').textContent()).toContain(
      'Customer:Nomor resi pesanan Kakak',
    );
    expect(await rows.first().locator('mark').first().textContent()).toBe('JP5550001');
    await screenshot(page, 'inbox-search', false);

    // The row opens the conversation at that message, 140 messages back, marked: from the keyboard,
    // j to the first row and Enter.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('j');
    expect(await rows.first().getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/conversations/${conversation.id}\\?message=\\d+$`));
    const thread = page.getByRole('list', { name: 'Messages' });
    const hit = thread.locator('[data-marked]');
    await hit.waitFor();
    expect(await hit.textContent()).toContain('JP5550001');
    const box = (await thread.boundingBox())!;
    const at = (await hit.boundingBox())!;
    expect(at.y).toBeGreaterThanOrEqual(box.y);
    expect(at.y + at.height).toBeLessThanOrEqual(box.y + box.height);
    await screenshot(page, 'thread-search-hit', false);

    // Scrolling back to the top brings the rest, down to the first message.
    await thread.evaluate((element) => element.scrollTo(0, 0));
    await thread.getByText('Halo, saya mau tanya soal pesanan').waitFor();
    expect(await thread.getByRole('button', { name: 'Load earlier messages' }).count()).toBe(0);
    expect(await thread.locator('li[id^="message-"]').count()).toBe(151);

    // "?" lists the page's keys; n and r take the box to a note and back to a reply.
    await page.keyboard.press('?');
    await page.getByRole('dialog').getByText('Write an internal note').waitFor();
    await screenshot(page, 'shortcuts', false);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('n');
    await page.getByRole('form', { name: 'Internal note' }).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('r');
    await page.getByRole('form', { name: 'Reply' }).waitFor();

    // A reply half-written stays while another page is open and across a reload, and goes once sent.
    const words = 'Sebentar ya Kak, saya cek resinya.';
    const reply = () => page.getByRole('textbox', { name: 'Reply' });
    await reply().fill(words);
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.waitForURL(/\/conversations(\?.*)?$/);
    await page.goBack();
    await expect.poll(() => reply().inputValue()).toBe(words);
    await page.reload();
    await expect.poll(() => reply().inputValue()).toBe(words);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await thread.getByText(words).waitFor();
    await page.reload();
    await thread.getByText(words).waitFor();
    expect(await reply().inputValue()).toBe('');
    // Logging out forgets a browser's drafts.
    await reply().fill('Draf yang tertinggal');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => new URL(url.toString()).pathname === '/');
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.includes('draft')))).toEqual(
      [],
    );
    expect(errors).toEqual([]);
  });

  it('imports a customer list from a spreadsheet and adds a contact by hand', async () => {
    await browser.reset();
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, demoLogin.email, demoLogin.password);
    await page.waitForURL(/\/dashboard/);
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.locator('#import-contacts-file').setInputFiles({
      name: 'pelanggan.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'Nama;No HP;Email;Kota\nLestari Wibowo;0857-1111-2222;;Semarang\nAndi;12345;;Medan\n',
        'utf8',
      ),
    });
    await page.locator('button[form="import-contacts"]').click();
    const result = page.getByRole('region', { name: 'Import result' });
    await result.getByRole('heading', { name: 'Imported 2 rows' }).waitFor();
    expect(await result.textContent()).toContain('1 new contact, 1 skipped.');
    expect(await result.getByRole('list', { name: 'Skipped rows' }).textContent()).toBe(
      'Row 3: "12345" is not a phone number.',
    );
    await screenshot(page, 'contacts-import', false);
    const lestari = page
      .getByRole('list', { name: 'Contacts' })
      .getByRole('listitem')
      .filter({ hasText: 'Lestari Wibowo' });
    expect(await lestari.textContent()).toContain('+62 857-1111-2222');
    expect(await lestari.textContent()).toContain('Added');

    await page.getByRole('button', { name: 'New contact' }).click();
    const form = page.getByRole('form', { name: 'New contact' });
    await form.getByLabel('Name').fill('Hendra Gunawan');
    await form.getByLabel('Phone').fill('0857 1111 2222');
    await page.locator('button[form="new-contact"]').click();
    await form.getByText('Lestari Wibowo already has this phone number.').waitFor();
    await form.getByLabel('Phone').fill('0857 3333 4444');
    await page.locator('button[form="new-contact"]').click();
    await page.waitForURL(/\/contacts\/\d+$/);
    await page.getByText('Contact added.').waitFor();
    await page.getByRole('heading', { name: 'Hendra Gunawan' }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('offers a new, empty team the four onboarding steps, none done yet', async () => {
    await browser.reset();
    const { owner, team } = await createOwnedTeam(services, {
      name: 'Toko Baru',
      current: true,
      owner: { name: 'Ayu Lestari', email: `ayu.${Date.now()}@example.com` },
    });
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, owner.email, 'password');
    await page.waitForURL(/\/dashboard/);
    await page.getByRole('heading', { name: 'Welcome to Kawan, Ayu.' }).waitFor();
    const steps = page.getByRole('list', { name: 'Getting started' }).getByRole('listitem');
    expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))).toEqual([
      'Add what you know',
      'Create your first bot',
      'Connect a channel',
      'Invite your team',
    ]);
    await page.getByText('0 of 4 done').waitFor();
    await page.getByRole('region', { name: 'Open queue' }).waitFor();
    await screenshot(page, 'dashboard-empty-1280', false);
    await screenshot(page, 'dashboard-empty-1280-full');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'dashboard-empty-390-full');
    await screenshot(page, 'dashboard-empty-390', false);

    // A knowledge base whose source is ready ticks the first step.
    await createKnowledgeWithChunk(services, team.id, { name: 'FAQ' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await steps.first().getByText('Done').waitFor();
    expect(await steps.first().getAttribute('aria-label')).toBe('Add what you know (done)');
    await page.getByText('1 of 4 done').waitFor();
    await screenshot(page, 'dashboard-empty-one-step-done', false);

    // Each step leads to its screen.
    await steps
      .nth(1)
      .getByRole('link', { name: /New bot/ })
      .click();
    await page.waitForURL(/\/bots\/create$/);
  });
});
