import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { DIRECTORY_UNAVAILABLE_MESSAGE, loginMessages } from '@hasp/contracts';
import { directoryServiceAccount } from '../../apps/server/test/support/slapd';
import { startE2eDirectory, type E2eDirectory } from '../support/directory';
import { demo, loginScreen } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, saveScreenshot } from '../support/quality';

// An Active Directory user signs in through the real login screen against a real directory (slapd).
// One after another: the last test stops the directory the others use.
test.describe.configure({ mode: 'serial' });

let directory: E2eDirectory;
test.beforeAll(async () => {
  directory = await startE2eDirectory();
});
test.afterAll(async () => {
  await directory?.restore();
});

async function signInAs(page: Page, userName: string, password: string) {
  const screen = loginScreen(page);
  await page.goto('/login');
  await expect(screen.submit).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await screen.username.fill(userName);
  await screen.password.fill(password);
  await screen.submit.click();
}

test('an Active Directory user signs in with the directory password', async ({ page }) => {
  const { user } = directory;
  await signInAs(page, user.userName, demo.password);
  // The demo password (the user's old local one) is not the directory's.
  await expect(page.getByRole('alert')).toHaveText(loginMessages.invalidCredentials);
  await signInAs(page, user.userName, user.directoryPassword);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByText(user.displayName)).toBeVisible();
});

test('the Settings Table shows the service password only as set, and replaces it through a password field', async ({
  page,
  signIn,
}, testInfo) => {
  await signIn();
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings Table' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const row = page.locator('tbody tr').filter({ hasText: 'ldap.bindPassword' });
  await expect(row.locator('strong')).toHaveText('Set');
  await expect(page.getByText(directoryServiceAccount.password)).toHaveCount(0);
  await row.getByRole('button', { name: 'Edit ldap.bindPassword' }).click();
  const field = page.getByLabel('New value of ldap.bindPassword');
  await expect(field).toHaveAttribute('type', 'password');
  await expect(field).toHaveValue('');
  await saveScreenshot(page, testInfo, 'settings-table-secret');
  await expectNoSeriousViolations(page);
  await field.fill(directoryServiceAccount.password);
  await page.getByRole('button', { name: 'Save ldap.bindPassword' }).click();
  await expect(page.getByText('ldap.bindPassword was saved.')).toBeVisible();
  await expect(row.locator('strong')).toHaveText('Set');
  // Still the right password: the directory user signs in.
  await page.context().clearCookies();
  await signInAs(page, directory.user.userName, directory.user.directoryPassword);
  await expect(page).not.toHaveURL(/\/login/);
});

test('a stopped directory gets a clear message, and the old local password does not work', async ({
  page,
}, testInfo) => {
  await directory.slapd.stop();
  const { user } = directory;
  for (const password of [user.directoryPassword, demo.password]) {
    await signInAs(page, user.userName, password);
    await expect(page.getByRole('alert')).toHaveText(DIRECTORY_UNAVAILABLE_MESSAGE);
    await expect(page).toHaveURL(/\/login/);
  }
  await saveScreenshot(page, testInfo, 'directory-unavailable');
  await expectNoSeriousViolations(page);
});
