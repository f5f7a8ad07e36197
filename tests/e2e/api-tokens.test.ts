import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { baseUrl, browserForFile, screenshot } from './support/browser';
import { signUpVerified } from './support/accounts';

const tokenShape = /^kawan_[0-9A-Za-z]{46}$/;

const browser = browserForFile({ permissions: ['clipboard-read', 'clipboard-write'] });
let apiClient: APIRequestContext;
let page: Page;

beforeAll(async () => {
  // An API client of its own: no cookies, nothing shared with the browser.
  apiClient = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Accept: 'application/json' } });
});

afterAll(async () => {
  await apiClient?.dispose();
});

const password = 'token-journey-1';

const callApi = (path: string, token: string) => apiClient.get(path, { headers: { Authorization: `Bearer ${token}` } });

describe('API tokens', () => {
  it('creates a token, shows it once, calls the API with it, narrows it and deletes it', async () => {
    const email = `wulan.${Date.now()}@example.com`;
    page = await signUpVerified(browser, 'Wulan Sari', email, password);

    // From the account menu (here on the profile page) to the API token page.
    await page.goto('/user/profile');
    await page.getByRole('button', { name: 'Account menu for Wulan Sari' }).click();
    await page.getByRole('link', { name: 'API Tokens' }).click();
    await page.waitForURL('**/user/api-tokens');
    await page.getByRole('heading', { name: 'API Tokens', level: 2 }).waitFor();
    expect(await page.title()).toBe('API Tokens - Kawan');

    const form = page.getByRole('form', { name: 'Create API Token' });
    expect(await form.getByRole('checkbox', { name: 'read' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'update' }).isChecked()).toBe(false);
    await screenshot(page, 'api-tokens');

    // A name is required.
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('The name field is required.').waitFor();
    expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    // Create "CI" with read + update, expiring in 90 days.
    await form.getByLabel('Name').fill('CI');
    await form.getByRole('checkbox', { name: 'update' }).check();
    await form.getByLabel('Expiration').selectOption({ label: '90 days' });
    await form.getByRole('button', { name: 'Create' }).click();

    const modal = page.getByRole('dialog', { name: 'API Token' });
    await modal.waitFor();
    await modal.getByText("Please copy your new API token. For your security, it won't be shown again.").waitFor();
    const token = await modal.getByLabel('New API token').inputValue();
    expect(token).toMatch(tokenShape);
    await form.getByText('Created.').waitFor({ state: 'attached' });

    // Copy: to the clipboard when the browser allows it…
    await modal.getByRole('button', { name: 'Copy' }).click();
    await modal.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await screenshot(page, 'api-tokens-new-token', { fullPage: false });

    // …and, when it does not, by selecting the token for Ctrl+C.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await modal.getByRole('button', { name: 'Copy' }).click();
    await modal.getByText('The token is selected: press Ctrl+C (⌘C on a Mac) to copy it.').waitFor();
    const selection = await modal
      .getByLabel('New API token')
      .evaluate((input: HTMLInputElement) => [
        input.selectionStart,
        input.selectionEnd,
        document.activeElement === input,
      ]);
    expect(selection).toEqual([0, token.length, true]);

    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Name').inputValue()).toBe('');

    // The API answers with the token's user.
    const user = await callApi('/api/user', token);
    expect(user.status()).toBe(200);
    expect(await user.json()).toMatchObject({ name: 'Wulan Sari', email });
    const team = await callApi('/api/team', token);
    expect(await team.json()).toMatchObject({ name: "Wulan's Team", role: 'owner', personal_team: true });

    // The list: never the token again; last used as a relative time; the expiry date.
    await page.reload();
    const list = page.getByRole('list', { name: 'API tokens' });
    const row = list.getByRole('listitem', { name: 'CI' });
    await row.getByText(/^Last used (a few seconds|a minute) ago$/).waitFor();
    await row.getByText(/read, update/).waitFor();
    await row.getByText(/^Expires \w+ \d+, \d{4}$/).waitFor();
    expect(await page.content()).not.toContain(token);
    await screenshot(page, 'api-tokens-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'api-tokens-list-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Only `delete` left: reading the user is refused, naming the ability.
    await row.getByRole('button', { name: 'Permissions of CI' }).click();
    const permissions = page.getByRole('dialog', { name: 'API Token Permissions' });
    await permissions.waitFor();
    expect(await permissions.getByRole('checkbox', { name: 'update' }).isChecked()).toBe(true);
    await permissions.getByRole('checkbox', { name: 'read' }).uncheck();
    await permissions.getByRole('checkbox', { name: 'update' }).uncheck();
    await permissions.getByRole('checkbox', { name: 'delete' }).check();
    await screenshot(page, 'api-tokens-permissions', { fullPage: false });
    await permissions.getByRole('button', { name: 'Save' }).click();
    await permissions.waitFor({ state: 'detached' });
    await row.getByText(/· delete ·/).waitFor();
    const refused = await callApi('/api/user', token);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This token does not have the read ability.' });

    // Deleted: the same request is now unauthenticated.
    await row.getByRole('button', { name: 'Delete CI' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete API Token' });
    await confirm.getByText('Are you sure you would like to delete this API token?').waitFor();
    await screenshot(page, 'api-tokens-delete', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await list.waitFor({ state: 'detached' });
    const gone = await callApi('/api/user', token);
    expect(gone.status()).toBe(401);
    expect(await gone.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
