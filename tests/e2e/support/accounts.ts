import type { Page } from 'playwright-core';

/** Registers through the form (terms accepted) and waits for the verification notice. */
export async function register(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/email/verify');
}

/** Opens the newest mail with this subject to this address in the development mailbox. */
export async function openMail(page: Page, email: string, subject: string): Promise<void> {
  await page.goto('/_mailbox');
  const row = page.getByRole('row').filter({ hasText: email }).filter({ hasText: subject }).first();
  await row.getByRole('link', { name: subject }).click();
  await page.getByRole('heading', { name: subject, level: 1 }).waitFor();
}

/** Clicks a button link inside the opened mail's body. */
export async function clickMailButton(page: Page, name: string): Promise<void> {
  await page.frameLocator('iframe[title="Message body"]').getByRole('link', { name, exact: true }).click();
}

/** Follows the verification link from the mailbox and lands on the dashboard. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  await openMail(page, email, 'Verify Email Address');
  await clickMailButton(page, 'Verify Email Address');
  await page.waitForURL('**/dashboard?verified=1');
}
