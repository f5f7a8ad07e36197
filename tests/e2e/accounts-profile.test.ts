import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { browserForFile, pathOf, screenshot } from './support/browser';
import { logIn, signUp, signUpVerified } from './support/accounts';

/** Two Chromiums: "this" browser and another device signed in to the same account. */
const browser = browserForFile();
const otherBrowser = browserForFile();
let page: Page;

const password = 'profile-journey-1';

/** The other device signs in to the same account and opens a signed-in page. */
async function signInElsewhere(email: string, secret = password) {
  const otherPage = await otherBrowser.newPage();
  await logIn(otherPage, email, secret);
  await otherPage.waitForURL((url) => pathOf(url.toString()) !== '/login');
  await otherPage.goto('/user/profile');
  await otherPage.getByRole('heading', { name: 'Profile', level: 2 }).waitFor();
  return otherPage;
}

/** Its next visit to a signed-in page ends on the login page. */
async function expectSignedOut(on: Page) {
  await on.goto('/user/profile');
  await on.waitForURL('**/login');
  await on.getByRole('button', { name: 'Log in' }).waitFor();
}

const jpegPhoto = async () => ({
  name: 'portrait.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#6366f1' } })
    .composite([
      { input: Buffer.from('<svg width="900" height="600"><circle cx="450" cy="260" r="150" fill="#e0e7ff"/></svg>') },
    ])
    .jpeg()
    .toBuffer(),
});

