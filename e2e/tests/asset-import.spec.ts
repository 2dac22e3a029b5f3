import { readFileSync, writeFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone, shell } from '../support/shell';

// The page's requests go straight to the API; the service worker plays no part here.
test.use({ serviceWorkers: 'block' });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const header = 'number,description,area_number,parent_asset_number,manufacturer,location,loto_required,status';

const assetsNamed = (prefix: string) =>
  withDatabase(async (client) =>
    (
      await client.query<{ number: string }>(
        `select number from assets where facility_id = 1 and number like $1 order by number`,
        [`${prefix}%`],
      )
    ).rows.map((r) => r.number),
  );

const contentOf = async (download: Download) => readFileSync(await download.path(), 'utf8');

async function upload(page: Page, file: string) {
  const main = shell(page).main;
  const chooser = page.waitForEvent('filechooser');
  await main.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
  await main.getByLabel('What the CSV file holds').selectOption({ label: 'Assets' });
  await main.getByRole('button', { name: 'Upload and check' }).click();
}

test('imports assets: template, a bad row reported with nothing written, the fixed file imported, history and download', async ({
  page,
  signIn,
}, testInfo) => {
  // Two uploads, a download and three axe scans: on 2 busy cores it needs more than 60 s.
  test.setTimeout(150_000);
  const prefix = `IMP-${unique()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn();
  await page.goto('/assets/import-files');
  const main = shell(page).main;
  await expect(main.getByRole('heading', { level: 1, name: 'Import Manage' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });

  // A template arrives with its columns and an example row.
  const templateDownload = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Assets (CSV)' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('hasp-assets-template.csv');
  // (The server starts CSV files with a byte-order mark, for Excel.)
  expect((await contentOf(template)).replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(header);

  // A bad file gets the server's own message.
  const empty = testInfo.outputPath(`${prefix}-empty.csv`);
  writeFileSync(empty, '');
  await upload(page, empty);
  await expect(main.getByRole('alert').filter({ hasText: 'The file is empty' })).toBeVisible();

  // One bad row: the report names row, column, value and message; nothing is written.
  const bad = testInfo.outputPath(`${prefix}-assets.csv`);
  writeFileSync(
    bad,
    [
      header,
      `${prefix}-1,Pallet wrapper,A-100,,Lantech,Bay 1,yes,in_service`,
      `${prefix}-2,Shrink tunnel,NOPE-999,,Lantech,Bay 1,yes,in_service`,
      '',
    ].join('\n'),
  );
  await upload(page, bad);
  const current = main.getByRole('region', { name: `File: ${prefix}-assets.csv` });
  await expect(current.getByText('Has problems')).toBeVisible();
  const report = current.getByRole('region', { name: 'Problems, row by row' });
  const problem = report.locator('tr[data-row="3"]');
  await expect(problem).toContainText('Assets');
  await expect(problem).toContainText('area_number');
  await expect(problem).toContainText('NOPE-999');
  await expect(problem).toContainText('Unknown area NOPE-999: not in this file or the facility');
  await expect(report.locator('tbody tr')).toHaveCount(1);
  await expect(current.getByRole('button', { name: 'Import' })).toBeDisabled();
  expect(await assetsNamed(prefix)).toEqual([]);
  await saveScreenshot(page, testInfo, 'asset-import-report-1280');
  await expectNoSeriousViolations(page);

  // Fixed and uploaded again: ready, then imported with its counts.
  const fixed = testInfo.outputPath(`${prefix}-assets-fixed.csv`);
  const fixedText = readFileSync(bad, 'utf8').replace('NOPE-999', 'A-110');
  writeFileSync(fixed, fixedText);
  await upload(page, fixed);
  const fixedView = main.getByRole('region', { name: `File: ${prefix}-assets-fixed.csv` });
  await expect(fixedView.getByText('Every row is valid.')).toBeVisible();
  await expect(fixedView.getByText('Assets: 2 new, 0 updated')).toBeVisible();
  await fixedView.getByRole('button', { name: 'Import' }).click();
  await expect(fixedView.getByText('The file was imported.')).toBeVisible();
  await expect(fixedView.getByText('Assets: 2 created, 0 updated')).toBeVisible();
  expect(await assetsNamed(prefix)).toEqual([`${prefix}-1`, `${prefix}-2`]);

  // The history lists both files with who and the result; the original downloads byte for byte.
  const history = main.getByRole('region', { name: 'Earlier imports' });
  const badRow = history.getByRole('row').filter({ hasText: `${prefix}-assets.csv` });
  const fixedRow = history.getByRole('row').filter({ hasText: `${prefix}-assets-fixed.csv` });
  await expect(badRow).toContainText('Has problems');
  await expect(badRow).toContainText('Alex Admin');
  await expect(fixedRow).toContainText('Imported');
  await expect(fixedRow).toContainText('Assets: 2 created, 0 updated');
  const originalDownload = page.waitForEvent('download');
  await fixedRow.getByRole('button', { name: `Download ${prefix}-assets-fixed.csv` }).click();
  const original = await originalDownload;
  expect(original.suggestedFilename()).toBe(`${prefix}-assets-fixed.csv`);
  expect(await contentOf(original)).toBe(fixedText);

  await saveScreenshot(page, testInfo, 'asset-import-1280');
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 1280);

  // The earlier report opens again from the history, at phone width.
  await narrowToPhone(page);
  await badRow.getByRole('button', { name: `Open the report of ${prefix}-assets.csv` }).click();
  await expect(current.locator('tr[data-row="3"]')).toContainText('NOPE-999');
  await current.scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'asset-import-390');
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 390);
});
