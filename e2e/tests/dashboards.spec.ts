import type { Locator, Page } from '@playwright/test';
import type { DashboardWidgetData } from '@hasp/contracts';
import { expect, test } from '../support/fixtures';
import { createPermitViaApi } from '../support/api-permit';
import { apiPost, permitCommand, browseAs } from '../support/api-user';
import { withDatabase } from '../support/database';
import { issueLock, myUserId } from '../support/isolation';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, saveScreenshot } from '../support/quality';
import { narrowToPhone, shell } from '../support/shell';
import { phone, signedInPage } from '../support/sign-in';

// The page's requests go straight to the API; the service worker plays no part here.
test.use({ serviceWorkers: 'block' });

/**
 * `/dashboards` (North Plant has CustomDashboards on): widgets a user arranges and finds
 * again after a reload, each number opening the permit index filtered, and a requester's dashboard
 * and inbox following an approval live. Each test has users of its own: their dashboards are theirs.
 */

const desktop = { width: 1280, height: 800 };
const widget = (page: Page, title: string) => shell(page).main.getByRole('region', { name: title, exact: true });
const builtIn = [
  'My work',
  'Expiring within 24 hours',
  'Open permits by status',
  'Live isolations by area',
  'Locks in use',
  'Gas tests out of limits today',
];

/** Waits for the save the last action made. */
const layoutSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/dashboards/layout') && r.request().method() === 'PUT');

/** The open menu's items by their accessible names (the arrow beside each is hidden from them). */
async function expectMenu(page: Page, names: string[]) {
  await expect(page.getByRole('menuitem')).toHaveCount(names.length);
  for (const name of names) await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
}

/** Drags a widget by its title bar so its top-left corner lands on `to`'s. */
async function dragWidget(page: Page, from: Locator, to: Locator) {
  const source = (await from.getByRole('heading').boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + 10, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + 30, source.y + 30, { steps: 5 });
  await page.mouse.move(target.x + 20, target.y + 10, { steps: 15 });
  await page.mouse.up();
}

