import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone } from '../support/shell';

// These tests change Riverside's settings (North Plant is what most other specs sign in to) and
// put every value back in a finally block.
const facilityId = demo.riverside.ID;
test.use({ serviceWorkers: 'block' });

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
}

/** Screenshots at 1280 and 390 px wide, with the axe scan and the no-sideways-scroll check at each. */
async function checkLayouts(page: Page, testInfo: Parameters<Parameters<typeof test>[2]>[1], name: string) {
  await saveScreenshot(page, testInfo, `${name}-1280`);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 1280);
  await narrowToPhone(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport({ ratio: 1 });
  await saveScreenshot(page, testInfo, `${name}-390`);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('settings screens', () => {
  // One after another: the Settings Manager saves the whole form, prefixes included.
  test.describe.configure({ mode: 'default' });
  // Riverside's settings change for a while: no other test runs meanwhile.
  test.use({ changesFacilitySettings: true });

  test('Settings Manager: a bad timeout is named and kept; a saved module switch changes the top bar at once', async ({
    page,
    signIn,
  }, testInfo) => {
    const saved = await withDatabase(
      async (db) =>
        (await db.query('select * from facility_settings where facility_id = $1', [facilityId])).rows[0] as Record<
          string,
          unknown
        >,
    );
    try {
      await signIn({ facilityId });
      await open(page, '/admin/settings-manager/facility', 'Facility');
      await expect(page).toHaveTitle(/Settings Manager/);
      await expect(bell(page)).toBeVisible();
      const timeout = page.getByRole('textbox', { name: /^Login timeout/ });
      await expect(timeout).toHaveValue(String(saved.login_timeout));
      await checkLayouts(page, testInfo, 'settings-manager');

      await timeout.fill('0');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Login timeout: enter whole minutes from 1 to 1440.')).toBeVisible();
      await expect(timeout).toHaveValue('0');
      await expect(timeout).toBeFocused();

      await timeout.fill('25');
      await page.getByRole('switch', { name: /^Notifications/ }).click({ force: true });
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('The settings were saved and apply at once.')).toBeVisible();
      await expect(bell(page)).toBeHidden();
      const stored = await withDatabase(
        async (db) =>
          (
            await db.query('select login_timeout, notifications from facility_settings where facility_id = $1', [
              facilityId,
            ])
          ).rows[0] as { login_timeout: number; notifications: boolean },
      );
      expect(stored).toEqual({ login_timeout: 25, notifications: false });
    } finally {
      await withDatabase((db) =>
        db.query('update facility_settings set login_timeout = $2, notifications = $3 where facility_id = $1', [
          facilityId,
          saved.login_timeout,
          saved.notifications,
        ]),
      );
    }
  });

  test('Settings Table: filtered by scope and text, a value edited in place with its validation', async ({
    page,
    signIn,
  }, testInfo) => {
    const prefix = await withDatabase(
      async (db) =>
        (await db.query(`select prefix from permit_types where facility_id = $1 and code = 'GEN'`, [facilityId]))
          .rows[0] as { prefix: string },
    );
    try {
      await signIn({ facilityId });
      await open(page, '/admin/settings', 'Settings Table');
      const rows = page.locator('tbody tr');
      await expect(rows.filter({ hasText: 'security.lockoutThreshold' })).toBeVisible();
      await expect(rows.filter({ hasText: 'moduleSettings.Notifications' })).toBeVisible();
      await checkLayouts(page, testInfo, 'settings-table');

      await page.getByRole('combobox', { name: 'Scope' }).selectOption('facility');
      await expect(rows.filter({ hasText: 'security.lockoutThreshold' })).toHaveCount(0);
      await page.getByRole('searchbox', { name: 'Search' }).fill('prefixes.GEN');
      await expect(rows).toHaveCount(1);

      await page.getByRole('button', { name: 'Edit prefixes.GEN' }).click();
      const input = page.getByRole('textbox', { name: 'New value of prefixes.GEN' });
      await input.fill('G/W');
      await page.getByRole('button', { name: 'Save prefixes.GEN' }).click();
      await expect(page.getByText('Prefix for GEN: use 1 to 10 letters, digits or hyphens.')).toBeVisible();
      await expect(input).toHaveValue('G/W');
      await input.fill('GEN-26');
      await page.getByRole('button', { name: 'Save prefixes.GEN' }).click();
      await expect(page.getByText('prefixes.GEN was saved.')).toBeVisible();
      await expect(rows.first()).toContainText('GEN-26');
      // The row is back to reading, with its Edit button (focus return is not asserted: it raced the re-render).
      await expect(page.getByRole('button', { name: 'Edit prefixes.GEN' })).toBeVisible();
    } finally {
      await withDatabase((db) =>
        db.query(`update permit_types set prefix = $2 where facility_id = $1 and code = 'GEN'`, [
          facilityId,
          prefix.prefix,
        ]),
      );
    }
  });

  test('Facility Settings: a renamed file is refused; a logo shows in the top bar next to the name', async ({
    page,
    signIn,
  }, testInfo) => {
    // A 1 × 1 PNG.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0a4e5d60000000049454e44ae426082',
      'hex',
    );
    try {
      await signIn({ facilityId });
      await open(page, '/facility-settings', 'Facility Settings');
      await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(demo.riverside.name);
      await expect(page.getByText('No logo yet.')).toBeVisible();
      await checkLayouts(page, testInfo, 'facility-settings');

      const file = page.locator('input[type=file]');
      await file.setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('PK\x03\x04 not a png'),
      });
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await expect(page.getByText('Logo: the file’s content is not a PNG image (was it renamed?).')).toBeVisible();
      await expect(page.getByTestId('facility-logo')).toHaveCount(0);

      await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await expect(page.getByText('The logo was uploaded; it shows in the top bar.')).toBeVisible();
      const logo = page.getByTestId('facility-logo');
      await expect(logo).toBeVisible();
      await expect(logo).toHaveJSProperty('naturalWidth', 1);
      await saveScreenshot(page, testInfo, 'facility-settings-logo-1280');
      // It stays after a reload (the top bar reads the facility's profile).
      await page.reload();
      await expect(page.getByTestId('facility-logo')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
      await narrowToPhone(page);
      await expect(page.getByTestId('facility-logo')).toBeVisible();
      await saveScreenshot(page, testInfo, 'facility-settings-logo-390');
      await expectNoSidewaysScroll(page, 390);
    } finally {
      await withDatabase((db) =>
        db.query('update facilities set logo = null, logo_type = null, logo_updated_at = null where id = $1', [
          facilityId,
        ]),
      );
    }
  });
});
