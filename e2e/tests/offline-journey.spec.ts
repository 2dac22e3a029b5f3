import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { controllingWorker, expectTouchTargets, outboxOf, storedPermitTitles } from '../support/offline';
import { answerQuestionsFor } from '../support/permit-questions';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import {
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  expectNothingScrollsSideways,
  saveScreenshot,
} from '../support/quality';
import { signIn } from '../support/sign-in';
import { narrowToPhone } from '../support/shell';

// The end-to-end journey, as a new user lives it on a phone: sign in, the network is gone at
// once, the offline dashboard works, a stored permit is edited and requested offline ("Saved
// offline"), the page is reloaded with no network (the app opens, the changes are still there and
// still queued), the network comes back, and the sync says all synced: the server has each change
// exactly once. The device has opened the app before (its service worker is in: a reload with no
// network needs it), but the user has never signed in on it. Also the offline defects of decision
// 0062: the sidebar's permit types after an offline reload, nothing sideways at 390 px, the sync
// status clear of the product mark.
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true });

const crashText = 'Something went wrong';

/** The top bar's sync status button is clear of the product mark (its link) by at least 4 px. */
async function expectStatusClearOfMark(page: Page) {
  const mark = await page.getByRole('link', { name: /home/i }).first().boundingBox();
  const status = await page.getByTestId('sync-status').boundingBox();
  expect(mark && status).toBeTruthy();
  const apart =
    status!.x >= mark!.x + mark!.width + 4 ||
    mark!.x >= status!.x + status!.width + 4 ||
    status!.y >= mark!.y + mark!.height ||
    mark!.y >= status!.y + status!.height;
  expect(apart, `mark ${JSON.stringify(mark)} and sync status ${JSON.stringify(status)} overlap or touch`).toBe(true);
}

/**
 * What a screen at phone width must hold to: axe, nothing sideways (for the offline lists not even
 * inside a table's scroll box), the top bar readable.
 */
async function checkPhoneScreen(
  page: Page,
  name: string,
  testInfo: Parameters<typeof saveScreenshot>[1],
  { list = false } = {},
) {
  await expect(page.getByText(crashText)).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 390);
  if (list) await expectNothingScrollsSideways(page, 'main');
  await expectStatusClearOfMark(page);
  await saveScreenshot(page, testInfo, `offline-journey-${name}-390`);
}

