import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, pathOf, screenshot } from './support/browser';
import { clickMailButton, openMail, signUp, verifyEmail } from './support/accounts';

const browser = browserForFile();
let page: Page;

describe('e-mail verification through the development mailbox', () => {
  it('registers, opens the verification mail, follows its link and reaches the dashboard', async () => {
    const email = `ayu.${Date.now()}@example.com`;
    page = await signUp(browser, 'Ayu Lestari', email, 'correct-horse-battery');

    await page.waitForURL('**/email/verify');
    await page.getByRole('heading', { name: 'Email Verification' }).waitFor();
    expect(await page.getByText('Before continuing, could you verify your email address').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Resend Verification Email' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true);
    await screenshot(page, 'verify-email-notice');

    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await page
      .getByText('A new verification link has been sent to the email address you provided in your profile settings.')
      .waitFor();

    await openMail(page, email, 'Verify Email Address');
    expect(await page.getByText(email).first().isVisible()).toBe(true);
    const frame = page.frameLocator('iframe[title="Message body"]');
    await frame.getByText('Please click the button below to verify your email address.').waitFor();
    expect(await page.locator('iframe[title="Message body"]').getAttribute('sandbox')).toBe(
      'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
    );
    await screenshot(page, 'mailbox-verify-email');

    await page.getByRole('tab', { name: 'Text' }).click();
    expect(await page.locator('pre').textContent()).toContain('Verify Email Address: http://127.0.0.1:');
    await page.getByRole('tab', { name: 'HTML' }).click();

    await clickMailButton(page, 'Verify Email Address');
    await page.waitForURL('**/dashboard?verified=1');
    await page.getByRole('heading', { name: 'Welcome to Kawan, Ayu.' }).waitFor();
    await screenshot(page, 'dashboard-after-verification');
  });

  it('lists the kept mail newest first', async () => {
    page = await browser.open('/_mailbox');
    await page.getByRole('heading', { name: 'Mailbox', level: 1 }).waitFor();
    const rows = page.getByRole('row');
    expect(await rows.count()).toBeGreaterThan(1);
    const times = await page
      .locator('tbody time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect(times).toEqual([...times].sort().reverse());
    expect(await page.locator('tbody time').first().textContent()).toMatch(/ago$/);
    await screenshot(page, 'mailbox-index');
  });
});

describe('forgotten password', () => {
  it('asks for a link, resets the password through the mailed link and logs in with the new one', async () => {
    const email = `budi.${Date.now()}@example.com`;
    page = await signUp(browser, 'Budi Santoso', email, 'first-password');
    await page.waitForURL('**/email/verify');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => pathOf(url.toString()) === '/');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Email Password Reset Link' }).click();
    await page.getByText('We have emailed your password reset link.').waitFor();
    await screenshot(page, 'forgot-password-sent');

    await openMail(page, email, 'Reset Password Notification');
    const frame = page.frameLocator('iframe[title="Message body"]');
    await frame.getByText('This password reset link will expire in 60 minutes.').waitFor();
    await clickMailButton(page, 'Reset Password');

    await page.waitForURL('**/reset-password/**');
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('The password field must be at least 8 characters.').waitFor();
    await screenshot(page, 'reset-password-error');

    await page.getByLabel('Password', { exact: true }).fill('second-password');
    await page.getByLabel('Confirm Password').fill('second-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your password has been reset.').waitFor();
    await screenshot(page, 'login-after-reset');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('These credentials do not match our records.').waitFor();

    await page.getByLabel('Password').fill('second-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    // Still unverified: the notice first, then the mailed link, then the dashboard.
    await page.waitForURL('**/email/verify');
    await verifyEmail(page, email);
    await page.getByRole('heading', { name: 'Welcome to Kawan, Budi.' }).waitFor();
  });
});
