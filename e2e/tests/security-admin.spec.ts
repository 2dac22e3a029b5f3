import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { setSecuritySetting, shell } from '../support/shell';
import { signedInPage } from '../support/sign-in';

// The main journey: Group Manage, Security Lists and the module switches, as users see them.
// Every shared setting changed here is put back in a finally block; users and groups are our own.
test.use({ serviceWorkers: 'block' });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface SecurityUser {
  id: number;
  userName: string;
  displayName: string;
}

/** A user of North Plant with no group at all (the demo password: the admin's hash is copied). */
async function createSecurityUser(suffix: string): Promise<SecurityUser> {
  const userName = `sec-${suffix}`;
  const displayName = `Sol Security ${suffix}`;
  const id = await withDatabase(async (client) => {
    const inserted = await client.query<{ id: number }>(
      `insert into users (user_name, display_name, email, password_hash)
       select $1, $2, null, password_hash from users where user_name = 'admin'
       returning id`,
      [userName, displayName],
    );
    const userId = inserted.rows[0]!.id;
    await client.query('insert into user_facilities (user_id, facility_id) values ($1, $2)', [
      userId,
      demo.northPlant.ID,
    ]);
    return userId;
  });
  return { id, userName, displayName };
}

/** Removes the groups a test created (their grants go with them) and the test user's memberships. */
async function cleanUp(userId: number | null, groupNames: string[]): Promise<void> {
  await withDatabase(async (client) => {
    if (userId !== null) await client.query('delete from user_groups where user_id = $1', [userId]);
    await client.query(
      `delete from user_groups where group_id in (select id from groups where facility_id = $1 and name = any($2))`,
      [demo.northPlant.ID, groupNames],
    );
    await client.query('delete from groups where facility_id = $1 and name = any($2)', [
      demo.northPlant.ID,
      groupNames,
    ]);
  });
}

function groupManage(page: Page) {
  const main = shell(page).main;
  return {
    heading: main.getByRole('heading', { level: 1, name: 'Group Manage' }),
    create: main.getByRole('button', { name: 'New group' }),
    group: (name: string) => main.getByRole('button', { name: new RegExp(`^${name}`) }),
    detailHeading: (name: string) => main.getByRole('heading', { level: 2, name }),
    permissionsTab: main.getByRole('tab', { name: 'Permissions' }),
    membersTab: main.getByRole('tab', { name: 'Members' }),
    permission: (section: string, label: string) =>
      main.getByRole('group', { name: section }).getByRole('checkbox', { name: label, exact: true }),
    savePermissions: main.getByRole('button', { name: 'Save permissions' }),
  };
}

async function openGroupManage(page: Page) {
  await page.goto('/security/group-manage');
  const screen = groupManage(page);
  await expect(screen.heading).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  return screen;
}

