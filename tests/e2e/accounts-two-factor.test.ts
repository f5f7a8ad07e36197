import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, pathOf, screenshot } from './support/browser';
import { logIn, signUpVerified } from './support/accounts';
import { awayFromStepBoundary, totpNow, wrongCode } from '../helpers/totp';

const browser = browserForFile();
let page: Page;

const stepNow = () => Math.floor(Date.now() / 30_000);
const password = 'two-factor-journey';

/**
 * Logs out through the navigation's small-screen menu. (The desktop account dropdown unmounts its
 * panel on click before the browser submits the Log Out form: "Form submission canceled because
 * the form is not connected"; reported to the lead, to be fixed in Dropdown/AppLayout.)
 */
async function logOut() {
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 480, height: desktop.height });
  await page.getByRole('button', { name: 'Open main menu' }).click();
  await page.locator('#responsive-menu').getByRole('button', { name: 'Log Out', exact: true }).click();
  await page.waitForURL((url) => pathOf(url.toString()) === '/');
  await page.setViewportSize(desktop);
}

/** Answers the password-confirmation modal that a two-factor button opens. */
async function confirmPasswordInModal() {
  const dialog = page.getByRole('dialog', { name: 'Confirm Password' });
  await dialog.waitFor();
  expect(await dialog.getByText('For your security, please confirm your password to continue.').isVisible()).toBe(true);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('two-factor authentication', () => {
  // Up to ~35 s of the journey is waiting for the next 30-second step, as a person would.
  it('is enabled from the profile, then asks for a code or a recovery code at login', async () => {
    const email = `sari.${Date.now()}@example.com`;
    page = await signUpVerified(browser, 'Sari Wulandari', email, password);

    // Profile → Enable → password modal (a wrong password first) → QR code and setup key.
    await page.goto('/user/profile');
    const section = page.getByRole('region', { name: 'Two Factor Authentication' });
    await section.getByRole('heading', { name: 'You have not enabled two factor authentication.' }).waitFor();
    await section.getByRole('button', { name: 'Enable' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm Password' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('The provided password was incorrect.').waitFor();
    await screenshot(page, 'two-factor-password-modal-error', { fullPage: false });
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });

    await section.getByRole('heading', { name: 'Finish enabling two factor authentication.' }).waitFor();
    const qr = section.getByRole('img', { name: 'QR code for your authenticator application' });
    await qr.locator('svg').waitFor();
    expect(await qr.locator('svg').getAttribute('width')).toBe('192');
    const setupKey = (await section.getByTestId('two-factor-setup-key').textContent())!.trim();
    expect(setupKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(await section.getByText(`Setup Key: ${setupKey}`).isVisible()).toBe(true);
    await screenshot(page, 'two-factor-enabling');

    // A wrong code keeps the setup open with the message under the field; the right one finishes it.
    const code = section.getByLabel('Code', { exact: true });
    await code.fill(wrongCode(setupKey));
    await section.getByRole('button', { name: 'Confirm' }).click();
    await section.getByText('The provided two factor authentication code was invalid.').waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');

    await awayFromStepBoundary();
    const confirmedStep = stepNow();
    await code.fill(totpNow(setupKey));
    await section.getByRole('button', { name: 'Confirm' }).click();
    await section.getByRole('heading', { name: 'You have enabled two factor authentication.' }).waitFor();
    expect(await qr.count()).toBe(0);
    const codes = (
      await section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()
    ).map((text) => text.trim());
    expect(codes).toHaveLength(8);
    for (const recoveryCode of codes) expect(recoveryCode).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
    expect(await section.getByRole('button', { name: 'Regenerate Recovery Codes' }).isVisible()).toBe(true);
    expect(await section.getByRole('button', { name: 'Disable' }).isVisible()).toBe(true);
    await screenshot(page, 'two-factor-enabled');

    // Log out, log in: the password is followed by the challenge; a code of a later step signs in.
    await logOut();
    await logIn(page, email, password);
    await page.waitForURL('**/two-factor-challenge');
    await page.getByRole('heading', { name: 'Two-factor Confirmation' }).waitFor();
    expect(
      await page
        .getByText(
          'Please confirm access to your account by entering the authentication code provided by your authenticator application.',
        )
        .isVisible(),
    ).toBe(true);
    await page.getByLabel('Code', { exact: true }).fill(wrongCode(setupKey));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('The provided two factor authentication code was invalid.').waitFor();
    expect(pathOf(page.url())).toBe('/two-factor-challenge');
    await screenshot(page, 'two-factor-challenge-error');

    // The confirming code's step is used up: wait for the next one, as a person would.
    while (stepNow() <= confirmedStep) await sleep(500);
    await awayFromStepBoundary();
    await page.getByLabel('Code', { exact: true }).fill(totpNow(setupKey));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Account menu for Sari Wulandari' }).waitFor();

    // Log out, log in with a recovery code.
    await logOut();
    await logIn(page, email, password);
    await page.waitForURL('**/two-factor-challenge');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page
      .getByText('Please confirm access to your account by entering one of your emergency recovery codes.')
      .waitFor();
    expect(await page.getByLabel('Code', { exact: true }).count()).toBe(0);
    await page.getByLabel('Recovery Code').fill(codes[2]);
    await screenshot(page, 'two-factor-challenge-recovery');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');

    // The used code is gone from the list, which still has 8 (a new session asks for the password again).
    await page.goto('/user/profile');
    await section.getByRole('heading', { name: 'You have enabled two factor authentication.' }).waitFor();
    await section.getByRole('button', { name: 'Show Recovery Codes' }).click();
    await confirmPasswordInModal();
    const listed = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await listed.first().waitFor();
    const after = (await listed.allTextContents()).map((text) => text.trim());
    expect(after).toHaveLength(8);
    expect(after).not.toContain(codes[2]);
    expect(after.filter((recoveryCode) => codes.includes(recoveryCode))).toHaveLength(7);
  }, 120_000);
});
