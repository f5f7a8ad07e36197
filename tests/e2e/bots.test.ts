import { describe, expect, it } from 'vitest';
import { browserForFile, pathOf, screenshot } from './support/browser';
import { signUpVerified } from './support/accounts';

/** A team owner builds a bot on a knowledge base, asks it in the test chat, publishes and replays, in Chromium. */
const browser = browserForFile();

describe('bots', () => {
  it('creates a bot on a knowledge base, sees a streamed cited answer, publishes it and replays a change', async () => {
    const page = await signUpVerified(browser, 'Bayu Pratama', `bayu.${Date.now()}@example.com`, 'bots-journey-1');

    // A knowledge base with one text source, read by the job.
    await page.goto('/knowledges/create');
    await page.getByLabel('Name').fill('Info Kedai');
    await page.getByLabel('Language').selectOption('indonesian');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/knowledges\/\d+\/edit$/);
    await page.locator('#source-title').fill('Jam buka');
    await page
      .locator('#source-text')
      .fill(
        '# Jam buka\n\nKedai Senja buka setiap hari pukul 08.00 sampai 21.00.\n\n# Parkir\n\nParkir motor gratis di depan kedai.',
      );
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.getByRole('list', { name: 'Sources' }).getByText('Ready', { exact: true }).waitFor({ timeout: 20_000 });

    // The bot, linked to it.
    await page.goto('/bots');
    await page
      .getByRole('link', { name: /New bot/ })
      .first()
      .click();
    await page.waitForURL('**/bots/create');
    await page.getByLabel('Name').fill('Asisten Kedai');
    await page.getByRole('checkbox', { name: /Info Kedai/ }).check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/bots\/\d+$/);
    const botPath = pathOf(page.url());

    // The test chat: the answer arrives streamed, with its source.
    await page.getByLabel('Message', { exact: true }).fill('Kedai buka jam berapa?');
    await page.getByRole('button', { name: 'Send' }).click();
    const conversation = page.getByRole('list', { name: 'Conversation' });
    const answer = conversation.getByRole('listitem', { name: 'Asisten Kedai' }).last();
    await answer.getByText(/08\.00/).waitFor({ timeout: 20_000 });
    await answer.getByRole('list', { name: 'Sources' }).getByText('Jam buka').first().waitFor();
    await screenshot(page, 'bots-show-test-chat');

    // A citation leads to its source's chunks in the knowledge base.
    await answer.getByRole('link', { name: 'Jam buka' }).first().click();
    await page.waitForURL(/\/knowledges\/\d+\/edit\?preview=\d+$/);
    await page
      .getByRole('dialog')
      .getByText(/08\.00 sampai 21\.00/)
      .first()
      .waitFor();
    await page.goto(botPath);

    // Publish version 1.
    await page.getByRole('button', { name: 'Publish version 1' }).click();
    await page.getByText('Version 1 is live.').waitFor();

    // Edit the draft: unlink the knowledge and save a test question; replay shows the difference.
    await page.goto(`${botPath}/edit`);
    await page.getByRole('checkbox', { name: /Info Kedai/ }).uncheck();
    await page.getByLabel('Questions to try').fill('Kedai buka jam berapa?');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Saved to the draft', { exact: false }).first().waitFor();
    await page.goto(botPath);
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    const results = page.getByRole('list', { name: 'Replay results' });
    await results.getByText('New fallback').waitFor({ timeout: 20_000 });
    // Seen missing once under the full suite's load: say what the published version answered then
    // (a refused or failed answer shows its error in place of the reply).
    await results
      .getByText('Lost: Jam buka')
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nReplay results: ${(await results.textContent()) ?? ''}`);
      });
    await screenshot(page, 'bots-show-replay');

    // The list shows the bot with its draft change pending.
    await page.goto('/bots');
    await page.getByText('Asisten Kedai').first().waitFor();
    expect(await page.getByText(/Draft changes/).count()).toBeGreaterThan(0);
    await screenshot(page, 'bots-index');
  });
});