test('a supervisor arranges their dashboard and finds it kept after a reload, at 1280 and 390 px', async ({
  browser,
}, testInfo) => {
  // Room for the index's count to be read again (below) on a loaded machine.
  test.setTimeout(240_000);
  const supervisor = await createUserLike('supervisor', 'dash-arranger');
  const { page } = await signedInPage(browser, supervisor, { viewport: desktop });
  // A supervisor lands on My work today (their worklists); the dashboards are one link away.
  await page.goto('/dashboards');
  await expect(page).toHaveURL('/dashboards', { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(shell(page).main.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
  for (const title of builtIn) await expect(widget(page, title)).toBeVisible();
  // Every widget loads its own numbers.
  await expect(widget(page, 'Open permits by status').getByTestId('widget-total')).toBeVisible({
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Arrange', exact: true }).click();
  // Remove one widget, add another, move a third to the top left.
  let saved = layoutSaved(page);
  await page.getByRole('button', { name: 'Remove Gas tests out of limits today' }).click();
  expect((await saved).status()).toBe(200);
  await expect(widget(page, 'Gas tests out of limits today')).toHaveCount(0);
  saved = layoutSaved(page);
  await page.getByRole('button', { name: 'Add widget', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Shared isolation points' }).click();
  expect((await saved).status()).toBe(200);
  await expect(widget(page, 'Shared isolation points')).toBeVisible();
  saved = layoutSaved(page);
  await dragWidget(page, widget(page, 'Locks in use'), widget(page, 'My work'));
  expect((await saved).status()).toBe(200);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'dashboards-arranging-desktop');
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  const locksBefore = (await widget(page, 'Locks in use').boundingBox())!;
  const myWorkBefore = (await widget(page, 'My work').boundingBox())!;
  expect(locksBefore.y).toBeLessThan(myWorkBefore.y + 1);

  await page.reload();
  await expect(widget(page, 'Shared isolation points')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(widget(page, 'Gas tests out of limits today')).toHaveCount(0);
  const locksAfter = (await widget(page, 'Locks in use').boundingBox())!;
  expect({ x: Math.round(locksAfter.x), y: Math.round(locksAfter.y) }).toEqual({
    x: Math.round(locksBefore.x),
    y: Math.round(locksBefore.y),
  });
  await saveScreenshot(page, testInfo, 'dashboards-desktop');
  // The bar chart's labels never overlap (a wrapped "Work complete" once ran into its neighbours).
  // The category axis's labels: the chart's texts that are words (the value axis is numbers).
  const labels = widget(page, 'Open permits by status')
    .locator('svg text')
    .filter({ hasText: /[A-Za-z]/ });
  // The chart loads on its own after the numbers: its labels are there first.
  await expect.poll(() => labels.count()).toBeGreaterThan(3);
  const labelBoxes = await labels.evaluateAll((texts) =>
    texts.map((text) => text.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })),
  );
  expect(labelBoxes.length).toBeGreaterThan(3);
  for (const [index, box] of labelBoxes.slice(1).entries())
    expect(box.top, `label ${index + 1} overlaps the one above`).toBeGreaterThanOrEqual(labelBoxes[index]!.bottom - 1);

  // A number opens the permit index already filtered, and the index counts the same. The number is
  // the facility's, and other tests put locks on and take them off in it meanwhile: when one did
  // between the two readings, the pair is read again.
  await expect(async () => {
    await page.goto('/dashboards');
    const inUse = widget(page, 'Locks in use').locator('[data-item="locked"]');
    const count = await inUse.locator('span').last().innerText();
    await inUse.click();
    await expect(page).toHaveURL('/index?view=locked');
    await expect(shell(page).main.getByRole('button', { name: 'Locks in use', pressed: true })).toBeVisible();
    await expect(shell(page).main.getByText(new RegExp(`^${count} permits?$`))).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 2 * FIRST_LOAD_TIMEOUT_MS });

  // On a phone the same dashboard is one column, nothing scrolls sideways.
  await page.setViewportSize(phone);
  await page.goto('/dashboards');
  await expect(widget(page, 'Shared isolation points')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const boxes = await Promise.all(['Locks in use', 'My work'].map((title) => widget(page, title).boundingBox()));
  expect(boxes[0]!.x).toBe(boxes[1]!.x);
  expect(boxes[0]!.width).toBeGreaterThan(300);
  expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, testInfo, 'dashboards-phone');
});

test("approving a permit changes the requester's dashboard and inbox live", async ({ browser }, testInfo) => {
  const [requesterUser, approverUser] = await Promise.all([
    createUserLike('worker', 'dash-requester'),
    createUserLike('supervisor', 'dash-approver'),
  ]);
  const { page, token } = await signedInPage(browser, requesterUser, { viewport: desktop });
  const requester = { page, token };
  const approver = await browseAs(browser, approverUser);
  const permit = await createPermitViaApi(page, token, { type: 'GEN', title: `Dashboard live ${Date.now()}` });
  await permitCommand(requester, permit.ID, 'request');

  await page.goto('/dashboards');
  const byStatus = widget(page, 'Open permits by status');
  await expect(byStatus.locator('[data-item="requested"]')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/^Notifications/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  const unreadBefore = await bell.getAttribute('aria-label');

  // The approval reaches the requester's browser through the push channel: the widgets re-read
  // themselves at once (their own refresh is a minute away) and the bell counts one more.
  const reread = page.waitForResponse(
    (r) => r.url().endsWith('/api/dashboards/widgets/permits-by-status') && r.status() === 200,
    { timeout: 20_000 },
  );
  await permitCommand(approver, permit.ID, 'approve');
  const fresh = (await (await reread).json()) as DashboardWidgetData;
  const approved = fresh.items.find((i) => i.key === 'approved')!;
  expect(approved.count).toBeGreaterThan(0);
  await expect(byStatus.locator('[data-item="approved"]')).toContainText(String(approved.count));
  await expect(bell).not.toHaveAccessibleName(unreadBefore ?? '');
  await bell.click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(permit.number);
  await saveScreenshot(page, testInfo, 'dashboards-live');
});

test("a lock another user applies — it notifies nobody — changes the viewer's dashboard without a reload", async ({
  browser,
}, testInfo) => {
  const [viewerUser, lockerUser] = await Promise.all([
    createUserLike('supervisor', 'dash-viewer'),
    createUserLike('supervisor', 'dash-locker'),
  ]);
  const { page } = await signedInPage(browser, viewerUser, { viewport: desktop });
  const locker = await browseAs(browser, lockerUser);
  // A permit of the locker's with a point isolated on its plan (put there directly: the plan's own
  // screens are the isolation plan's), and a padlock of theirs (Lock Manage's commands).
  const permit = await createPermitViaApi(locker.page, locker.token, {
    type: 'LOTO',
    title: `Dashboard lock ${Date.now()}`,
  });
  const planPointId = await withDatabase(async (client) => {
    const point = await client.query<{ id: number }>(
      'select id from isolation_points where facility_id = 1 order by id limit 1',
    );
    const inserted = await client.query<{ id: number }>(
      `insert into permit_isolation_points (facility_id, permit_id, isolation_point_id, position, state)
       values (1, $1, $2, 0, 'isolated') returning id`,
      [permit.ID, point.rows[0]!.id],
    );
    return inserted.rows[0]!.id;
  });
  const lock = await issueLock(locker, await myUserId(locker));

  await page.goto('/dashboards');
  const inUse = widget(page, 'Locks in use').locator('[data-item="locked"]');
  await expect(inUse).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const lockedCount = async () => Number(await inUse.locator('span').last().innerText());
  const before = await lockedCount();
  // The stream is open (the bell follows it) before the change is made.
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  const reread = page.waitForResponse((r) => r.url().endsWith('/api/dashboards/widgets/locks') && r.status() === 200, {
    timeout: 20_000,
  });
  await apiPost(locker, `/api/permits/${permit.ID}/locks/commands/apply`, { lockId: lock.id, planPointId });
  // The widget re-reads at once (its own refresh is a minute away) and shows one more permit with a lock.
  await reread;
  await expect.poll(lockedCount).toBeGreaterThan(before);
  await saveScreenshot(page, testInfo, 'dashboards-live-lock');
});

test('arranging with the keyboard: each widget moves and resizes from its menu, is announced, and is kept', async ({
  browser,
}, testInfo) => {
  const arranger = await createUserLike('supervisor', 'dash-keyboard');
  const { page } = await signedInPage(browser, arranger, { viewport: desktop });
  await page.goto('/dashboards');
  await expect(widget(page, 'Locks in use')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const status = shell(page).main.getByRole('status');
  await page.getByRole('button', { name: 'Arrange', exact: true }).click();

  /** Opens a widget's arrange menu from the keyboard and presses one of its steps with Enter. */
  async function step(title: string, name: string) {
    const menuButton = page.getByRole('button', { name: `Arrange ${title}`, exact: true });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name, exact: true });
    await expect(item).toBeVisible();
    await item.focus();
    const saved = layoutSaved(page);
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await page.keyboard.press('Escape');
    await expect(item).toBeHidden();
  }
  // Locks in use (below Expiring within 24 hours) goes up, then one column wider.
  await step('Locks in use', 'Move up');
  await expect(status).toHaveText('Locks in use: row 1, column 5, 4 columns wide, 3 rows high.');
  await step('Locks in use', 'Wider');
  await expect(status).toHaveText('Locks in use: row 1, column 5, 5 columns wide, 3 rows high.');
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Arrange Locks in use', exact: true }).click();
  await expectMenu(page, ['Move up', 'Move down', 'Move left', 'Move right', 'Wider', 'Narrower', 'Taller', 'Shorter']);
  await saveScreenshot(page, testInfo, 'dashboards-keyboard-desktop');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(widget(page, 'Locks in use')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const [locks, myWork, expiring] = await Promise.all(
    ['Locks in use', 'My work', 'Expiring within 24 hours'].map((title) => widget(page, title).boundingBox()),
  );
  expect(Math.round(locks!.y)).toBe(Math.round(myWork!.y));
  expect(locks!.x).toBeGreaterThan(myWork!.x + myWork!.width - 1);
  expect(expiring!.y).toBeGreaterThan(locks!.y + locks!.height - 1);
  expect(locks!.width).toBeGreaterThan(myWork!.width);

  // On a phone: one column, moved up and down only.
  await narrowToPhone(page);
  await expect(widget(page, 'My work')).toBeVisible();
  await page.getByRole('button', { name: 'Arrange', exact: true }).click();
  await page.getByRole('button', { name: 'Arrange My work', exact: true }).click();
  await expectMenu(page, ['Move up', 'Move down']);
  await saveScreenshot(page, testInfo, 'dashboards-keyboard-phone');
  await page.keyboard.press('Escape');
  const order = async () =>
    shell(page)
      .main.locator('section[data-widget]')
      .evaluateAll((sections) =>
        sections
          .map((s) => ({ kind: s.getAttribute('data-widget'), y: s.getBoundingClientRect().y }))
          .sort((a, b) => a.y - b.y)
          .map((s) => s.kind),
      );
  const before = await order();
  expect(before[0]).toBe('my-work');
  // Each step is one place in the column, whatever the widgets' sizes: My work and its neighbour
  // change places, nothing else moves.
  await step('My work', 'Move down');
  await expect(status).toHaveText('My work: position 2 of 6.');
  expect(await order()).toEqual([before[1], 'my-work', ...before.slice(2)]);
  await step('My work', 'Move down');
  await expect(status).toHaveText('My work: position 3 of 6.');
  expect(await order()).toEqual([before[1], before[2], 'my-work', ...before.slice(3)]);
  await step('My work', 'Move up');
  await expect(status).toHaveText('My work: position 2 of 6.');
  const arranged = await order();
  expect(arranged).toEqual([before[1], 'my-work', ...before.slice(2)]);
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);
  await page.reload();
  await expect(widget(page, 'My work')).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  expect(await order()).toEqual(arranged);
});
