import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { browserForFile, pathOf, screenshot } from './support/browser';
import { signUpVerified } from './support/accounts';

/** A team owner builds a knowledge base from a PDF and asks it a question, in Chromium. */
const browser = browserForFile();

async function menuPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const lines = [
    'Menu Kopi Senja',
    'Kopi susu gula aren dibuat dari espresso dan susu segar. Harga Rp 28.000.',
    'Es teh leci dengan potongan buah leci asli. Harga Rp 22.000.',
    'Roti bakar cokelat keju untuk sarapan. Harga Rp 25.000.',
  ];
  lines.forEach((line, index) =>
    page.drawText(line, { x: 50, y: 780 - index * 24, size: index === 0 ? 18 : 11, font }),
  );
  return Buffer.from(await pdf.save());
}

describe('knowledge', () => {
  it('creates a knowledge base, uploads a PDF, watches it become ready live, asks it a question and sees a bad file fail alone', async () => {
    const page = await signUpVerified(browser, 'Sekar Ayu', `sekar.${Date.now()}@example.com`, 'knowledge-journey-1');

    // The navigation leads to an empty list that says what to do.
    await page.getByRole('link', { name: 'Knowledge', exact: true }).first().click();
    await page.waitForURL('**/knowledges');
    await page.getByText('No knowledge bases yet', { exact: false }).first().waitFor();
    await screenshot(page, 'knowledge-index-empty');
    await page
      .getByRole('link', { name: /New knowledge base/ })
      .first()
      .click();
    await page.waitForURL('**/knowledges/create');

    // Create: the name is required, then the page becomes the knowledge's own.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('The name field is required.').waitFor();
    await page.getByLabel('Name').fill('Menu Kopi Senja');
    await page.getByLabel('Language').selectOption('indonesian');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/knowledges\/\d+\/edit$/);
    expect(pathOf(page.url())).toMatch(/^\/knowledges\/\d+\/edit$/);
    // From here on, the page must update without being reloaded.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    // Upload the menu: its status moves to Ready live.
    await page.getByRole('tab', { name: 'File' }).click();
    await page
      .locator('#source-file')
      .setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: await menuPdf() });
    await page.getByRole('button', { name: 'Upload' }).click();
    const sources = page.getByRole('list', { name: 'Sources' });
    const menu = sources.getByRole('listitem', { name: 'menu.pdf' });
    await menu.waitFor();
    await menu.getByText('Ready', { exact: true }).waitFor({ timeout: 20_000 });
    await menu.getByText(/1 chunk/).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await screenshot(page, 'knowledge-form-sources');

    // Try a question: the cited chunk comes from the PDF.
    const trial = page.getByRole('search', { name: 'Try a question' });
    await trial.getByLabel('Question to try').fill('harga kopi susu gula aren berapa?');
    await trial.getByRole('button', { name: 'Search' }).click();
    const first = page.getByRole('listitem', { name: 'Result 1' });
    await first.getByText(/Rp 28\.000/).waitFor();
    await first.getByText('menu.pdf').first().waitFor();
    await screenshot(page, 'knowledge-try-question');

    // A file that only claims to be a PDF fails with its reason; the menu stays ready.
    await page.getByRole('tab', { name: 'File' }).click();
    await page
      .locator('#source-file')
      .setInputFiles({
        name: 'fake.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('just some text, not a pdf'),
      });
    await page.getByRole('button', { name: 'Upload' }).click();
    const fake = sources.getByRole('listitem', { name: 'fake.pdf' });
    await fake.getByText('Failed', { exact: true }).waitFor({ timeout: 20_000 });
    await fake.getByText(/named \.pdf but is not a PDF/).waitFor();
    await menu.getByText('Ready', { exact: true }).waitFor();
    await screenshot(page, 'knowledge-form-failed-source');

    // The list shows the knowledge base, degraded by the failed source.
    await page.getByRole('link', { name: 'Knowledge', exact: true }).first().click();
    await page.waitForURL('**/knowledges');
    const card = page.getByRole('listitem', { name: 'Menu Kopi Senja' });
    await card.getByText(/1 source failed/).waitFor();
    await screenshot(page, 'knowledge-index');
  });
});