async function openSecurityLists(page: Page) {
  await page.goto('/security/lists');
  await expect(shell(page).main.getByRole('heading', { level: 1, name: 'Security Lists' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  return {
    feature: (name: string) => shell(page).main.getByRole('switch', { name, exact: true }),
    save: shell(page).main.getByRole('button', { name: 'Save', exact: true }),
  };
}

/** Signs a user in, in a browser of their own, and opens the announcements. */
async function signInElsewhere(browser: Browser, userName: string) {
  const { page } = await signedInPage(browser, userName, { viewport: null });
  await page.goto('/announcements');
  await expect(shell(page).userMenu).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  return { page, close: () => page.context().close() };
}

test.describe('security administration', () => {
  // One after the other: the module switches turn Notifications off, and the first test needs its
  // stream open to see another session follow a security-list change live.
  test.describe.configure({ mode: 'serial' });
  // North Plant's Translations switch and module switches change for a while: no other test runs meanwhile.
  test.use({ changesFacilitySettings: true });

  test('an administrator creates a group, grants Translations and assigns a user; the user gets the entry; switching it off in the security lists hides it', async ({
    page,
    browser,
    signIn,
  }, testInfo) => {
    test.setTimeout(180_000);
    const suffix = unique();
    const groupName = `Translators ${suffix}`;
    let user: SecurityUser | null = null;
    let translationsBefore: boolean | null = null;
    let other: Awaited<ReturnType<typeof signInElsewhere>> | null = null;
    try {
      user = await createSecurityUser(suffix);
      await signIn();
      const screen = await openGroupManage(page);

      // The administrator's own group is read-only: nobody changes the permissions of a group they belong to.
      await screen.group('Administrators').click();
      await expect(screen.detailHeading('Administrators')).toBeVisible();
      await expect(
        page.getByText('You belong to this group, so you cannot change its permissions. Another administrator can.'),
      ).toBeVisible();
      await expect(screen.permission('Other entries', 'Translations')).toBeDisabled();
      await expect(screen.savePermissions).toHaveCount(0);

      // Create the group.
      await screen.create.click();
      const dialog = page.getByRole('dialog', { name: 'New group' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(groupName);
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Keep the captions right');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(screen.detailHeading(groupName)).toBeVisible();
      await expect(page).toHaveURL(/\?group=\d+$/);

      // Grant a right-nav permission, with its description as help text.
      const translations = screen.permission('Other entries', 'Translations');
      await expect(translations).not.toBeChecked();
      await expect(translations).toHaveAccessibleDescription('Change the words the app shows, in every language.');
      await translations.check();
      await expect(page.getByText('You have unsaved changes to the permissions.')).toBeVisible();
      await screen.savePermissions.click();
      await expect(page.getByText('You have unsaved changes to the permissions.')).toBeHidden();
      await expect(screen.savePermissions).toBeDisabled();
      await saveScreenshot(page, testInfo, 'group-manage-1280');
      await expectNoSeriousViolations(page);
      await expectNoSidewaysScroll(page, 1280);

      // Assign the user.
      await screen.membersTab.click();
      const picker = shell(page).main.getByRole('combobox', { name: 'Add a member' });
      await picker.fill(user.displayName);
      await page.getByRole('option', { name: new RegExp(user.displayName) }).click();
      await shell(page).main.getByRole('button', { name: 'Add', exact: true }).click();
      const members = shell(page).main.getByRole('list', { name: 'Members' });
      await expect(members.getByRole('listitem')).toHaveCount(1);
      await expect(members.getByText(user.displayName)).toBeVisible();
      await expect(screen.group(groupName)).toContainText('Members: 1');
      await saveScreenshot(page, testInfo, 'group-manage-members-1280');
      await expectNoSeriousViolations(page);

      // A group with members cannot be deleted: the dialog says why.
      await shell(page).main.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this group?' });
      await expect(confirm.getByText('Remove its members before deleting the group.')).toBeVisible();
      await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      // The user signs in and finds Translations enabled in the administration menu.
      other = await signInElsewhere(browser, user.userName);
      const theirs = shell(other.page);
      await theirs.administrationMenu.click();
      await expect(theirs.administration.getByRole('link', { name: 'Translations', exact: true })).not.toHaveAttribute(
        'aria-disabled',
      );
      await expect(theirs.administration.getByRole('link', { name: 'Group Manage', exact: true })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await other.page.keyboard.press('Escape');
      await expect(theirs.administration).toBeHidden();
      await expect(theirs.rightNav.getByRole('link', { name: 'Translations' })).toBeVisible();

      // The administrator switches Translations off for the facility in the security lists.
      translationsBefore = await withDatabase(async (client) => {
        const row = await client.query<{ enabled: boolean }>(
          `select enabled from facility_security_settings where facility_id = $1 and feature = 'translations'`,
          [demo.northPlant.ID],
        );
        return row.rows[0]?.enabled ?? false;
      });
      const lists = await openSecurityLists(page);
      await saveScreenshot(page, testInfo, 'security-lists-1280');
      await expectNoSeriousViolations(page);
      await expectNoSidewaysScroll(page, 1280);
      const feature = lists.feature('Translations');
      await expect(feature).toBeChecked();
      await expect(feature).toHaveAccessibleDescription('Change the words the app shows, in every language.');
      await expect(lists.feature('Security Lists')).toBeDisabled();
      await feature.uncheck({ force: true });
      await lists.save.click();
      await expect(page.getByText('You have unsaved changes.')).toBeHidden();
      // The administrator's own menu follows at once (the session context is reloaded after the save)…
      await expect(shell(page).rightNav.getByRole('link', { name: 'Translations' })).toHaveCount(0);
      // …and so does the other user's open page, told by the notification stream.
      await expect(theirs.rightNav.getByRole('link', { name: 'Translations' })).toHaveCount(0, { timeout: 20_000 });
      await theirs.administrationMenu.click();
      await expect(theirs.administration.getByRole('link', { name: 'Facility Settings' })).toBeVisible();
      await expect(theirs.administration.getByRole('link', { name: 'Translations' })).toHaveCount(0);
      await other.page.goto('/translations');
      await expect(theirs.main.getByText('This feature is switched off for this facility.')).toBeVisible();

      // Switched back on through the screen, the entry returns.
      await feature.check({ force: true });
      await lists.save.click();
      await expect(theirs.rightNav.getByRole('link', { name: 'Translations' })).toBeVisible({ timeout: 20_000 });
    } finally {
      await other?.close();
      if (translationsBefore !== null) await setSecuritySetting(demo.northPlant.ID, 'translations', translationsBefore);
      await cleanUp(user?.id ?? null, [groupName]);
    }
  });

  test('both screens hold at 390 px', async ({ page, signIn }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn();
    const screen = await openGroupManage(page);
    await screen.group('Supervisors').click();
    await expect(screen.detailHeading('Supervisors')).toBeVisible();
    await expect(screen.permission('Asset', 'Asset Manage')).toBeChecked();
    await expectNoSidewaysScroll(page, 390);
    await saveScreenshot(page, testInfo, 'group-manage-390');
    await expectNoSeriousViolations(page);

    await openSecurityLists(page);
    await expectNoSidewaysScroll(page, 390);
    await saveScreenshot(page, testInfo, 'security-lists-390');
    await expectNoSeriousViolations(page);
  });

  test('module switches change the top bar and where / leads', async ({ page, signIn }) => {
    const facilityId = demo.northPlant.ID;
    const before = await withDatabase(async (client) => {
      const row = await client.query<{ notifications: boolean; offline_mode: boolean; custom_dashboards: boolean }>(
        'select notifications, offline_mode, custom_dashboards from facility_settings where facility_id = $1',
        [facilityId],
      );
      return row.rows[0]!;
    });
    const setModules = (values: { notifications: boolean; offline_mode: boolean; custom_dashboards: boolean }) =>
      withDatabase((client) =>
        client.query(
          'update facility_settings set notifications = $2, offline_mode = $3, custom_dashboards = $4 where facility_id = $1',
          [facilityId, values.notifications, values.offline_mode, values.custom_dashboards],
        ),
      );
    const { topBar } = shell(page);
    const bell = topBar.getByRole('button', { name: /^Notifications/ });
    const offlineToggle = topBar.getByRole('button', { name: 'Go offline' });
    try {
      await setModules({ notifications: true, offline_mode: true, custom_dashboards: true });
      await signIn();
      await page.goto('/dashboards');
      await expect(page).toHaveURL('/dashboards', { timeout: FIRST_LOAD_TIMEOUT_MS });
      await expect(bell).toBeVisible();
      await expect(offlineToggle).toBeVisible();

      await setModules({ notifications: false, offline_mode: false, custom_dashboards: false });
      // Dashboards off: refused, back to / (the admin's worklists, on My work today).
      await page.goto('/dashboards');
      await expect(page).toHaveURL('/my-work', { timeout: FIRST_LOAD_TIMEOUT_MS });
      await expect(shell(page).userMenu).toBeVisible();
      await expect(bell).toHaveCount(0);
      await expect(offlineToggle).toHaveCount(0);
    } finally {
      await setModules(before);
    }
  });
});
