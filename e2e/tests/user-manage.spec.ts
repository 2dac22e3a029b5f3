import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, loginScreen } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { createTestUser } from '../support/profile-users';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { expectSignedIn, shell } from '../support/shell';

// The page's requests go straight to the API; the service worker plays no part here.
test.use({ serviceWorkers: 'block' });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function userManage(page: Page) {
  const main = shell(page).main;
  return {
    heading: main.getByRole('heading', { level: 1, name: 'User Manage' }),
    search: main.getByRole('searchbox', { name: 'Search' }),
    status: main.getByRole('combobox', { name: 'Status' }),
    create: main.getByRole('button', { name: 'New user' }),
    user: (displayName: string) =>
      main.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: displayName }) }),
  };
}

async function openUserManage(page: Page, search?: string) {
  await page.goto('/security/user-manage');
  const screen = userManage(page);
  await expect(screen.heading).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  if (search) await screen.search.fill(search);
  return screen;
}

/** Sets a connection-wide setting in the e2e database and returns a function that puts the old value back. */
async function setConnectionSetting(key: string, value: number): Promise<() => Promise<void>> {
  const previous = await withDatabase(async (client) => {
    const found = await client.query<{ value: unknown }>(
      'select value from app_settings where key = $1 and facility_id is null',
      [key],
    );
    await client.query(
      `insert into app_settings (key, facility_id, value) values ($1, null, $2)
       on conflict (key, facility_id) do update set value = excluded.value`,
      [key, JSON.stringify(value)],
    );
    return found.rows[0];
  });
  return () =>
    withDatabase(async (client) => {
      if (previous)
        await client.query('update app_settings set value = $2 where key = $1 and facility_id is null', [
          key,
          JSON.stringify(previous.value),
        ]);
      else await client.query('delete from app_settings where key = $1 and facility_id is null', [key]);
    });
}

