import { mkdirSync, readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { shell } from '../support/shell';

test.use({ serviceWorkers: 'block' });

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const shotDir = '/tmp/shots-reports';

/** A screenshot for the report and one in /tmp/shots-reports to look at. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await saveScreenshot(page, testInfo, name);
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage: true });
}

test('Reports: define a report, generate it, download the file from Report Files', async ({
  page,
  signIn,
}, testInfo) => {
  test.setTimeout(150_000);
  // Its own report (parallel specs share the database): a name nobody else uses.
  const name = `E2E locks ${Date.now().toString(36)}`;
  await page.setViewportSize(desktop);
  await signIn();
  await page.goto('/report/report-settings');
  const main = shell(page).main;
  await expect(main.getByRole('heading', { level: 1, name: 'Report Settings' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  // The e2e server has no SMTP relay: the screen says so.
  await expect(main.getByText('E-mail is off on this server')).toBeVisible();

  await main.getByRole('button', { name: 'New report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New report' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Report', { exact: true }).selectOption({ label: 'Lock inventory' });
  await dialog.getByRole('checkbox', { name: 'Serial' }).check();
  await dialog.getByRole('checkbox', { name: 'Status' }).check();
  await dialog.getByLabel('Format').selectOption({ label: 'XLSX' });
  await expectNoSeriousViolations(page);
  await shot(page, testInfo, 'reports-define-1280');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const card = main.getByRole('listitem', { name });
  await expect(card).toContainText('Lock inventory · XLSX');
  await expect(card).toContainText('Not scheduled');
  await shot(page, testInfo, 'reports-settings-1280');
  await card.getByRole('button', { name: 'Generate now' }).click();

  await main.getByRole('link', { name: 'Open Report Files' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Report Files' })).toBeVisible();
  const file = main.getByRole('listitem').filter({ hasText: name });
  // The job runs on the server; the list follows its progress until the file is ready.
  await expect(file.getByRole('status')).toContainText('Ready', { timeout: 60_000 });
  await expect(file).toContainText(`By ${demo.admin.displayName}`);
  await expectNoSeriousViolations(page);
  await shot(page, testInfo, 'reports-files-1280');

  const download = page.waitForEvent('download');
  await file.getByRole('button', { name: 'Download' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`${name}.xlsx`);
  // An XLSX is a zip: its first bytes are PK.
  expect(
    readFileSync(await saved.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  // One-handed at phone width: both screens hold in 390 px.
  await page.setViewportSize(phone);
  await page.goto('/report/report-files');
  await expect(file.getByRole('status')).toContainText('Ready', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);
  await shot(page, testInfo, 'reports-files-390');
  await page.goto('/report/report-settings');
  await expect(main.getByRole('listitem', { name })).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);
  await shot(page, testInfo, 'reports-settings-390');

  // Deleting asks first, in a dialog of the app's own; the report leaves the list.
  await main.getByRole('listitem', { name }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete report' });
  await expect(confirm).toContainText(`Delete the report ${name}? Its files stay until they expire.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(main.getByRole('listitem', { name })).toHaveCount(0);
});
