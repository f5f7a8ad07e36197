import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type createApp } from '../../server/app';
import { type DatabaseHandle } from '../../server/db/client';
import type { Services } from '../../server/services';
import { signedIn } from '../helpers/app';
import { createOwnedTeam } from '../factories/teams';
import { createChannel } from '../factories/channels';
import { launchBrowser, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { logIn } from './support/accounts';

/**
 * The knowledge-gap inbox in Chromium on the production build: a visitor asks the café's bot
 * something its knowledge does not cover in the demo web widget and gets the fallback; another
 * customer asks it another way; an agent answers one of them. The owner finds the gap on Reports →
 * Knowledge gaps, answers it with the agent's words in the bot's knowledge base, and sees its
 * questions answered now; the visitor asks again and gets the answer.
 *
 * The app runs in this process with its workers, as in widget.test.ts.
 */
const shots = '/tmp';
const password = 'password';

let kawan: InProcessKawan;
let database: DatabaseHandle;
let services: Services;
let expressApp: ReturnType<typeof createApp>['app'];
let appUrl: string;
let visitorBrowser: E2eBrowser;
let ownerBrowser: E2eBrowser;

beforeAll(async () => {
  kawan = await startKawan({ name: 'gaps', workers: true });
  ({ appUrl, services, database, app: expressApp } = kawan);
  visitorBrowser = await launchBrowser(appUrl);
  ownerBrowser = await launchBrowser(appUrl);
});

afterAll(async () => {
  await visitorBrowser?.close();
  await ownerBrowser?.close();
  await kawan?.close();
});

const rows = async (text: string, values: unknown[] = []) => (await database.execute(text, values)).rows;

/** The café: Dewi owns it; its published bot answers from a FAQ with opening hours and parking; a web channel. */
async function cafe() {
  const { owner, team } = await createOwnedTeam(services, {
    current: true,
    owner: { name: 'Dewi Lestari', email: `dewi.${Date.now()}@example.com` },
  });
  const client = await signedIn(expressApp, owner, password);
  const knowledge = await client.send('post', '/knowledges', { name: 'FAQ Kopi Senja', language: 'indonesian' });
  const knowledgeId = Number((knowledge.headers.location as string).split('/')[2]);
  await client.send('post', `/knowledges/${knowledgeId}/sources`, {
    type: 'text',
    title: 'Jam buka',
    text: '# Jam buka\n\nOutlet Kemang buka setiap hari pukul 07.00 sampai 22.00.\n\n# Parkir\n\nParkir motor gratis, parkir mobil Rp 5.000 per jam.',
  });
  await client.send('post', '/knowledges', { name: 'Menu', language: 'indonesian' });
  await expect
    .poll(async () => (await rows('select status from knowledge_sources')).map((row) => row.status), {
      timeout: 30_000,
    })
    .toEqual(['ready']);
  const bot = await client.send('post', '/bots', {
    name: 'Asisten Kopi',
    description: 'Menjawab pelanggan',
    avatar_color: 'emerald',
    knowledge_ids: [knowledgeId],
  });
  const botId = Number((bot.headers.location as string).split('/')[2]);
  expect((await client.send('post', `/bots/${botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(services, team.id, {
    type: 'web',
    botId,
    name: 'Website Kopi Senja',
    settings: { title: 'Kopi Senja', color: '#0f766e', welcomeMessage: 'Halo! Ada yang bisa dibantu?' },
  });
  return { owner, team, client, channel };
}

/** A customer asking through the widget's own endpoints (another visitor than the browser's). */
async function askAsAnotherCustomer(key: string, text: string) {
  const headers = { Origin: appUrl, Accept: 'application/json', 'Content-Type': 'application/json' };
  const session = await fetch(`${appUrl}/widget/${key}/session`, { method: 'POST', headers, body: '{}' });
  const { token } = (await session.json()) as { token: string };
  const sent = await fetch(`${appUrl}/widget/${key}/messages`, {
    method: 'POST',
    headers: { ...headers, Authorization: `Bearer ${token}` },
    body: JSON.stringify({ text, clientId: crypto.randomUUID() }),
  });
  expect(sent.status).toBe(202);
}

const widget = (page: Page) => ({
  launcher: page.locator('kawan-widget .kw-launcher'),
  log: page.locator('kawan-widget .kw-log'),
  state: page.locator('kawan-widget .kw-state'),
  input: page.locator('kawan-widget .kw-compose textarea'),
  send: page.locator('kawan-widget .kw-send'),
  botMessages: page.locator('kawan-widget .kw-log .kw-msg:not(.kw-mine)'),
});

async function screenshot(page: Page, name: string) {
  const path = join(shots, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

describe('the knowledge-gap inbox', () => {
  it('turns a question the bot could not answer into a curated answer the bot gives at once', async () => {
    const { owner, team, client, channel } = await cafe();

    // A visitor asks in the demo widget something the FAQ does not cover: the bot falls back.
    const visitor = await visitorBrowser.newPage();
    const errors: string[] = [];
    visitor.on('pageerror', (error) => errors.push(error.message));
    await visitor.goto(`/demo/widget?channel=${channel.publicKey}`);
    const w = widget(visitor);
    await w.launcher.click();
    await w.log.getByText('Halo! Ada yang bisa dibantu?').waitFor();
    await w.input.fill('Apakah ada wifi?');
    await w.send.click();
    await w.log.locator('.kw-mine').getByText('Apakah ada wifi?').waitFor();
    await expect.poll(() => w.botMessages.count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const [fallback] = await rows(
      `select m.text, m.ai->>'kind' as kind from messages m where m.team_id = $1 and m.sender = 'bot'`,
      [team.id],
    );
    expect(fallback.kind).toBe('fallback');

    // Another customer asks it another way; a third asks for a person, and Dewi answers them.
    await askAsAnotherCustomer(channel.publicKey, 'wifi nya ada ga kak?');
    await askAsAnotherCustomer(channel.publicKey, 'password wifi nya apa kak?');
    await expect
      .poll(async () => (await rows('select count(*)::int as n from knowledge_gap_questions'))[0].n, {
        timeout: 20_000,
      })
      .toBe(3);
    await visitor.locator('kawan-widget .kw-handoff').click();
    await w.state.getByText('A person will reply here').waitFor();
    const [conversation] = await rows(
      `select c.id from conversations c join messages m on m.conversation_id = c.id
        where c.team_id = $1 and m.text = 'Apakah ada wifi?'`,
      [team.id],
    );
    expect(
      (
        await client.send('post', `/conversations/${conversation.id}/messages`, {
          text: 'Ada kak, wifi gratis untuk pelanggan. Nama jaringannya KopiSenja, password-nya ada di struk.',
        })
      ).status,
    ).toBe(303);

    // Dewi opens Reports → Knowledge gaps: one gap with three questions, the agent's reply shown.
    const page = await ownerBrowser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, owner.email, password);
    await page.waitForURL(/\/dashboard/);
    await page.goto('/reports/gaps');
    await page
      .getByRole('navigation', { name: 'Reports' })
      .getByRole('link', { name: /Knowledge gaps/ })
      .waitFor();
    const card = page.getByRole('article', { name: 'Apakah ada wifi?' });
    await card.waitFor();
    await card.getByText('3 conversations').waitFor();
    await card.getByText('Fallback × 3').waitFor();
    await card.getByText('An agent replied').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await screenshot(page, 'report-gaps-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'report-gaps-list-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Answer: the modal starts from the agent's words, in the knowledge base the bot answers from.
    await card.getByRole('button', { name: 'Answer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Answer this gap' });
    await dialog.waitFor();
    const select = dialog.getByLabel('Knowledge base');
    expect(await select.locator('option:checked').textContent()).toBe('FAQ Kopi Senja (the bot answers from it)');
    expect(await dialog.getByLabel('Question').inputValue()).toBe('Apakah ada wifi?');
    expect((await dialog.getByLabel('Other ways to ask it').inputValue()).split('\n').sort()).toEqual([
      'password wifi nya apa kak?',
      'wifi nya ada ga kak?',
    ]);
    expect(await dialog.getByLabel('Answer').inputValue()).toContain('wifi gratis untuk pelanggan');
    await screenshot(page, 'report-gaps-answer-modal');
    await dialog.getByRole('button', { name: 'Save and ask again' }).click();

    // The answered list: every question of the gap is answered now.
    await page.waitForURL(/\/reports\/gaps\?status=answered$/, { timeout: 30_000 });
    const answered = page.getByRole('article', { name: 'Apakah ada wifi?' });
    await answered.getByText('3 of 3 questions answered').waitFor();
    expect(await answered.getByText('Answered now').count()).toBe(3);
    expect(await answered.getByText('Still not answered').count()).toBe(0);
    await page.getByText('Saved to FAQ Kopi Senja. Asked again, 3 of 3 questions are answered now.').waitFor();
    await screenshot(page, 'report-gaps-answered');

    // On a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/reports/gaps?status=answered');
    await page.getByRole('article', { name: 'Apakah ada wifi?' }).waitFor();
    await screenshot(page, 'report-gaps-answered-390');

    // A new visitor who asks it now gets the answer from the bot.
    await askAsAnotherCustomer(channel.publicKey, 'wifi nya ada ga kak?');
    await expect
      .poll(
        async () =>
          (
            await rows(
              `select r.ai->>'kind' as kind from messages q join messages r on r.in_reply_to_id = q.id
                where q.team_id = $1 and q.text = 'wifi nya ada ga kak?' order by q.id desc limit 1`,
              [team.id],
            )
          )[0]?.kind,
        { timeout: 20_000 },
      )
      .toBe('curated');
    expect(errors).toEqual([]);
  });
});
