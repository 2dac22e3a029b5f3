import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone, shell } from '../support/shell';

// Prefix Manage (numbering patterns, the next-number preview, the
// background worker's prefixes) and Tag Report Manage. What a test changes is put back afterwards.
test.use({ serviceWorkers: 'block' });

async function generalWorkSubject(): Promise<string> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `select id from permit_types where facility_id = $1 and code = 'GEN'`,
      [demo.northPlant.ID],
    );
    return `permit-type:${rows[0]!.id}`;
  });
}

function prefixManage(page: Page) {
  const main = shell(page).main;
  const card = (name: RegExp) => main.getByRole('region', { name });
  return {
    heading: main.getByRole('heading', { level: 1, name: 'Prefix Manage' }),
    card,
    pattern: (name: RegExp) => card(name).getByRole('textbox', { name: 'Pattern' }),
    nextNumber: (name: RegExp) => card(name).getByTestId('next-number'),
    workerPrefixes: main.getByRole('region', { name: 'Prefixes in use' }),
    save: main.getByRole('button', { name: 'Save' }),
  };
}

test.describe('Prefix Manage', () => {
  test('an administrator edits a pattern, sees the next number as they type, is told which token is wrong, and saves; the worker fetches the prefixes', async ({
    page,
    signIn,
  }, testInfo) => {
    test.setTimeout(180_000);
    const subject = await generalWorkSubject();
    try {
      await signIn();
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));
      await page.goto('/masterlist/prefix-manage');
      const screen = prefixManage(page);
      await expect(screen.heading).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });

      // The background worker: a real Web Worker fetched the prefixes keyed by permit type code.
      const prefixes = screen.workerPrefixes.getByTestId('worker-prefixes');
      await expect(prefixes).toContainText('LOTO');
      await expect(prefixes).toContainText('LOTO-');
      await expect(prefixes).toContainText('HW-');
      expect(workers.some((url) => /prefix-worker/.test(url))).toBe(true);

      // The seeded patterns and their previews.
      await expect(screen.pattern(/^LOTO Permit/)).toHaveValue('{PREFIX}{YY}-{SEQ:5}');
      await expect(screen.nextNumber(/^Tags/)).toHaveText(/^T-\d{4}-\d{5}$/);
      const general = /^General Work/;
      // The demo's General Work permits have used the first numbers: the preview continues after them.
      await expect(screen.nextNumber(general)).toHaveText(/^GW-\d{6}$/);
      const sequence = Number((await screen.nextNumber(general).textContent())!.slice('GW-'.length));
      expect(sequence).toBeGreaterThanOrEqual(1);
      await saveScreenshot(page, testInfo, 'prefix-manage-1280');
      await expectNoSeriousViolations(page);
      await expectNoSidewaysScroll(page, 1280);

      // Live preview as the pattern is typed.
      await screen.pattern(general).fill('{FAC}-{TYPE}-{YYYY}-{SEQ:4}');
      // The same counter goes on under the new pattern (other specs may take General Work numbers meanwhile).
      await expect(screen.nextNumber(general)).toHaveText(/^NP-GEN-\d{4}-\d{4}$/);
      expect(Number((await screen.nextNumber(general).textContent())!.slice(-4))).toBeGreaterThanOrEqual(sequence);

      // A bad token is refused with its name, and the form cannot be saved.
      await screen.pattern(general).fill('{FAC}-{FOO}-{SEQ:4}');
      await expect(screen.card(general)).toContainText('{FOO} is not a token.');
      await expect(screen.nextNumber(general)).toHaveText('—');
      await expect(screen.save).toBeDisabled();
      await screen.card(general).scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'prefix-manage-bad-token-1280');
      await expectNoSeriousViolations(page);

      await screen.pattern(general).fill('{FAC}-{TYPE}-{YYYY}-{SEQ:4}');
      await screen.card(general).getByRole('checkbox', { name: 'Start again at 1 each year' }).check();
      await screen.save.click();
      await expect(page.getByText('The numbering patterns are saved.')).toBeVisible();

      await page.reload();
      await expect(screen.pattern(general)).toHaveValue('{FAC}-{TYPE}-{YYYY}-{SEQ:4}', {
        timeout: FIRST_LOAD_TIMEOUT_MS,
      });
      await expect(screen.card(general).getByRole('checkbox', { name: 'Start again at 1 each year' })).toBeChecked();

      await narrowToPhone(page);
      await expect(screen.nextNumber(general)).toBeVisible();
      await saveScreenshot(page, testInfo, 'prefix-manage-390');
      await expectNoSeriousViolations(page);
      await expectNoSidewaysScroll(page, 390);
    } finally {
      await withDatabase((client) =>
        client.query('delete from numbering_patterns where facility_id = $1 and subject = $2', [
          demo.northPlant.ID,
          subject,
        ]),
      );
    }
  });
});

test.describe('Tag Report Manage', () => {
  test('an administrator links the permit tag to a layout and a report; the link is there after a reload', async ({
    page,
    signIn,
  }, testInfo) => {
    test.setTimeout(180_000);
    try {
      await signIn();
      await page.goto('/configuration/tag-report-links');
      const main = shell(page).main;
      await expect(main.getByRole('heading', { level: 1, name: 'Tag Report Manage' })).toBeVisible({
        timeout: FIRST_LOAD_TIMEOUT_MS,
      });
      const lockTag = main.getByRole('region', { name: 'Lock tag' });
      await expect(lockTag.getByRole('combobox', { name: 'Print layout' })).toHaveValue('tag-standard-3x5');
      const permitTag = main.getByRole('region', { name: 'Permit tag' });
      await permitTag.getByRole('combobox', { name: 'Print layout' }).selectOption({ label: 'Large tag, 4 × 6 in' });
      // Half a link cannot be saved.
      await expect(permitTag).toContainText('Choose both a layout and a report, or neither.');
      await expect(main.getByRole('button', { name: 'Save' })).toBeDisabled();
      await permitTag.getByRole('combobox', { name: 'Report' }).selectOption({ label: 'Tag summary' });
      await saveScreenshot(page, testInfo, 'tag-report-links-1280');
      await expectNoSeriousViolations(page);
      await expectNoSidewaysScroll(page, 1280);
      await main.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('The tag report links are saved.')).toBeVisible();

      await page.reload();
      await expect(permitTag.getByRole('combobox', { name: 'Print layout' })).toHaveValue('tag-large-4x6', {
        timeout: FIRST_LOAD_TIMEOUT_MS,
      });
      await expect(permitTag.getByRole('combobox', { name: 'Report' })).toHaveValue('tag-summary');

      await narrowToPhone(page);
      await expect(permitTag).toBeVisible();
      await saveScreenshot(page, testInfo, 'tag-report-links-390');
      await expectNoSeriousViolations(page);
      await expectNoSidewaysScroll(page, 390);
    } finally {
      await withDatabase((client) =>
        client.query(`delete from tag_report_links where facility_id = $1 and subject = 'tag:permit-tag'`, [
          demo.northPlant.ID,
        ]),
      );
    }
  });
});
