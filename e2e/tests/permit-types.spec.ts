import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone, shell } from '../support/shell';
import { signIn, signedInPage } from '../support/sign-in';

// The permit types journey: an administrator creates a permit type in a new group and the
// left sidebar follows; the offline create link shows only for a user granted "Create offline"
// (through Group Manage's API, as an administrator would) and only while the type works offline.
test.use({ serviceWorkers: 'block' });

const suffix = () =>
  Math.random()
    .toString(36)
    .slice(2, 7)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X');

function permitTypesScreen(page: Page) {
  const main = shell(page).main;
  return {
    heading: main.getByRole('heading', { level: 1, name: 'Permit types' }),
    newGroup: main.getByRole('button', { name: 'New group', exact: true }),
    group: (name: string) => main.getByRole('region', { name }),
    dialog: page.getByRole('dialog'),
  };
}

/** Adds a permission to a group of North Plant through Group Manage's API (the escalation rules apply). */
async function grantThroughGroupManage(request: APIRequestContext, group: string, permission: string) {
  const headers = { authorization: `Bearer ${await signIn(request, demo.admin.userName)}` };
  const groups = (await (await request.get('/api/security/groups', { headers })).json()) as {
    ID: number;
    name: string;
  }[];
  const id = groups.find((g) => g.name === group)!.ID;
  const current = (await (await request.get(`/api/security/groups/${id}/permissions`, { headers })).json()) as {
    permissions: string[];
  };
  const response = await request.put(`/api/security/groups/${id}/permissions`, {
    headers,
    data: { permissions: [...current.permissions, permission] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The supervisor's left sidebar in a fresh browser, with the new group opened. */
async function supervisorSidebar(browser: Browser, groupName: string) {
  const { page } = await signedInPage(browser, demo.supervisor, { viewport: null });
  const context = page.context();
  await page.goto('/announcements');
  const { sidebar } = shell(page);
  await sidebar.getByRole('button', { name: groupName }).click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  return { context, sidebar };
}

test('an administrator creates a permit type in a new group; the sidebar and the offline link follow', async ({
  page,
  signIn,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = suffix();
  const code = `E2E${id}`;
  const groupName = `Rope Access ${id}`;
  const typeName = `Rope Work ${id}`;
  try {
    await signIn();
    await page.setViewportSize({ width: 1280, height: 900 });
    // Reached from the Administrator page.
    await page.goto('/admin');
    await shell(page)
      .main.getByRole('link', { name: 'Permit types and groups' })
      .click({ timeout: FIRST_LOAD_TIMEOUT_MS });
    await expect(page).toHaveURL(/\/admin\/permit-types$/);
    const screen = permitTypesScreen(page);
    await expect(screen.heading).toBeVisible();
    await expect(screen.group('Isolation').getByText('LOTO Permit')).toBeVisible();
    await expect(screen.group('Work Permits').getByText('Confined Space Entry')).toBeVisible();

    // A new group, then a new type in it.
    await screen.newGroup.click();
    await expect(screen.dialog).toHaveAccessibleName('New permit group');
    await screen.dialog.getByRole('textbox', { name: 'Name' }).fill(groupName);
    await screen.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(screen.dialog).toBeHidden();
    const group = screen.group(groupName);
    await expect(group.getByText('No permit types in this group yet.')).toBeVisible();

    await group.getByRole('button', { name: `Add a permit type to ${groupName}` }).click();
    await expect(screen.dialog).toHaveAccessibleName('New permit type');
    const form = screen.dialog;
    await form.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
    await expect(form.getByRole('textbox', { name: 'Code' })).toHaveValue(code);
    await form.getByRole('textbox', { name: 'Name' }).fill(typeName);
    // The form names the field at fault before anything is sent.
    await form.getByRole('textbox', { name: 'Maximum validity (hours)' }).fill('0');
    await expect(form.getByRole('textbox', { name: 'Maximum extensions' })).toHaveValue('2');
    await form.getByRole('textbox', { name: 'Maximum extensions' }).fill('11');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Numbering prefix is required')).toBeVisible();
    await expect(form.getByText('Maximum validity: whole hours from 1 to 8760')).toBeVisible();
    await expect(form.getByText('Maximum extensions: a whole number from 0 to 10')).toBeVisible();
    await form.getByRole('textbox', { name: 'Numbering prefix' }).fill('RA-');
    await form.getByRole('textbox', { name: 'Maximum validity (hours)' }).fill('10');
    await form.getByRole('textbox', { name: 'Maximum extensions' }).fill('3');
    await form.getByRole('checkbox', { name: 'Gas tests' }).check();
    await form.getByRole('switch', { name: 'Can be written offline' }).check();
    await expectNoSeriousViolations(page, '[role="dialog"]');
    await saveScreenshot(page, testInfo, 'permit-types-new-type-1280');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(screen.dialog).toBeHidden();
    const row = group.getByRole('listitem').filter({ hasText: typeName });
    await expect(row.getByText(code, { exact: true })).toBeVisible();
    await expect(row.getByText('Valid up to 10 h')).toBeVisible();
    await expect(row.getByText('Offline', { exact: true })).toBeVisible();
    await expect(row.getByRole('list', { name: 'Sections of the permit form' }).getByText('Gas tests')).toBeVisible();

    // The left sidebar shows the new group with the type's create and index links at once (no reload).
    const { sidebar } = shell(page);
    await sidebar.getByRole('button', { name: groupName }).click();
    await expect(sidebar.getByRole('link', { name: `New ${typeName}`, exact: true })).toHaveAttribute(
      'href',
      `/Permit/Create/${code}`,
    );
    await expect(sidebar.getByRole('link', { name: `${typeName} Index`, exact: true })).toHaveAttribute(
      'href',
      `/index?permitType=${code}`,
    );
    // The administrators were granted the new type's permissions, "Create offline" included.
    await expect(sidebar.getByRole('link', { name: `New Offline ${typeName}` })).toHaveAttribute(
      'href',
      `/offline/permit/${code}/create`,
    );
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page, 1280);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, testInfo, 'permit-types-1280');

    // The supervisor sees the group and its links, but no offline create link without the permission.
    const before = await supervisorSidebar(browser, groupName);
    await expect(before.sidebar.getByRole('link', { name: `${typeName} Index`, exact: true })).toBeVisible();
    await expect(before.sidebar.getByRole('link', { name: `Offline ${typeName} Index` })).toBeVisible();
    await expect(before.sidebar.getByRole('link', { name: `New Offline ${typeName}` })).toHaveCount(0);
    await before.context.close();

    // Granted through Group Manage: now the offline create link shows.
    await grantThroughGroupManage(request, 'Supervisors', `permit:create-offline:${code}`);
    const granted = await supervisorSidebar(browser, groupName);
    await expect(granted.sidebar.getByRole('link', { name: `New Offline ${typeName}` })).toHaveAttribute(
      'href',
      `/offline/permit/${code}/create`,
    );
    await granted.context.close();

    // The type no longer works offline: the link goes, permission or not.
    await row.getByRole('button', { name: `Edit ${typeName}` }).click();
    await expect(screen.dialog).toHaveAccessibleName('Edit permit type');
    await expect(screen.dialog.getByRole('textbox', { name: 'Code' })).toBeDisabled();
    await expect(screen.dialog.getByRole('textbox', { name: 'Maximum extensions' })).toHaveValue('3');
    await screen.dialog.getByRole('switch', { name: 'Can be written offline' }).uncheck();
    await screen.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(screen.dialog).toBeHidden();
    await expect(row.getByText('Offline', { exact: true })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: `New Offline ${typeName}` })).toHaveCount(0);
    const after = await supervisorSidebar(browser, groupName);
    await expect(after.sidebar.getByRole('link', { name: `New ${typeName}`, exact: true })).toBeVisible();
    await expect(after.sidebar.getByRole('link', { name: `New Offline ${typeName}` })).toHaveCount(0);
    await after.context.close();

    // Moving the new group up puts it before Work Permits, in the screen and in the sidebar.
    await group.getByRole('button', { name: `Move ${groupName} up` }).click();
    const headings = shell(page).main.getByRole('heading', { level: 2 });
    await expect
      .poll(async () => {
        const order = await headings.allTextContents();
        return order.indexOf(groupName) < order.indexOf('Work Permits');
      })
      .toBe(true);
    await expect(sidebar.getByRole('button', { name: groupName })).toBeVisible();

    // At 390 px the screen holds: nothing scrolls sideways.
    await narrowToPhone(page);
    await expect(screen.heading).toBeVisible();
    await expect(row).toBeVisible();
    await expectNoSidewaysScroll(page, 390);
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, testInfo, 'permit-types-390');
  } finally {
    // Permit types are never deleted through the API; this test's own rows go directly.
    await withDatabase(async (client) => {
      await client.query(`delete from group_permissions where permission like '%:' || $1`, [code]);
      await client.query('delete from permit_types where code = $1', [code]);
      await client.query('delete from permit_groups where name = $1', [groupName]);
    });
  }
});
