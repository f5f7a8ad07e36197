import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type createApp } from '../../server/app';
import { type DatabaseHandle } from '../../server/db/client';
import type { Services } from '../../server/services';
import { signedIn } from '../helpers/app';
import { createOwnedTeam } from '../factories/teams';
import { createChannel } from '../factories/channels';
import { savedReplies } from '../../server/db/schema/index';
import { launchBrowser, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { logIn } from './support/accounts';

/**
 * The web chat widget's journey, in Chromium on the production build: a customer's page on another
 * origin embeds the snippet; the visitor gives their name in the pre-chat form, asks the published
 * bot and reads a streamed, cited answer,
 * asks for a person; the team owner sees the conversation wait in the inbox live, takes it over and
 * replies; the visitor reads the reply live, and rates the conversation once it is resolved.
 *
 * The app runs in this process (as tests/e2e/support/serve.ts runs it: the realtime server in
 * process, the job workers on), so that the team, its bot and its web channel can be written with
 * the factories; the host page is served by a bare node:http server on another port.
 */
const shots = '/tmp/shots';
const password = 'password';

let hostPage: Server;
let kawan: InProcessKawan;
let database: DatabaseHandle;
let services: Services;
let expressApp: ReturnType<typeof createApp>['app'];
let appUrl: string;
let visitorBrowser: E2eBrowser;
let agentBrowser: E2eBrowser;

beforeAll(async () => {
  kawan = await startKawan({ name: 'widget', workers: true });
  ({ appUrl, services, database, app: expressApp } = kawan);
  visitorBrowser = await launchBrowser(appUrl);
  agentBrowser = await launchBrowser(appUrl);
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await visitorBrowser?.close();
  await agentBrowser?.close();
  if (hostPage) await new Promise((resolve) => hostPage.close(resolve));
  await kawan?.close();
});

/** Waits until the workers have read the knowledge base's sources. */
async function sourcesReady(knowledgeId: number) {
  await expect
    .poll(
      async () =>
        (
          await database.execute('select status from knowledge_sources where knowledge_id = $1', [knowledgeId])
        ).rows.map((row) => row.status),
      { timeout: 30_000, interval: 200 },
    )
    .toEqual(['ready']);
}

/** A team whose owner is Dewi, a published bot answering from a café knowledge base, and a web channel. */
async function cafeWithWidget(hostOrigin: string) {
  const { owner, team } = await createOwnedTeam(services, {
    current: true,
    owner: { name: 'Dewi Lestari', email: `dewi.${Date.now()}@example.com` },
  });
  const client = await signedIn(expressApp, owner, password);
  const knowledge = await client.send('post', '/knowledges', { name: 'FAQ', language: 'indonesian' });
  expect(knowledge.status).toBe(303);
  const knowledgeId = Number((knowledge.headers.location as string).split('/')[2]);
  const source = await client.send('post', `/knowledges/${knowledgeId}/sources`, {
    type: 'text',
    title: 'Jam buka',
    text: '# Jam buka\n\nOutlet Kemang buka setiap hari pukul 07.00 sampai 22.00.\n\n# Parkir\n\nParkir motor gratis, parkir mobil Rp 5.000 per jam.',
  });
  expect(source.status).toBe(303);
  await sourcesReady(knowledgeId);
  const bot = await client.send('post', '/bots', {
    name: 'Asisten Kopi',
    description: 'Menjawab pelanggan',
    avatar_color: 'emerald',
    knowledge_ids: [knowledgeId],
  });
  expect(bot.status).toBe(303);
  const botId = Number((bot.headers.location as string).split('/')[2]);
  expect((await client.send('post', `/bots/${botId}/publish`, { note: 'v1' })).status).toBe(303);
  const host = new URL(hostOrigin);
  const channel = await createChannel(services, team.id, {
    type: 'web',
    botId,
    name: 'Website',
    settings: {
      allowedDomains: [`${host.hostname}:${host.port}`],
      collectCsat: true,
      title: 'Kopi Senja',
      color: '#0f766e',
      welcomeMessage: 'Halo! Ada yang bisa dibantu?',
      launcherText: 'Chat',
      preChat: { name: 'required', email: 'optional', phone: 'off', message: '' },
    },
  });
  // With a variable, filled in for the agent who puts it in.
  await services.db
    .insert(savedReplies)
    .values({ teamId: team.id, shortcut: 'jam-buka', text: `Halo, saya {{agent.first_name}}. ${openingHours}` });
  return { owner, team, channel };
}

const openingHours = 'Outlet Kemang buka setiap hari pukul 07.00–22.00.';

/** The widget's parts, through its open shadow root (Playwright's CSS and role locators pierce it). */
const widget = (page: Page) => ({
  launcher: page.locator('kawan-widget .kw-launcher'),
  panel: page.locator('kawan-widget .kw-panel'),
  log: page.locator('kawan-widget .kw-log'),
  state: page.locator('kawan-widget .kw-state'),
  input: page.locator('kawan-widget .kw-compose textarea'),
  send: page.locator('kawan-widget .kw-send'),
});

describe('the web chat widget', () => {
  it('answers a visitor on another site, hands over to a person live, and collects a rating', async () => {
    // The host page's port is known before the channel names it as an allowed domain.
    const host = await serveHostPage();
    const { owner, channel } = await cafeWithWidget(host.url);
    host.show(channel.publicKey);
    const hostUrl = host.url;

    // The visitor opens the shop's page: the launcher appears; a click opens the panel.
    const visitor = await visitorBrowser.newPage();
    const errors: string[] = [];
    visitor.on('pageerror', (error) => errors.push(error.message));
    // What the widget's socket hears (the answer is streamed as message.delta events).
    const heard: string[] = [];
    visitor.on('websocket', (socket) => socket.on('framereceived', (frame) => heard.push(String(frame.payload))));
    await visitor.goto(hostUrl);
    const w = widget(visitor);
    await w.launcher.waitFor();
    expect(await w.launcher.getAttribute('aria-label')).toBe('Open chat: Kopi Senja');
    await w.launcher.click();
    await w.panel.waitFor();
    await w.log.getByText('Halo! Ada yang bisa dibantu?').waitFor();

    // A new visitor gives their name (and, if they like, an e-mail) before the first message.
    const details = visitor.locator('kawan-widget .kw-prechat');
    await details.getByText('Before we start, tell us how to reach you.').waitFor();
    expect(await w.input.isVisible()).toBe(false);
    await details.getByRole('button', { name: 'Start chat' }).click();
    await details.getByText('Enter your name.').waitFor();
    await details.getByLabel('Name').fill('Rina');
    await details.getByLabel('Email (optional)').fill('rina@example.com');
    await screenshot(visitor, 'widget-host-page-pre-chat');
    await details.getByRole('button', { name: 'Start chat' }).click();
    await details.waitFor({ state: 'detached' });
    await w.input.waitFor();

    // The question: the answer streams in with its source.
    await w.input.fill('Outlet Kemang buka jam berapa?');
    await w.send.click();
    await w.log.locator('.kw-mine').getByText('Outlet Kemang buka jam berapa?').waitFor();
    const answer = w.log.locator('.kw-msg:not(.kw-mine)').filter({ hasText: '07.00' }).last();
    await answer.waitFor({ timeout: 20_000 });
    await answer.getByRole('list', { name: 'Sources' }).getByText('Jam buka').waitFor({ timeout: 10_000 });
    expect(heard.some((frame) => frame.includes('"message.delta"'))).toBe(true);
    await screenshot(visitor, 'widget-host-page-answer');

    // The owner waits in the inbox: the conversation is there, with the bot.
    const agent = await agentBrowser.newPage();
    await logIn(agent, owner.email, password);
    await agent.waitForURL(/\/dashboard/);
    await agent.goto('/conversations');
    const rows = agent.getByRole('list', { name: 'Conversations' }).getByRole('listitem');
    const row = rows.filter({ hasText: 'Outlet Kemang' }).first();
    await row.waitFor();
    await row.getByText('Bot', { exact: true }).waitFor();
    const visitsBefore = await agent.evaluate(() => performance.getEntriesByType('navigation').length);

    // The visitor asks for a person; the inbox shows the conversation waiting without a reload.
    await visitor.locator('kawan-widget .kw-handoff').click();
    await w.state.getByText('A person will reply here').waitFor();
    await row.getByText('Waiting', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await agent.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(visitsBefore);

    // The owner opens it, takes over and replies.
    await row.getByRole('link').first().click();
    await agent.waitForURL(/\/conversations\/\d+$/);
    await agent.getByRole('button', { name: 'Take over' }).click();
    await agent.getByRole('button', { name: 'Take over' }).waitFor({ state: 'detached' });
    const box = agent.getByRole('textbox', { name: 'Reply' });
    // The bot drafts a reply from its knowledge, with its source named, for the owner to use or not.
    await agent.getByRole('button', { name: 'Suggest a reply' }).click();
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toContain('07.00');
    await agent.getByText('Drafted by the bot from').getByRole('link', { name: 'Jam buka' }).waitFor();
    // The reply is a saved reply put in after "/", its variable filled in.
    await box.fill('');
    await box.pressSequentially('/jam');
    await agent
      .getByRole('listbox', { name: 'Saved replies' })
      .getByRole('option', { name: /jam-buka/ })
      .waitFor();
    await box.press('Enter');
    const written = `Halo, saya Dewi. ${openingHours}`;
    await expect.poll(() => box.inputValue()).toBe(written);
    await agent.getByRole('button', { name: 'Send', exact: true }).click();
    await agent.getByRole('list', { name: 'Messages' }).getByText(written).waitFor();

    // The visitor reads it live, with the agent's first name.
    const reply = w.log.locator('.kw-msg').filter({ hasText: 'Halo, saya Dewi' });
    await reply.waitFor({ timeout: 10_000 });
    await reply.locator('.kw-name').getByText('Dewi').waitFor();

    // Each side sees the other writing: the visitor sees the owner's first name, the owner the visitor's.
    await box.pressSequentially('Sebentar');
    const agentTyping = visitor.locator('kawan-widget .kw-typing');
    await agentTyping.getByText(/^Dewi (is typing|sedang mengetik)…$/).waitFor({ timeout: 10_000 });
    await box.fill('');
    await agentTyping.waitFor({ state: 'detached', timeout: 10_000 });
    await w.input.pressSequentially('Oke');
    const writingNow = agent.getByRole('status', { name: 'Writing now' });
    await writingNow.getByText('Rina is typing…').waitFor({ timeout: 10_000 });
    await w.input.fill('');

    // The visitor sends a photo of their receipt: shown in their chat, and to the owner in the thread.
    await visitor
      .locator('kawan-widget .kw-compose input[type=file]')
      .setInputFiles({ name: 'struk.png', mimeType: 'image/png', buffer: receiptPng() });
    const sentPhoto = w.log.locator('.kw-mine img[alt="struk.png"]');
    await sentPhoto.waitFor();
    await w.log.locator('.kw-mine[aria-busy]').waitFor({ state: 'detached', timeout: 10_000 });
    const seenPhoto = agent.getByRole('list', { name: 'Messages' }).getByRole('img', { name: 'struk.png' });
    await seenPhoto.waitFor({ timeout: 10_000 });
    await expect.poll(() => seenPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);
    // The owner answers with two pictures of their own; the visitor sees them in the chat, in order,
    // fetched with their token.
    await agent.locator('form[aria-label="Reply"] input[type=file]').setInputFiles([
      { name: 'denah.png', mimeType: 'image/png', buffer: receiptPng() },
      { name: 'parkir.png', mimeType: 'image/png', buffer: receiptPng() },
    ]);
    await agent.getByText('📎 denah.png').waitFor();
    await agent.getByText('📎 parkir.png').waitFor();
    await box.fill('Ini denah outletnya');
    await agent.getByRole('button', { name: 'Send', exact: true }).click();
    await agent.getByRole('list', { name: 'Messages' }).getByRole('img', { name: 'parkir.png' }).waitFor();
    const agentPhoto = w.log.locator('.kw-msg:not(.kw-mine) img[alt="denah.png"]');
    await agentPhoto.waitFor({ timeout: 10_000 });
    await expect.poll(() => agentPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);
    await w.log.locator('.kw-msg:not(.kw-mine) img[alt="parkir.png"]').waitFor({ timeout: 10_000 });
    expect(
      await w.log
        .locator('.kw-msg:not(.kw-mine) img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
    ).toEqual(['denah.png', 'parkir.png']);
    await w.log.getByText('Ini denah outletnya').waitFor();
    await screenshot(visitor, 'widget-host-page-photo');
    await screenshot(agent, 'widget-agent-conversation');

    // The visitor closes the chat; the owner's next line shows on the launcher until it is opened.
    await w.launcher.click();
    await w.panel.waitFor({ state: 'hidden' });
    await box.fill('Ada lagi yang bisa dibantu?');
    await agent.getByRole('button', { name: 'Send', exact: true }).click();
    const badge = visitor.locator('kawan-widget .kw-badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('1');
    expect(await w.launcher.getAttribute('aria-label')).toBe('Open chat: Kopi Senja (1 new message)');
    await screenshot(visitor, 'widget-host-page-unread');
    await w.launcher.click();
    await w.log.getByText('Ada lagi yang bisa dibantu?').waitFor();
    await badge.waitFor({ state: 'hidden' });
    // On the next page, the chat closed, it still hears the person answering it.
    await w.launcher.click();
    await visitor.reload();
    await w.launcher.waitFor();
    await expect
      .poll(() => heard.filter((frame) => frame.includes('pusher_internal:subscription_succeeded')).length)
      .toBeGreaterThan(1);
    await box.fill('Kami tunggu kabarnya ya');
    await agent.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('1');
    await w.launcher.click();
    await w.log.getByText('Kami tunggu kabarnya ya').waitFor();

    // The owner snoozes it for an hour; the visitor's next message brings it back live.
    await agent.getByRole('button', { name: 'Snooze' }).click();
    await agent.getByRole('button', { name: /^In 1 hour/ }).click();
    const snoozed = agent.getByText(/^Snoozed until /);
    await snoozed.waitFor();
    await agent.getByRole('list', { name: 'Messages' }).getByText('Snoozed by').waitFor();
    await w.input.fill('Oke, terima kasih infonya');
    await w.send.click();
    await agent
      .getByRole('list', { name: 'Messages' })
      .getByText('Oke, terima kasih infonya')
      .waitFor({ timeout: 10_000 });
    await snoozed.waitFor({ state: 'detached', timeout: 10_000 });
    await agent.getByRole('button', { name: 'Snooze' }).waitFor();

    // The owner resolves; the visitor is asked for a rating and gives five stars.
    await agent.getByRole('button', { name: 'Resolve' }).click();
    await agent.getByRole('button', { name: 'Reopen' }).waitFor();
    const rating = visitor.getByRole('radiogroup', { name: 'Rate this conversation' });
    await rating.waitFor({ timeout: 10_000 });
    await rating.getByRole('radio', { name: '5 stars' }).click();
    await visitor.getByRole('button', { name: 'Send rating' }).click();
    await visitor.getByText('Thanks for your feedback!').waitFor();
    await screenshot(visitor, 'widget-host-page-rated');

    // The inbox shows the rating on the conversation.
    await agent.reload();
    await agent.getByLabel('5 out of 5').waitFor();
    await screenshot(agent, 'widget-agent-conversation-resolved');

    // The owner adds a label for regulars, puts it on the conversation and finds it by it in the inbox.
    const conversationUrl = agent.url();
    await agent.getByRole('region', { name: 'Labels' }).getByRole('link', { name: 'Add some' }).click();
    await agent.waitForURL(/\/conversations\/labels$/);
    await agent.getByLabel('Name').fill('Pelanggan setia');
    await agent.getByRole('radio', { name: 'Amber' }).check({ force: true });
    await agent.getByRole('button', { name: 'Save' }).click();
    await agent.getByRole('list', { name: 'Labels' }).getByText('Pelanggan setia').waitFor();
    await agent.goto(conversationUrl);
    const labelsCard = agent.getByRole('region', { name: 'Labels' });
    await labelsCard.getByRole('button', { name: 'Edit' }).click();
    await labelsCard.getByRole('checkbox').check();
    await labelsCard.getByRole('button', { name: 'Save' }).click();
    await labelsCard.getByRole('link', { name: /Pelanggan setia/ }).click();
    await agent.waitForURL(/\/conversations\?label=\d+$/);
    expect(await agent.getByLabel('Label').inputValue()).not.toBe('');
    const labelled = agent.getByRole('list', { name: 'Conversations' }).getByRole('listitem');
    await expect.poll(() => labelled.count()).toBe(1);
    await labelled.getByText('Pelanggan setia').waitFor();
    await screenshot(agent, 'widget-agent-inbox-by-label');

    // The visitor is a contact of the team: the owner finds them from the navigation, names them
    // and sees their conversation there.
    await agent.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await agent.waitForURL(/\/contacts$/);
    const contactRows = agent.getByRole('list', { name: 'Contacts' }).getByRole('listitem');
    await expect.poll(() => contactRows.count()).toBe(1);
    await contactRows.getByText('rina@example.com').waitFor();
    await contactRows.getByRole('link', { name: 'Rina' }).click();
    await agent.waitForURL(/\/contacts\/\d+$/);
    await agent.getByRole('button', { name: 'Edit contact' }).click();
    await agent.getByLabel('Name').fill('Rina Pelanggan');
    await agent.getByRole('button', { name: 'Save', exact: true }).click();
    await agent.getByRole('heading', { name: 'Rina Pelanggan' }).waitFor();
    await agent.getByRole('list', { name: 'Conversations' }).getByText('Resolved').waitFor();
    await screenshot(agent, 'widget-agent-contact');
    expect(errors).toEqual([]);
  });
});

/** The shop's page, on another origin than Kawan's: nothing but the embed snippet. */
/**
 * The shop's page, listening before the channel that names it exists (its URL is an allowed
 * domain); `show` gives it the channel's key.
 */
async function serveHostPage(): Promise<{ url: string; show(channelKey: string): void }> {
  let channelKey: string | undefined;
  hostPage = createServer((req, res) => {
    if (req.url !== '/' || !channelKey) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(hostHtml(channelKey));
  });
  await new Promise<void>((resolve) => hostPage.listen(0, '127.0.0.1', resolve));
  const { port } = hostPage.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, show: (key) => (channelKey = key) };
}

function hostHtml(channelKey: string) {
  return `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><title>Kopi Senja · Toko</title>
<style>body{font-family:sans-serif;margin:2rem;background:#fafaf9}</style></head>
<body><h1>Kopi Senja</h1><p>Kopi susu gula aren, dikirim ke rumah.</p>
<script src="${appUrl}/widget.js" data-channel="${channelKey}" async></script>
</body></html>`;
}

/** A 96×64 PNG of one colour (a stand-in for a photographed receipt). */
function receiptPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(96, 0);
  header.writeUInt32BE(64, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(96 * 3, Buffer.from([0xf5, 0x9e, 0x0b]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 64 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false, animations: 'disabled' });
}