test('sign in, network gone at once, a permit worked offline at phone width, reloaded offline, synced once when back', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  // The user's own permit, made through the API before they ever open the app: a LOTO draft with
  // the request's questions answered, so Request may be given offline and accepted at sync.
  const user = await createUserLike('supervisor', 'journey');
  const token = await signIn(request, user);
  const headers = { authorization: `Bearer ${token}` };
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
  }));
  const start = Date.now() + 60 * 60_000;
  const title = `Journey ${Date.now().toString(36)}`;
  const created = await request.post('/api/permits', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: {
      permitTypeId: ids.type,
      title,
      description: 'Conveyor CV-2 belt tracking; guard off.',
      workMethod: 'Lock out the drive, bleed, adjust.',
      areaId: null,
      assetIds: [ids.press],
      plannedStart: new Date(start).toISOString(),
      plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
      holderId: null,
      riskLevel: 'low',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const permit = (await created.json()) as { ID: number; number: string; version: number };
  await answerQuestionsFor(request, `Bearer ${token}`, permit.ID, 'request');
  const before = (await (await request.get(`/api/permits/${permit.ID}`, { headers })).json()) as { version: number };

  // The device: the app opened before (the login screen), its service worker in control.
  await page.goto('/login');
  expect(await controllingWorker(page)).toMatch(/\/sw\.js$/);

  // When the download after sign-in was asked and answered (the figure printed below).
  const asked: number[] = [];
  const answered: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/offline/permits')) asked.push(Date.now());
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/offline/permits')) answered.push(Date.now());
  });
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/login') && r.status() === 200);
  await signInWithForm(page, user.userName, { facility: demo.northPlant.name });
  const signedInAt = await signedIn.then(() => Date.now());
  // The network goes the moment the user's permit is on the device (taken offline right after sign-in).
  await expect
    .poll(() => storedPermitTitles(page), { intervals: [50], timeout: FIRST_LOAD_TIMEOUT_MS })
    .toContain(title);
  await context.setOffline(true);
  const offlineAfter = Date.now() - signedInAt;
  const since = (times: number[]) => times.map((t) => t - signedInAt).join(', ');
  console.log(
    `offline-journey: network gone ${offlineAfter} ms after the sign-in answer (download asked at ${since(asked)} ms, answered at ${since(answered)} ms)`,
  );
  testInfo.annotations.push({ type: 'network gone after sign-in (ms)', description: String(offlineAfter) });

  try {
    // The offline dashboard, at once.
    const main = page.getByRole('main');
    await expect(page).toHaveURL('/offline/dashboard');
    await expect(main.getByRole('heading', { name: 'Offline Dashboard' })).toBeVisible();
    const group = main.getByRole('region', { name: /LOTO/ });
    await expect(group.getByRole('link', { name: permit.number })).toBeVisible();
    await checkPhoneScreen(page, 'dashboard', testInfo, { list: true });

    // The offline index of the type, then the stored permit.
    await group.getByRole('link', { name: 'Open the offline index' }).click();
    await expect(page).toHaveURL('/offline/permit/LOTO/index');
    const row = main.getByRole('row').filter({ hasText: permit.number });
    await expect(row).toBeVisible();
    // No link to the page it is on.
    await expect(main.getByRole('link', { name: 'Open the offline index' })).toHaveCount(0);
    await checkPhoneScreen(page, 'index', testInfo, { list: true });
    await row.getByRole('link', { name: permit.number }).click();
    await expect(page).toHaveURL(`/Permit/Edit/${permit.ID}`);
    await expect(
      main.getByText('Offline — you are working on the copy of this permit stored on this device.'),
    ).toBeVisible();

    // An edit: the title, saved offline.
    const newTitle = `${title} (edited offline)`;
    const details = main.getByRole('region', { name: 'Details' });
    await details.getByLabel('Title').fill(newTitle);
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByTestId('saved-offline')).toHaveText('1 change(s) saved offline — waiting to sync');
    await expect(details.getByLabel('Title')).toHaveValue(newTitle);

    // A lifecycle step: Request (Draft → Requested).
    await main.getByRole('button', { name: 'Request', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Request', exact: true }).click();
    await expect(main.getByTestId('saved-offline')).toHaveText('2 change(s) saved offline — waiting to sync');
    await expect(main.getByText('Requested', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('sync-status')).toHaveAccessibleName('2 changes waiting to sync');
    await expectTouchTargets(page);
    await checkPhoneScreen(page, 'permit', testInfo);
    expect(await outboxOf(page)).toEqual([
      { name: 'permit.edit', targetId: permit.ID, baseVersion: before.version, status: 'pending' },
      { name: 'permit.request', targetId: permit.ID, baseVersion: before.version, status: 'pending' },
    ]);

    // A reload with no network: the app opens (its service worker), still signed in, on the permit,
    // with both changes still there and still queued.
    await page.reload();
    await expect(main.getByTestId('saved-offline')).toHaveText('2 change(s) saved offline — waiting to sync', {
      timeout: FIRST_LOAD_TIMEOUT_MS,
    });
    await expect(main.getByRole('region', { name: 'Details' }).getByLabel('Title')).toHaveValue(newTitle);
    await expect(main.getByText('Requested', { exact: true }).first()).toBeVisible();
    expect((await outboxOf(page)).map((i) => `${i.name}:${i.status}`)).toEqual([
      'permit.edit:pending',
      'permit.request:pending',
    ]);
    await expect(page.getByTestId('sync-status')).toHaveAccessibleName('2 changes waiting to sync');
    await checkPhoneScreen(page, 'permit-reloaded', testInfo);

    // The sidebar after the offline reload: the permit types the device kept, not an error.
    await page.getByRole('button', { name: /sidebar/i }).click();
    const sidebar = page.getByRole('navigation', { name: /primary/i });
    await expect(
      sidebar.getByRole('list', { name: 'Permits' }).getByRole('button', { name: 'Isolation' }),
    ).toBeVisible();
    await expect(sidebar.getByText('Permit types could not be loaded.')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'offline-journey-sidebar-reloaded-390');

    // The dashboard after the reload (through the sidebar), at 1280 px too.
    await sidebar.getByRole('link', { name: /Offline Dashboard/ }).click();
    await expect(page).toHaveURL('/offline/dashboard');
    await expect(main.getByRole('link', { name: permit.number })).toBeVisible();
    await checkPhoneScreen(page, 'dashboard-reloaded', testInfo, { list: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page, 1280);
    await saveScreenshot(page, testInfo, 'offline-journey-dashboard-reloaded-1280');
    await main.getByRole('link', { name: permit.number }).click();
    await expect(main.getByTestId('saved-offline')).toHaveText('2 change(s) saved offline — waiting to sync');
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, testInfo, 'offline-journey-permit-1280');
    await narrowToPhone(page);
  } finally {
    await context.setOffline(false);
  }

  // Back online: the queue syncs by itself and says so.
  await expect(page.getByTestId('sync-status')).toHaveAccessibleName('All changes synced', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  expect(await outboxOf(page)).toEqual([]);
  await saveScreenshot(page, testInfo, 'offline-journey-synced-390');

  // The server has each change exactly once.
  const after = (await (await request.get(`/api/permits/${permit.ID}`, { headers })).json()) as {
    title: string;
    status: string;
    version: number;
  };
  expect(after).toMatchObject({ title: `${title} (edited offline)`, status: 'requested', version: before.version + 2 });
  const history = (await (await request.get(`/api/permits/${permit.ID}/history`, { headers })).json()) as {
    action: string;
  }[];
  expect(history.filter((h) => h.action === 'permit.edit')).toHaveLength(1);
  expect(history.filter((h) => h.action === 'permit.request')).toHaveLength(1);
});
