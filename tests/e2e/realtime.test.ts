import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, pathOf, screenshot } from './support/browser';
import { signUpVerified } from './support/accounts';

/**
 * Two Chromiums on the production build, connected through Echo to the realtime server the e2e
 * server runs in its own process: an invitation arrives live in the invitee's bell, the owner's
 * team page reloads its members when the invitee joins, and both see each other online.
 */
const ownerBrowser = browserForFile();
const inviteeBrowser = browserForFile();
let owner: Page;
let invitee: Page;

const password = 'realtime-journey-1';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const onlineNow = (page: Page) => page.getByRole('list', { name: 'Online now' });

/** Opens the settings of the current team from the team menu (an Inertia visit). */
async function openTeamSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Manage team / }).click();
  await page.getByRole('link', { name: 'Team Settings', exact: true }).click();
  await page.getByRole('heading', { name: 'Team Settings', level: 2 }).waitFor();
}

/** Adds an address to the open team page as an editor. */
async function inviteEditor(page: Page, email: string): Promise<void> {
  const invite = page.getByRole('form', { name: 'Add Team Member' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('radiogroup', { name: 'Role' }).getByRole('radio', { name: 'Editor' }).click();
  await invite.getByRole('button', { name: 'Add' }).click();
  await invite.getByText('Added.').waitFor();
}

describe('realtime', () => {
  it('delivers an invitation live to the bell, reloads the team page and shows who is online', async () => {
    const stamp = Date.now();
    const ownerEmail = `ayu.${stamp}@example.com`;
    const inviteeEmail = `budi.${stamp}@example.com`;

    owner = await signUpVerified(ownerBrowser, 'Ayu Lestari', ownerEmail, password);
    invitee = await signUpVerified(inviteeBrowser, 'Budi Santoso', inviteeEmail, password);

    // The invitee waits on the dashboard with an empty bell; the page will not be reloaded.
    await invitee.goto('/dashboard');
    expect(await bell(invitee).getAttribute('aria-label')).toBe('Notifications');
    await bell(invitee).click();
    await invitee.getByText('You have no notifications yet.').waitFor();
    await bell(invitee).click();
    const visitsBefore = await invitee.evaluate(() => performance.getEntriesByType('navigation').length);

    // The owner opens the settings of her personal team: she alone is online there.
    await openTeamSettings(owner);
    const teamPath = pathOf(owner.url());
    expect(teamPath).toMatch(/^\/teams\/\d+$/);
    await onlineNow(owner).getByText('Ayu Lestari').waitFor();

    // She invites the invitee's address as an editor.
    await inviteEditor(owner, inviteeEmail);

    // The invitation arrives in the invitee's bell without a reload.
    await expect
      .poll(() => bell(invitee).getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notifications, 1 unread');
    expect(await bell(invitee).getByTestId('notifications-unread-count').textContent()).toBe('1');
    await bell(invitee).click();
    const list = invitee.getByRole('list', { name: 'Notifications' });
    await list.getByText("Ayu Lestari invited you to join the Ayu's Team team as Editor.").waitFor();
    await list.getByText(/seconds? ago|a minute ago/).waitFor();
    expect(await invitee.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(visitsBefore);
    await screenshot(invitee, 'realtime-bell-invitation', { fullPage: false });

    // Accepting from the bell: the invitation is read, and the owner's team page lists the new
    // member without a reload of her own.
    await list.getByRole('link', { name: 'Accept invitation' }).click();
    await invitee.waitForURL((url) => pathOf(url.toString()) === '/dashboard');
    await invitee.getByText("Great! You have accepted the invitation to join the Ayu's Team team.").waitFor();
    expect(await bell(invitee).getAttribute('aria-label')).toBe('Notifications');
    await owner.getByRole('list', { name: 'Team members' }).getByText('Budi Santoso').waitFor({ timeout: 10_000 });
    await expect
      .poll(() => bell(owner).getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notifications, 1 unread');

    // The invitee opens the same team page: each sees the other online.
    await invitee.goto(teamPath);
    await invitee.getByRole('heading', { name: 'Team Settings', level: 2 }).waitFor();
    await onlineNow(invitee).getByText('Ayu Lestari').waitFor();
    await onlineNow(invitee).getByText('Budi Santoso').waitFor();
    await onlineNow(owner).getByText('Budi Santoso').waitFor();
    await screenshot(owner, 'realtime-team-online');

    // The owner marks her notification read from the bell.
    await bell(owner).click();
    await owner
      .getByRole('list', { name: 'Notifications' })
      .getByText("Budi Santoso joined the Ayu's Team team.")
      .waitFor();
    await owner.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => bell(owner).getAttribute('aria-label')).toBe('Notifications');
    await owner.keyboard.press('Escape');

    // Elsewhere in Kawan the invitee stays online: every signed-in page of a member who sees
    // conversations holds the team's presence channel. Once the invitee closes Kawan, the owner's
    // list loses them.
    await invitee.goto('/dashboard');
    await invitee.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    await onlineNow(owner).getByText('Budi Santoso').waitFor();
    await invitee.goto('about:blank');
    await expect.poll(() => onlineNow(owner).getByText('Budi Santoso').count(), { timeout: 10_000 }).toBe(0);
    expect(await onlineNow(owner).getByText('Ayu Lestari').count()).toBe(1);
  });

  it('is live after an in-page login: the signed-in tab authorizes its channels with the session’s new token', async () => {
    const stamp = Date.now();
    const ownerEmail = `sari.${stamp}@example.com`;
    const memberEmail = `dewi.${stamp}@example.com`;
    owner = await signUpVerified(ownerBrowser, 'Sari Wulandari', ownerEmail, password);
    await signUpVerified(inviteeBrowser, 'Dewi Kartika', memberEmail, password);
    await inviteeBrowser.reset();

    // A guest tab logs in through the form. The login rotates the session's CSRF token; the
    // document stays the guest's (no reload from here on, the marker tells).
    const member = await inviteeBrowser.newPage();
    await member.goto('/login');
    await member.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await member.getByLabel('Email').fill(memberEmail);
    await member.getByLabel('Password').fill(password);
    await member.getByRole('button', { name: 'Log in' }).click();
    await member.waitForURL((url) => pathOf(url.toString()) === '/dashboard');
    const sameDocument = () => member.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);
    expect(await sameDocument()).toBe(true);

    // The meta tag follows the session's new token.
    const tokens = await member.evaluate(() => ({
      meta: document.querySelector('meta[name="csrf-token"]')?.getAttribute('content'),
      cookie: decodeURIComponent(
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '',
      ),
    }));
    expect(tokens.cookie).not.toBe('');
    expect(tokens.meta).toBe(tokens.cookie);

    // Presence: her own team page shows her online (not "Connecting…").
    await openTeamSettings(member);
    await onlineNow(member).getByText('Dewi Kartika').waitFor();

    // The owner invites her: the notification arrives in her bell live.
    expect(await bell(member).getAttribute('aria-label')).toBe('Notifications');
    await openTeamSettings(owner);
    await inviteEditor(owner, memberEmail);
    await expect
      .poll(() => bell(member).getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notifications, 1 unread');
    await bell(member).click();
    await member
      .getByRole('list', { name: 'Notifications' })
      .getByText("Sari Wulandari invited you to join the Sari's Team team as Editor.")
      .waitFor();
    expect(await sameDocument()).toBe(true);
  });
});
