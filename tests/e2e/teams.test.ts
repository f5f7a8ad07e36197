import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, pathOf, screenshot } from './support/browser';
import { clickMailButton, completeRegistration, openMail, signUpVerified, verifyEmail } from './support/accounts';

/** Two Chromiums: the team's owner and the person they invite. */
const ownerBrowser = browserForFile();
const inviteeBrowser = browserForFile();
let owner: Page;
let invitee: Page;

const password = 'teams-journey-1';

const teamMenu = (page: Page) => page.getByRole('button', { name: /^Manage team / });

/** Opens the team menu: "Team Settings" for those who manage the team, "Team Members" for the others. */
async function openTeamMenu(page: Page) {
  await teamMenu(page).click();
  await page.getByRole('link', { name: /^Team (Settings|Members)$/ }).waitFor();
}

describe('teams', () => {
  it('creates a team, invites by e-mail, accepts from the bell after registering, switches, changes the role and removes the member', async () => {
    const stamp = Date.now();
    const ownerEmail = `wulan.${stamp}@example.com`;
    const inviteeEmail = `yusuf.${stamp}@example.com`;

    // The owner signs up, verifies the address and creates "Acme Kawan" from the team menu.
    owner = await signUpVerified(ownerBrowser, 'Wulan Sari', ownerEmail, password);
    expect(await teamMenu(owner).textContent()).toContain("Wulan's Team");
    await openTeamMenu(owner);
    await owner.getByRole('link', { name: 'Create New Team' }).click();
    await owner.waitForURL('**/teams/create');
    await owner.getByRole('heading', { name: 'Create Team', level: 2 }).waitFor();
    await owner.getByRole('button', { name: 'Create' }).click();
    await owner.getByText('The name field is required.').waitFor();
    await screenshot(owner, 'teams-create-error');
    await owner.getByLabel('Team Name').fill('Acme Kawan');
    await owner.getByRole('button', { name: 'Create' }).click();
    await owner.waitForURL('**/dashboard');
    await expect.poll(() => teamMenu(owner).textContent()).toContain('Acme Kawan');

    // Team settings: invite an address that has no account yet, as an editor.
    await openTeamMenu(owner);
    await owner.getByRole('link', { name: 'Team Settings', exact: true }).click();
    await owner.getByRole('heading', { name: 'Team Settings', level: 2 }).waitFor();
    const teamPath = pathOf(owner.url());
    expect(teamPath).toMatch(/^\/teams\/\d+$/);
    const invite = owner.getByRole('form', { name: 'Add Team Member' });
    const roles = invite.getByRole('radiogroup', { name: 'Role' });
    expect(await roles.getByRole('radio').count()).toBe(4);
    await invite.getByText('Handles conversations: takes over from bots, replies and resolves.').waitFor();
    await invite.getByLabel('Email').fill(inviteeEmail);
    await invite.getByRole('button', { name: 'Add' }).click();
    await invite.getByText('The role field is required.').waitFor();
    await roles.getByRole('radio', { name: 'Editor' }).click();
    expect(await roles.getByRole('radio', { name: 'Editor' }).getAttribute('aria-checked')).toBe('true');
    await invite.getByRole('button', { name: 'Add' }).click();
    await invite.getByText('Added.').waitFor();
    const pending = owner.getByRole('list', { name: 'Pending team invitations' });
    await pending.getByText(inviteeEmail).waitFor();
    expect(await invite.getByLabel('Email').inputValue()).toBe('');
    await screenshot(owner, 'teams-show-owner');

    // Inviting the same address again is refused beside the field.
    await invite.getByLabel('Email').fill(inviteeEmail.toUpperCase());
    await roles.getByRole('radio', { name: 'Viewer' }).click();
    await invite.getByRole('button', { name: 'Add' }).click();
    await invite.getByText('This user has already been invited to the team.').waitFor();

    // The invitee reads the invitation, registers with that address and verifies it.
    invitee = await inviteeBrowser.newPage();
    await openMail(invitee, inviteeEmail, 'Team Invitation');
    const mail = invitee.frameLocator('iframe[title="Message body"]');
    await mail.getByText('You have been invited to join the Acme Kawan team!').waitFor();
    await mail.getByText('If you do not have an account, you may create one').waitFor();
    await screenshot(invitee, 'teams-invitation-mail');
    await clickMailButton(invitee, 'Create Account');
    await invitee.waitForURL((url) => pathOf(url.toString()) === '/register');
    await completeRegistration(invitee, 'Yusuf Hakim', inviteeEmail, password);
    await verifyEmail(invitee, inviteeEmail);

    // The invitation now waits in the bell; accepting it there joins Acme Kawan and switches to it.
    await invitee.getByRole('button', { name: 'Notifications, 1 unread' }).first().click();
    const bell = invitee.getByRole('region', { name: 'Notifications' });
    await bell.getByText('You have been invited to join the Acme Kawan team as Editor.').waitFor();
    await screenshot(invitee, 'teams-invitation-bell', { fullPage: false });
    await bell.getByRole('link', { name: 'Accept invitation' }).click();
    await invitee.waitForURL((url) => pathOf(url.toString()) === '/dashboard');
    await invitee.getByText('Great! You have accepted the invitation to join the Acme Kawan team.').waitFor();
    await expect.poll(() => teamMenu(invitee).textContent()).toContain('Acme Kawan');
    const role = invitee.getByTestId('dashboard-role');
    await role.getByText('You are working in Acme Kawan.').waitFor();
    await role.getByText('Editor', { exact: true }).waitFor();
    await screenshot(invitee, 'teams-invitation-accepted', { fullPage: false });

    // The switcher lists both teams, Acme Kawan checked; switching moves the check mark.
    await openTeamMenu(invitee);
    const switchList = invitee.getByRole('list', { name: 'Switch Teams' });
    expect(await switchList.getByRole('button').allTextContents()).toEqual(['Acme Kawan', "Yusuf's Team"]);
    expect(await switchList.getByRole('button', { name: 'Acme Kawan' }).getAttribute('aria-current')).toBe('true');
    await screenshot(invitee, 'teams-switcher', { fullPage: false });
    await switchList.getByRole('button', { name: "Yusuf's Team" }).click();
    await invitee.waitForURL('**/dashboard');
    await expect.poll(() => teamMenu(invitee).textContent()).toContain("Yusuf's Team");
    await openTeamMenu(invitee);
    const switchAgain = invitee.getByRole('list', { name: 'Switch Teams' });
    expect(await switchAgain.getByRole('button', { name: "Yusuf's Team" }).getAttribute('aria-current')).toBe('true');
    await switchAgain.getByRole('button', { name: 'Acme Kawan' }).click();
    await invitee.waitForURL('**/dashboard');
    await expect.poll(() => teamMenu(invitee).textContent()).toContain('Acme Kawan');
    // The same choices in the mobile menu; an editor does not manage the team, so it is "Team Members".
    await invitee.setViewportSize({ width: 390, height: 844 });
    await invitee.getByRole('button', { name: 'Open main menu' }).click();
    const mobileMenu = invitee.locator('#responsive-menu');
    await mobileMenu.getByRole('button', { name: "Yusuf's Team" }).waitFor();
    expect(await mobileMenu.getByRole('link', { name: 'Team Settings', exact: true }).count()).toBe(0);
    await screenshot(invitee, 'teams-responsive-menu');
    await mobileMenu.getByRole('link', { name: 'Team Members', exact: true }).click();
    await invitee.waitForURL(`**${teamPath}`);
    await invitee.setViewportSize({ width: 1280, height: 800 });
    // As an editor: the name is read-only, nobody to invite, only Leave on their own row.
    expect(await invitee.getByRole('textbox', { name: 'Team Name' }).isDisabled()).toBe(true);
    expect(await invitee.getByRole('form', { name: 'Add Team Member' }).count()).toBe(0);
    const inviteeRow = invitee.getByRole('listitem', { name: 'Yusuf Hakim' });
    await inviteeRow.getByText('Editor').waitFor();
    expect(await inviteeRow.getByRole('button', { name: 'Leave' }).count()).toBe(1);
    await screenshot(invitee, 'teams-show-editor');

    // The owner changes the member's role to Viewer in the Manage Role modal.
    await owner.reload();
    const memberRow = owner.getByRole('listitem', { name: 'Yusuf Hakim' });
    await memberRow.getByRole('button', { name: /^Manage the role of Yusuf Hakim/ }).click();
    const dialog = owner.getByRole('dialog', { name: 'Manage Role' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'Editor' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('radio', { name: 'Viewer' }).click();
    await screenshot(owner, 'teams-manage-role', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await memberRow.getByRole('button', { name: 'Manage the role of Yusuf Hakim: Viewer' }).waitFor();
    await invitee.reload();
    await invitee.getByRole('listitem', { name: 'Yusuf Hakim' }).getByText('Viewer').waitFor();

    // The owner removes the member; the member's current team falls back to their personal team.
    await memberRow.getByRole('button', { name: 'Remove Yusuf Hakim' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Remove Team Member' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'detached' });
    await owner.getByRole('list', { name: 'Team members' }).waitFor({ state: 'detached' });
    await screenshot(owner, 'teams-show-after-removal');

    await invitee.goto('/dashboard');
    await expect.poll(() => teamMenu(invitee).textContent()).toContain("Yusuf's Team");
    await openTeamMenu(invitee);
    expect(await invitee.getByRole('list', { name: 'Switch Teams' }).count()).toBe(0);
    const gone = await invitee.goto(teamPath);
    expect(gone?.status()).toBe(404);

    // Finally the owner deletes the team: password first, then one more confirmation.
    await owner.getByRole('region', { name: 'Delete Team' }).getByRole('button', { name: 'Delete Team' }).click();
    const passwordDialog = owner.getByRole('dialog', { name: 'Confirm Password' });
    await passwordDialog.getByLabel('Password').fill(password);
    await passwordDialog.getByRole('button', { name: 'Confirm' }).click();
    const deleteDialog = owner.getByRole('alertdialog', { name: 'Delete Team' });
    await deleteDialog.getByText('Are you sure you want to delete Acme Kawan?').waitFor();
    await screenshot(owner, 'teams-delete-confirm', { fullPage: false });
    await deleteDialog.getByRole('button', { name: 'Delete Team' }).click();
    await owner.waitForURL('**/dashboard');
    await expect.poll(() => teamMenu(owner).textContent()).toContain("Wulan's Team");
  });
});
