import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createApp } from '../../server/app';
import { type DatabaseHandle } from '../../server/db/client';
import type { Services } from '../../server/services';
import { signedIn } from '../helpers/app';
import { createOwnedTeam } from '../factories/teams';
import { createChannel } from '../factories/channels';
import { startFakeChatServer, type FakeChatServer } from '../helpers/fake-chat-server';
import { launchBrowser, screenshot, type E2eBrowser } from './support/browser';
import { startKawan, type InProcessKawan } from './support/in-process';
import { logIn } from './support/accounts';
import { publishedBotOn } from './support/published-bot';

/**
 * Replay before publishing, in Chromium on the production build, with a model (a local
 * OpenAI-compatible server) that follows the bot's instructions: a customer asked the published
 * bot in the widget; the owner changes the instructions in the draft (answer in English) and
 * replays: the customer's real question and a saved test question come back side by side, the
 * draft's answers changed, the real one marked as coming from a conversation.
 */
const password = 'password';

let kawan: InProcessKawan;
let model: FakeChatServer;
let database: DatabaseHandle;
let services: Services;
let expressApp: ReturnType<typeof createApp>['app'];
let appUrl: string;
let browser: E2eBrowser;

beforeAll(async () => {
  // Answers in the language the instructions ask for, citing the first passage.
  model = await startFakeChatServer({
    reply: (body) => {
      const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
      return /in English/i.test(String(system))
        ? 'We are open every day from 07.00 to 22.00 [1].'
        : 'Kami buka setiap hari pukul 07.00 sampai 22.00 [1].';
    },
  });
  kawan = await startKawan({
    name: 'replay',
    workers: true,
    env: { AI_BASE_URL: model.baseUrl, AI_CHAT_MODEL: 'kawan-fake-model' },
  });
  ({ appUrl, services, database, app: expressApp } = kawan);
  browser = await launchBrowser(appUrl);
});

afterAll(async () => {
  await browser?.close();
  await kawan?.close();
  await model?.close();
});

const rows = async (text: string, values: unknown[] = []) => (await database.execute(text, values)).rows;

describe('replay', () => {
  it('shows what an instruction change does to real customer questions before it is published', async () => {
    const { owner, team } = await createOwnedTeam(services, {
      current: true,
      owner: { name: 'Wulan Sari', email: `wulan.${Date.now()}@example.com` },
    });
    const client = await signedIn(expressApp, owner, password);
    const { botId } = await publishedBotOn(client, database, team.id, {
      knowledge: 'Info Kedai',
      title: 'Jam buka',
      text: '# Jam buka\n\nKedai buka setiap hari pukul 07.00 sampai 22.00.',
      bot: 'Asisten Kedai',
    });
    const channel = await createChannel(services, team.id, { type: 'web', botId, name: 'Website' });

    // A customer asks the published bot through the widget's endpoints.
    const headers = { Origin: appUrl, Accept: 'application/json', 'Content-Type': 'application/json' };
    const session = await fetch(`${appUrl}/widget/${channel.publicKey}/session`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    const { token } = (await session.json()) as { token: string };
    const asked = await fetch(`${appUrl}/widget/${channel.publicKey}/messages`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: 'kak jam buka nya sampai jam brp?', clientId: crypto.randomUUID() }),
    });
    expect(asked.status).toBe(202);
    await expect
      .poll(
        async () =>
          (await rows("select text from messages where team_id = $1 and sender = 'bot'", [team.id])).map(
            (row) => row.text,
          ),
        { timeout: 20_000 },
      )
      .toEqual(['Kami buka setiap hari pukul 07.00 sampai 22.00 [1].']);

    // The owner asks for English in the draft's instructions and saves a test question too.
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, owner.email, password);
    await page.waitForURL(/\/dashboard/);
    await page.goto(`/bots/${botId}/edit`);
    await page.getByLabel('Instructions').fill('Kamu asisten Kedai. Always answer in English.');
    await page.getByLabel('Questions to try').fill('Jam buka kedai?');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Saved to the draft', { exact: false }).first().waitFor();

    await page.goto(`/bots/${botId}`);
    const panel = page.getByRole('region', { name: 'Replay' });
    await panel.getByText('1 saved test question and the last question customers asked').waitFor();
    await panel.getByRole('button', { name: 'Replay', exact: true }).click();
    const results = page.getByRole('list', { name: 'Replay results' });
    await panel.getByText('2 of 2 answers changed', { exact: false }).waitFor({ timeout: 20_000 });
    const real = results.getByRole('listitem', { name: 'kak jam buka nya sampai jam brp?' });
    await real.getByText('From a conversation').waitFor();
    await real.getByText('Answer changed').waitFor();
    await real.getByText('We are open every day from 07.00 to 22.00 [1].').waitFor();
    await real.getByText('Kami buka setiap hari pukul 07.00 sampai 22.00 [1].').waitFor();
    await results.getByRole('listitem', { name: 'Jam buka kedai?' }).getByText('Answer changed').waitFor();
    await screenshot(page, 'bots-replay-instructions');
    // Nothing went live: the published version still answers in Indonesian.
    expect((await rows('select published_version from bots where id = $1', [botId]))[0].published_version).toBe(1);
    expect(errors).toEqual([]);
  });
});
