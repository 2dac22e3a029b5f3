import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createPermitViaApi } from '../support/api-permit';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { shell } from '../support/shell';
import { signIn as signInThroughApi } from '../support/sign-in';

test.use({ serviceWorkers: 'block' });

const phone = { width: 390, height: 844 };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const shotDir = '/tmp/shots-locks';

/** A screenshot for the report and one in /tmp/shots-locks to look at. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await saveScreenshot(page, testInfo, name);
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage: true });
}

async function expectTouchTargets(page: Page) {
  for (const box of await shell(page)
    .main.getByRole('button')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect())))
    if (box.width > 0) expect(box.height).toBeGreaterThanOrEqual(44);
}

test('Lock Manage at phone width: registers a lock, issues it to a worker, reports it lost', async ({
  page,
  signIn,
}, testInfo) => {
  test.setTimeout(150_000);
  const serial = `E2E-${unique()}`;
  await page.setViewportSize(phone);
  await signIn();
  await page.goto('/assets/locks');
  const main = shell(page).main;
  await expect(main.getByRole('heading', { level: 1, name: 'Lock Manage' })).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  // The demo inventory is there, one card per lock.
  const cards = main.getByRole('list', { name: 'Locks' }).getByRole('listitem');
  await expect(cards.filter({ hasText: 'ORG-005' })).toContainText('Lost');

  // Register.
  await main.getByRole('button', { name: 'Register a lock' }).click();
  let dialog = page.getByRole('dialog', { name: 'Register a lock' });
  await dialog.getByLabel('Serial').fill(serial);
  await dialog.getByLabel('Kind').selectOption({ label: 'Padlock' });
  await dialog.getByLabel('Colour').selectOption({ label: 'Red' });
  await expectNoSeriousViolations(page);
  await shot(page, testInfo, 'locks-register-phone');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog).toBeHidden();

  // The same serial in other letters is refused at the field, naming it.
  await main.getByRole('button', { name: 'Register a lock' }).click();
  dialog = page.getByRole('dialog', { name: 'Register a lock' });
  await dialog.getByLabel('Serial').fill(serial.toLowerCase());
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog).toContainText(`Serial ${serial.toLowerCase()} is already used by another lock of this facility`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await main.getByLabel('Search').fill(serial);
  await expect(main.getByRole('status')).toHaveText('1 lock');
  const card = cards.filter({ hasText: serial });
  await expect(card).toContainText('Available');
  await expect(card).toContainText('Red');

  // Issue it to Wren Worker.
  await card.getByRole('button', { name: `Actions for lock ${serial}` }).click();
  await page.getByRole('menuitem', { name: 'Issue' }).click();
  dialog = page.getByRole('dialog', { name: `Issue: lock ${serial}` });
  await expect(dialog).toContainText('becomes the personal lock of the person you choose');
  await dialog.getByLabel('Issue to').selectOption({ label: 'Wren Worker' });
  await dialog.getByRole('button', { name: 'Issue' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Issued');
  await expect(card).toContainText('Wren Worker');

  // Report it lost: a confirmation first.
  await card.getByRole('button', { name: `Actions for lock ${serial}` }).click();
  await page.getByRole('menuitem', { name: 'Report lost' }).click();
  dialog = page.getByRole('dialog', { name: `Report lost: lock ${serial}` });
  await expect(dialog).toContainText('nobody can apply it until it is found');
  await dialog.getByLabel('Reason (optional)').fill('Left on the roof');
  await expectNoSeriousViolations(page);
  await shot(page, testInfo, 'locks-report-lost-phone');
  await dialog.getByRole('button', { name: 'Report lost' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Lost', { exact: true })).toBeVisible();

  // The status filter finds it among the lost locks; the URL holds the filter.
  await main.getByLabel('Search').fill('');
  await main.getByLabel('Status').selectOption({ label: 'Lost' });
  await expect(page).toHaveURL(/status=lost/);
  await expect(cards.filter({ hasText: serial })).toBeVisible();
  await expect(cards.filter({ hasText: 'ORG-005' })).toBeVisible();
  await expect(cards.filter({ hasText: 'RED-001' })).toHaveCount(0);

  await expectNoSidewaysScroll(page, phone.width);
  await expectTouchTargets(page);
  await expectNoSeriousViolations(page);
  await shot(page, testInfo, 'locks-list-phone');
});

test('Lock Manage on a wide screen: a table that says where a lock in use is', async ({ page, signIn }, testInfo) => {
  const serial = `E2E-${unique()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn();
  // A lock applied at an isolated point of this test's own North Plant permit (the point put on the
  // plan directly: the plan's own screen is the isolation plan's), through the API as the admin. Its
  // own permit: a demo permit may be closed by a parallel spec, and a closed permit gets no locks.
  const token = await signInThroughApi(page, demo.admin);
  const headers = { authorization: `Bearer ${token}` };
  const permit = await createPermitViaApi(page, token, { type: 'LOTO', title: `Lock Manage table ${serial}` });
  const { permitId, number, planPointId, code } = await withDatabase(async (client) => {
    const point = (
      await client.query<{ id: number; code: string }>(
        'select ip.id, ip.code from isolation_points ip where ip.facility_id = 1 order by ip.id limit 1',
      )
    ).rows[0]!;
    const planPoint = await client.query<{ id: number }>(
      `insert into permit_isolation_points (facility_id, permit_id, isolation_point_id, position, state)
       values (1, $1, $2, 99, 'isolated') returning id`,
      [permit.ID, point.id],
    );
    return { permitId: permit.ID, number: permit.number, planPointId: planPoint.rows[0]!.id, code: point.code };
  });
  const lock = await page.request.post('/api/locks', {
    headers,
    data: { serial, kind: 'padlock', colourId: null, note: '' },
  });
  expect(lock.status()).toBe(200);
  const lockId = ((await lock.json()) as { ID: number }).ID;
  // A pool lock goes on only the permit it is assigned to (decision 0114): the issuer hands it over first.
  const assigned = await page.request.post(`/api/permits/${permitId}/locks/commands/assign`, {
    headers,
    data: { lockId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const applied = await page.request.post(`/api/permits/${permitId}/locks/commands/apply`, {
    headers,
    data: { lockId, planPointId },
  });
  expect(applied.status(), await applied.text()).toBe(200);

  await page.goto(`/assets/locks?status=in_use&q=${serial}`);
  const main = shell(page).main;
  const row = main.getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('In use', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(row.getByRole('link', { name: new RegExp(`^${number} · point ${code}`) })).toHaveAttribute(
    'href',
    `/Permit/Edit/${permitId}`,
  );
  await expect(row).toContainText('applied by Alex Admin');
  // In use: the menu offers no status command but Edit.
  await row.getByRole('button', { name: `Actions for lock ${serial}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit', 'Print QR label']);
  await page.keyboard.press('Escape');
  await expectNoSeriousViolations(page);
  await shot(page, testInfo, 'locks-table-wide');
});
