import type { Page } from 'playwright-core';
import type { E2eBrowser } from './browser';

/** Registers through the form (terms accepted) and waits for the verification notice. */
export async function register(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.goto('/register');
  await completeRegistration(page, name, email, password);
}

/** Fills in and sends the registration form the tab shows, then waits for the verification notice. */
export async function completeRegistration(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/email/verify');
}

/** A new tab of `browser` in which a fresh account registers; it ends on the verification notice. */
export async function signUp(browser: E2eBrowser, name: string, email: string, password: string): Promise<Page> {
  const page = await browser.newPage();
  await register(page, name, email, password);
  return page;
}

/** signUp, then the mailed verification link: the tab ends on the dashboard, the address verified. */
export async function signUpVerified(
  browser: E2eBrowser,
  name: string,
  email: string,
  password: string,
): Promise<Page> {
  const page = await signUp(browser, name, email, password);
  await verifyEmail(page, email);
  return page;
}

/** Submits the login form with these credentials; where that leads is for the caller to check. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Opens the newest mail with this subject to this address in the development mailbox. */
export async function openMail(page: Page, email: string, subject: string): Promise<void> {
  await page.goto('/_mailbox');
  await page.getByRole('heading', { name: 'Mailbox', level: 1 }).waitFor();
  const row = page.getByRole('row').filter({ hasText: email }).filter({ hasText: subject }).first();
  await row.getByRole('link', { name: subject }).click();
  await page.getByRole('heading', { name: subject, level: 1 }).waitFor();
}

/** Clicks a button link inside the opened mail's body (a sandboxed frame; the link opens in this tab). */
export async function clickMailButton(page: Page, name: string): Promise<void> {
  await page.frameLocator('iframe[title="Message body"]').getByRole('link', { name, exact: true }).click();
}

/** Follows the verification link from the mailbox and lands on the dashboard. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  await openMail(page, email, 'Verify Email Address');
  await clickMailButton(page, 'Verify Email Address');
  await page.waitForURL('**/dashboard?verified=1');
}