test.describe('user manage', () => {
  test('an administrator creates a user with a group and resets the password; the user must change it, then works', async ({
    page,
    browser,
    signIn,
  }, testInfo) => {
    const suffix = unique();
    const userName = `newhire-${suffix}`;
    const displayName = `Nia Newhire ${suffix}`;
    await signIn();
    // Other specs add users of their own (the list shows the first page): the demo worker by search.
    const screen = await openUserManage(page, demo.worker.displayName);
    await expect(screen.user(demo.worker.displayName)).toBeVisible();
    await saveScreenshot(page, testInfo, 'user-manage-1280');
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page, 1280);

    // Create: a problem is named at its field and what was typed stays.
    await screen.create.click();
    const drawer = page.getByRole('dialog', { name: 'New user' });
    await drawer.getByRole('textbox', { name: /^User name/ }).fill(demo.worker.userName);
    await drawer.getByRole('textbox', { name: /^Name/ }).fill(displayName);
    await drawer.getByRole('checkbox', { name: 'Authorized Workers' }).check();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('This user name is already taken')).toBeVisible();
    await expect(drawer.getByRole('textbox', { name: /^Name/ })).toHaveValue(displayName);
    await expect(drawer.getByRole('checkbox', { name: 'Authorized Workers' })).toBeChecked();
    await saveScreenshot(page, testInfo, 'user-manage-form-1280');
    await expectNoSeriousViolations(page);
    await drawer.getByRole('textbox', { name: /^User name/ }).fill(userName);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();

    await screen.search.fill(suffix);
    const row = screen.user(displayName);
    await expect(row).toBeVisible();
    await expect(shell(page).main.getByRole('listitem')).toHaveCount(1);
    await expect(row.getByText('Groups: Authorized Workers')).toBeVisible();
    await expect(row.getByText('No password yet')).toBeVisible();

    // Reset: the one-time password is shown once, with a copy button.
    await row.getByRole('button', { name: 'Reset password' }).click();
    const confirm = page.getByRole('dialog', { name: `Reset the password of ${displayName}?` });
    await confirm.getByRole('button', { name: 'Reset password' }).click();
    const shown = page.getByRole('dialog', { name: `One-time password for ${displayName}` });
    await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
    const oneTimePassword = (await shown.getByTestId('one-time-password').textContent())!.trim();
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(16);
    await saveScreenshot(page, testInfo, 'user-manage-one-time-password-1280');
    await expectNoSeriousViolations(page);
    await shown.getByRole('button', { name: 'Close' }).first().click();
    await expect(row.getByText('Must change password')).toBeVisible();

    // The new user signs in with it, in a browser of their own.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    try {
      const userPage = await context.newPage();
      await userPage.goto('/login');
      const login = loginScreen(userPage);
      await login.username.fill(userName);
      await login.password.fill(oneTimePassword);
      await login.submit.click();
      const heading = userPage.getByRole('heading', { level: 1, name: 'Change your password' });
      await expect(heading).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
      // Only the password change: no app around it, whatever the address.
      await expect(shell(userPage).userMenu).toHaveCount(0);
      await userPage.goto('/announcements');
      await expect(heading).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
      await saveScreenshot(userPage, testInfo, 'must-change-password-390');
      await expectNoSeriousViolations(userPage);
      await expectNoSidewaysScroll(userPage, 390);

      await userPage.getByLabel(/^One-time password/).fill(oneTimePassword);
      await userPage.getByLabel(/^New password/).fill('short');
      await userPage.getByLabel(/^Confirm the new password/).fill('short');
      await userPage.getByRole('button', { name: 'Change password' }).click();
      await expect(
        userPage.getByText('The new password is too short. Use 12 to 128 characters.', { exact: false }),
      ).toBeVisible();
      await userPage.getByLabel(/^New password/).fill('a-passphrase-of-my-own');
      await userPage.getByLabel(/^Confirm the new password/).fill('a-passphrase-of-my-own');
      await userPage.getByRole('button', { name: 'Change password' }).click();
      await expectSignedIn(userPage);
      await expect(heading).toBeHidden();
    } finally {
      await context.close();
    }
    await page.reload();
    await expect(userManage(page).heading).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  });

  test('an account locks after the configured failures and an administrator unlocks it', async ({
    page,
    signIn,
  }, testInfo) => {
    const user = await createTestUser('lockout');
    const restore = await setConnectionSetting('security.lockoutThreshold', 3);
    try {
      const attempt = (password: string) =>
        page.request.post('/api/login', {
          data: {
            connectionStringName: demo.connection,
            facilityId: demo.northPlant.ID,
            username: user.userName,
            password,
          },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('not-the-password')).status()).toBe(401);
      // Locked: even the right password answers like a wrong one.
      const locked = await attempt(demo.password);
      expect(locked.status()).toBe(401);
      expect((await locked.json()).message).toBe('Invalid user name or password');
    } finally {
      await restore();
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    const screen = await openUserManage(page, user.userName);
    await screen.status.selectOption('locked');
    const row = screen.user(user.displayName);
    await expect(row.getByText('Locked', { exact: true })).toBeVisible();
    await saveScreenshot(page, testInfo, 'user-manage-locked-390');
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page, 390);

    await row.getByRole('button', { name: 'Unlock' }).click();
    await expect(shell(page).main.getByText('No users match the search and filters.')).toBeVisible();
    const response = await page.request.post('/api/login', {
      data: {
        connectionStringName: demo.connection,
        facilityId: demo.northPlant.ID,
        username: user.userName,
        password: demo.password,
      },
    });
    expect(response.status()).toBe(200);
  });

  test('deactivating asks first, and the user can be reactivated', async ({ page, signIn }) => {
    const user = await createTestUser('leaver');
    await signIn();
    const screen = await openUserManage(page, user.userName);
    const row = screen.user(user.displayName);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${user.displayName}?` });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    const refused = await page.request.post('/api/login', {
      data: {
        connectionStringName: demo.connection,
        facilityId: demo.northPlant.ID,
        username: user.userName,
        password: demo.password,
      },
    });
    expect(refused.status()).toBe(401);
    await row.getByRole('button', { name: 'Reactivate' }).click();
    await page
      .getByRole('dialog', { name: `Reactivate ${user.displayName}?` })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
  });
});