describe('profile', () => {
  it('shows every section, updates the name and photo, and changes the password, signing the other browser out', async () => {
    const email = `tari.${Date.now()}@example.com`;
    page = await signUpVerified(browser, 'Tari Handayani', email, password);
    const elsewhere = await signInElsewhere(email);

    await page.goto('/user/profile');
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor();
    expect(await page.title()).toBe('Profile - Kawan');
    // The sections' titles (SectionTitle gives each an id for its section's aria-labelledby).
    const headings = await page.locator('h3[id]').allTextContents();
    expect(headings).toEqual([
      'Profile Information',
      'Update Password',
      'Two Factor Authentication',
      'Notifications',
      'Browser Sessions',
      'Delete Account',
    ]);
    await screenshot(page, 'profile');

    // Profile information: an empty name is refused beside the field, then a new name is saved.
    const info = page.getByRole('form', { name: 'Profile Information' });
    await info.getByLabel('Name').fill('');
    await info.getByRole('button', { name: 'Save' }).click();
    await info.getByText('The name field is required.').waitFor();
    expect(await info.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await info.getByLabel('Name').fill('Tari Kusuma');
    await info.getByRole('button', { name: 'Save' }).click();
    await info.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Account menu for Tari Kusuma' }).waitFor();

    // A GIF is refused; a JPEG is previewed, saved, served from /storage and can be removed again.
    await page.setInputFiles('#photo', {
      name: 'anim.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    });
    await info.getByRole('button', { name: 'Save' }).click();
    await info.getByText('The photo field must be a file of type: jpg, jpeg, png.').waitFor();

    await page.setInputFiles('#photo', await jpegPhoto());
    await info.getByRole('img', { name: 'New photo preview' }).waitFor();
    await info.getByRole('button', { name: 'Save' }).click();
    const photo = info.getByRole('img', { name: 'Tari Kusuma' });
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^\/storage\/profile-photos\/[\w-]+\.jpg$/);
    expect(await info.getByText('The photo field must be a file of type: jpg, jpeg, png.').count()).toBe(0);
    // The stored photo, once the browser has loaded it (the src changes before the image is in).
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    await screenshot(page, 'profile-photo');
    await info.getByRole('button', { name: 'Remove Photo' }).click();
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await info.getByRole('button', { name: 'Remove Photo' }).count()).toBe(0);

    // Password: a wrong current password is refused and the field emptied; then the change is saved.
    const passwords = page.getByRole('form', { name: 'Update Password' });
    await passwords.getByLabel('Current Password').fill('not-my-password');
    await passwords.getByLabel('New Password').fill('profile-journey-2');
    await passwords.getByLabel('Confirm Password').fill('profile-journey-2');
    await passwords.getByRole('button', { name: 'Save' }).click();
    await passwords.getByText('The provided password does not match your current password.').waitFor();
    expect(await passwords.getByLabel('Current Password').inputValue()).toBe('');
    await screenshot(page, 'profile-password-error', { fullPage: false });

    await passwords.getByLabel('Current Password').fill(password);
    await passwords.getByRole('button', { name: 'Save' }).click();
    await passwords.getByText('Saved.').waitFor();
    expect(await passwords.getByLabel('New Password').inputValue()).toBe('');

    // This browser stays signed in; the other one is sent to the login page on its next visit.
    await page.reload();
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor();
    expect(pathOf(page.url())).toBe('/user/profile');
    await expectSignedOut(elsewhere);

    // The old password no longer signs in; the new one does, back to the page it was sent away from.
    await logIn(elsewhere, email, password);
    await elsewhere.getByText('These credentials do not match our records.').waitFor();
    await logIn(elsewhere, email, 'profile-journey-2');
    await elsewhere.waitForURL('**/user/profile');
    await elsewhere.getByRole('button', { name: 'Account menu for Tari Kusuma' }).waitFor();
  });

  it('lists both browsers and logs the other one out after the password is confirmed', async () => {
    const email = `umar.${Date.now()}@example.com`;
    page = await signUp(browser, 'Umar Said', email, password);
    const elsewhere = await signInElsewhere(email);

    await page.goto('/user/profile');
    // Not verified yet: the profile says so and sends the link again.
    const info = page.getByRole('form', { name: 'Profile Information' });
    await info.getByText('Your email address is unverified.').waitFor();
    await info.getByRole('button', { name: 'Click here to re-send the verification email.' }).click();
    await info.getByText('A new verification link has been sent to your email address.').waitFor();

    const section = page.getByRole('region', { name: 'Browser Sessions' });
    const entries = section.getByRole('list', { name: 'Browser sessions' }).getByRole('listitem');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(2);
    // Newest first: which one that is depends on which browser's session was written last.
    const texts = (await entries.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim()).sort();
    expect(texts[0]).toMatch(
      /^Linux - Chrome( Headless)?127\.0\.0\.1, Last active (a few seconds|a minute|\d+ minutes) ago$/,
    );
    expect(texts[1]).toMatch(/^Linux - Chrome( Headless)?127\.0\.0\.1, This device$/);

    await section.getByRole('button', { name: 'Log Out Other Browser Sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Out Other Browser Sessions' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Log Out Other Browser Sessions' }).click();
    await dialog.getByText('The password is incorrect.').waitFor();
    await screenshot(page, 'profile-browser-sessions-modal-error', { fullPage: false });

    await dialog.getByLabel('Password').fill(password);
    await dialog.getByLabel('Password').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('Done.').waitFor();
    await expect.poll(() => entries.count()).toBe(1);
    await screenshot(page, 'profile-browser-sessions-done');

    await expectSignedOut(elsewhere);
    // This browser is still signed in.
    await page.reload();
    await section.getByText('This device').waitFor();
  });

  it('deletes the account after the password is confirmed, ends on the welcome page and cannot log in again', async () => {
    const email = `vina.${Date.now()}@example.com`;
    page = await signUp(browser, 'Vina Melati', email, password);
    await page.goto('/user/profile');

    const section = page.getByRole('region', { name: 'Delete Account' });
    await section.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByText('The password is incorrect.').waitFor();
    await screenshot(page, 'profile-delete-account-modal-error', { fullPage: false });

    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL((url) => pathOf(url.toString()) === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: /^Account menu for/ }).count()).toBe(0);

    await logIn(page, email, password);
    await page.getByText('These credentials do not match our records.').waitFor();
    expect(pathOf(page.url())).toBe('/login');
  });
});
