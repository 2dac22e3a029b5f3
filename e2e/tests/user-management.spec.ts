import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { createTestUser } from '../support/profile-users';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone, shell } from '../support/shell';

// The page's requests go straight to the API; the service worker plays no part here.
test.use({ serviceWorkers: 'block' });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const header = 'userName,displayName,email,groups,facilities,isActiveDirectoryUser';

async function openUserManagement(page: Page) {
  await page.goto('/admin/user-management');
  const main = shell(page).main;
  await expect(main.getByRole('heading', { level: 1, name: 'NEW User Management' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  return main;
}

const groupsOf = (userNames: string[]) =>
  withDatabase(async (client) => {
    const result = await client.query<{ user_name: string; name: string }>(
      `select u.user_name, g.name from users u
       join user_groups ug on ug.user_id = u.id join groups g on g.id = ug.group_id and g.facility_id = 1
       where u.user_name = any($1) order by u.user_name, g.name`,
      [userNames],
    );
    return result.rows.map((r) => `${r.user_name}:${r.name}`);
  });
const existingUsers = (userNames: string[]) =>
  withDatabase(async (client) =>
    (
      await client.query<{ user_name: string }>('select user_name from users where user_name = any($1) order by 1', [
        userNames,
      ])
    ).rows.map((r) => r.user_name),
  );

test.describe('NEW User Management', () => {
  test('bulk-adds a group to two users, then imports a CSV: a bad row is reported and nothing written, fixed it imports', async ({
    page,
    signIn,
  }, testInfo) => {
    const prefix = `umgmt${unique()}`;
    const first = await createTestUser(prefix);
    const second = await createTestUser(prefix);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn();
    const main = await openUserManagement(page);

    // The grid: the two users, their facility and their group here.
    await main.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    const rows = main.locator('tbody tr[data-user-name]');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('North Plant');
    await expect(rows.first()).toContainText('Authorized Workers');

    // Bulk: select the page, choose a group, confirm naming the count.
    await main.getByRole('checkbox', { name: 'Select every user on this page' }).check();
    const bar = main.getByRole('region', { name: 'Bulk actions for the selected users' });
    await expect(bar.getByText('Selected: 2')).toBeVisible();
    await bar.getByRole('combobox', { name: 'Group' }).selectOption({ label: 'Supervisors' });
    await bar.getByRole('button', { name: 'Add to group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add 2 users to Supervisors?' });
    await dialog.getByRole('button', { name: 'Add to group' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows.filter({ hasText: 'Supervisors' })).toHaveCount(2);
    expect(await groupsOf([first.userName, second.userName])).toEqual([
      `${first.userName}:Authorized Workers`,
      `${first.userName}:Supervisors`,
      `${second.userName}:Authorized Workers`,
      `${second.userName}:Supervisors`,
    ]);
    await saveScreenshot(page, testInfo, 'user-management-1280');
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page, 1280);

    // CSV import: one bad row (an unknown group) is reported at its row and column; nothing is written.
    const newUsers = [`${prefix}-csv1`, `${prefix}-csv2`];
    const csv = (group: string) =>
      [
        header,
        `${newUsers[0]},Casey Csv One,${newUsers[0]}@hasp.example,Supervisors,,false`,
        `${newUsers[1]},Casey Csv Two,,${group},North Plant,false`,
      ].join('\n');
    const paste = main.getByRole('textbox', { name: 'Or paste the CSV text' });
    await paste.fill(csv('Wizards'));
    await main.getByRole('button', { name: 'Preview' }).click();
    const report = main.getByTestId('import-report');
    await expect(report).toBeVisible();
    await expect(report.getByRole('row').filter({ hasText: 'Wizards' })).toContainText(/3\s*groups\s*Wizards/);
    await expect(main.getByRole('alert').filter({ hasText: 'Nothing was imported' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    expect(await existingUsers(newUsers)).toEqual([]);
    await report.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'user-management-report-1280');
    await expectNoSeriousViolations(page);

    // Fixed, and chosen as a file this time: the preview lists both rows, then the import writes them.
    await main.locator('input[type="file"]').setInputFiles({
      name: 'users.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv('Authorized Workers')),
    });
    await expect(paste).toHaveValue(csv('Authorized Workers'));
    await main.getByRole('button', { name: 'Preview' }).click();
    const preview = main.getByTestId('import-preview');
    await expect(preview.getByRole('row').filter({ hasText: 'New user' })).toHaveCount(2);
    await main.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(main.getByText('Imported: 2 new users and 0 updates.')).toBeVisible();
    await expect(main.getByText(/New users have no password yet/)).toBeVisible();
    expect(await existingUsers(newUsers)).toEqual(newUsers);

    // Narrow screens: the grid's rows become cards; nothing scrolls sideways.
    await narrowToPhone(page);
    await main.getByRole('searchbox', { name: 'Search' }).fill(prefix);
    await expect(rows).toHaveCount(4);
    await expectNoSidewaysScroll(page, 390);
    await saveScreenshot(page, testInfo, 'user-management-390');
    await expectNoSeriousViolations(page);
  });
});
