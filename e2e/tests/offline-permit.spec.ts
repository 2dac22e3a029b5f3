import { mkdirSync } from 'node:fs';
import { apiGet, browseAs, permitCommand, userHeaders } from '../support/api-user';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, loginScreen, signInWithForm } from '../support/hasp';
import { isolatePlan, issueLock, myUserId, planCommand } from '../support/isolation';
import {
  expectTouchTargets,
  openInApp,
  outboxItems,
  outboxOf,
  firstDownloadDone,
  seedDevice,
} from '../support/offline';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from '../support/quality';
import { signInDialog } from '../support/signatures';

// The same permit page as online works offline (decision 0058). The device's copy is
// seeded through the page (window.Dexie) from the real server's GET answers, as the offline
// download stores it; then the network goes, and a lifecycle step and a tag step are saved offline.
test.use({ serviceWorkers: 'block' });

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-offline-permit';

test('an isolated LOTO permit is issued and a tag verified offline on a phone, kept across a reload', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  const [requester, approver, issuer, holder] = await Promise.all([
    createUserLike('worker', 'off-requester'),
    createUserLike('supervisor', 'off-approver'),
    createUserLike('supervisor', 'off-issuer'),
    createUserLike('worker', 'off-holder'),
  ]);
  const [r, a, i] = await Promise.all([
    browseAs(browser, requester),
    browseAs(browser, approver),
    browseAs(browser, issuer),
  ]);
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
    holder: (await client.query<{ id: number }>('select id from users where user_name = $1', [holder.userName]))
      .rows[0]!.id,
  }));
  const start = Date.now() + 30 * 60_000;
  const title = `Offline press seals ${Date.now().toString(36)}`;
  const created = await r.page.request.post('/api/permits', {
    headers: userHeaders(r),
    data: {
      permitTypeId: ids.type,
      title,
      description: 'Ram seals of PR-001 leak.',
      workMethod: 'Lock out, bleed, replace.',
      areaId: null,
      assetIds: [ids.press],
      plannedStart: new Date(start).toISOString(),
      plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
      holderId: ids.holder,
      riskLevel: 'medium',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const permitId = ((await created.json()) as { ID: number }).ID;
  await permitCommand(r, permitId, 'request');
  await permitCommand(a, permitId, 'approve');
  await isolatePlan(i, permitId);
  await permitCommand(i, permitId, 'isolate');

  // Online first: the permit page loads (its code is in the tab from now on).
  const page = i.page;
  await page.goto(`/Permit/Edit/${permitId}`);
  await expect(page.getByRole('main').getByText(title)).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });

  // The device's copy, as the offline download stores it: the server's own answers.
  const issuerId = await myUserId(i);
  const permit = await apiGet<{ version: number }>(i, `permits/${permitId}`);
  const plan = await apiGet<{ version: number }>(i, `permits/${permitId}/isolation-plan`);
  const tags = await apiGet<Array<{ ID: number; number: string; state: string; version: number }>>(
    i,
    `permits/${permitId}/tags`,
  );
  const tag = tags.find((t) => t.state === 'applied')!;
  const key = `${demo.connection}:${demo.northPlant.ID}:${permitId}`;
  // After the app's own download, whose clean-up could take the seeded copy away again.
  await firstDownloadDone(page);
  await seedDevice(page, {
    permits: [
      {
        key,
        connectionStringName: demo.connection,
        facilityId: demo.northPlant.ID,
        userId: issuerId,
        permitType: 'LOTO',
        version: permit.version,
        data: {
          permit,
          sections: { 'isolation-plan': plan, tags },
          versions: { permit: permit.version, 'isolation-plan': plan.version },
        },
        updatedAt: new Date().toISOString(),
      },
    ],
  });

  // The network goes: the user stays on the permit's page, now the device's copy (decision 0104).
  await page.context().setOffline(true);
  await expect(page).toHaveURL(new RegExp(`/Permit/Edit/${permitId}$`));
  await openInApp(page, `/Permit/Edit/${permitId}`);
  const main = page.getByRole('main');
  await expect(
    main.getByText('Offline — you are working on the copy of this permit stored on this device.'),
  ).toBeVisible();

  // A lifecycle step: Issue (Isolated → Issued), by the state machine on the device; signed with the
  // issuer's password, which the server checks when the queued step syncs.
  await main.getByRole('button', { name: 'Issue', exact: true }).click();
  await signInDialog(page.getByRole('dialog'), 'Issue');
  await expect(page.getByText('Saved offline — waiting to sync').first()).toBeVisible();
  await expect(main.getByTestId('saved-offline')).toHaveText('1 change(s) saved offline — waiting to sync');
  await expect(main.getByText('Issued', { exact: true }).first()).toBeVisible();

  // An isolation step: the tag on the point verified.
  await main.getByRole('tab', { name: 'Tags' }).click();
  const card = main.getByTestId('tag-card').filter({ hasText: tag.number });
  await card.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(main.getByTestId('saved-offline')).toHaveText('2 change(s) saved offline — waiting to sync');
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  // A note for the next person at the point, kept on the device's tag until it syncs.
  await card.getByRole('button', { name: 'Add note', exact: true }).click();
  const noteDialog = page.getByRole('dialog');
  await noteDialog.getByLabel('Note for the next person at this point').fill('Hasp on the breaker cover');
  await noteDialog.getByRole('button', { name: 'Add note', exact: true }).click();
  await expect(main.getByTestId('saved-offline')).toHaveText('3 change(s) saved offline — waiting to sync');
  await expect(card.getByTestId('tag-note')).toContainText('Hasp on the breaker cover');
  await expectNoSidewaysScroll(page, phone.width);
  await expectTouchTargets(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/offline-permit-phone.png`, fullPage: true });

  // Queued in order, each based on the version the device downloaded; nothing reached the server.
  expect(await outboxOf(page)).toEqual([
    { name: 'permit.issue', targetId: permitId, baseVersion: permit.version, status: 'pending' },
    { name: 'tag.verify', targetId: permitId, baseVersion: tag.version, status: 'pending' },
    { name: 'tag.note', targetId: permitId, baseVersion: tag.version, status: 'pending' },
  ]);
  expect((await apiGet<{ status: string }>(i, `permits/${permitId}`)).status).toBe('isolated');

  // Reload with the app still offline (the user's offline mode: a page load needs the server's files
  // until the service worker of the offline download is in): the device's copy and outbox remain.
  // The sync would push the queue the moment the network is back: the server stays out of reach for
  // it here (the sync has its own spec), so what the reload shows is the device's alone.
  await page.route('**/api/sync/push', (route) => route.abort('internetdisconnected'));
  await page.context().setOffline(false);
  await page.evaluate(() => sessionStorage.setItem('userOffline', 'true'));
  await page.reload();
  await expect(main.getByTestId('saved-offline')).toHaveText('3 change(s) saved offline — waiting to sync', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await expect(main.getByText('Issued', { exact: true }).first()).toBeVisible();
  await main.getByRole('tab', { name: 'Tags' }).click();
  await expect(
    main.getByTestId('tag-card').filter({ hasText: tag.number }).getByText('Verified', { exact: true }),
  ).toBeVisible();
  expect((await outboxOf(page)).map((item) => item.name)).toEqual(['permit.issue', 'tag.verify', 'tag.note']);

  await page.setViewportSize({ width: 1280, height: 800 });
  await main.getByRole('tab', { name: 'Permit', exact: true }).click();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/offline-permit-desktop.png`, fullPage: true });
});

test('a worker creates a LOTO permit offline: provisional number, queued create, then requests it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  const worker = await createUserLike('worker', 'off-creator');
  const w = await browseAs(browser, worker);
  const page = w.page;
  const typeInfo = await apiGet(w, 'permits/types/LOTO');
  await page.goto('/announcements');
  await seedDevice(page, {
    reference: [
      {
        // As the offline download stores a type's answer (h/offdl: `permit-type:<CODE>`).
        key: `${demo.connection}:${demo.northPlant.ID}:permit-type:LOTO`,
        connectionStringName: demo.connection,
        facilityId: demo.northPlant.ID,
        kind: 'permit-type:LOTO',
        data: typeInfo,
        updatedAt: new Date().toISOString(),
      },
    ],
  });
  // The app in offline mode from its start (the user's toggle), then the offline create route.
  await page.evaluate(() => sessionStorage.setItem('userOffline', 'true'));
  await page.goto('/offline/permit/LOTO/create');
  const main = page.getByRole('main');
  const title = `Made offline ${Date.now().toString(36)}`;
  await main.getByRole('textbox', { name: 'Title' }).fill(title, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expectNoSidewaysScroll(page, phone.width);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/offline-create-phone.png`, fullPage: true });
  await main.getByRole('button', { name: 'Save offline' }).click();

  await expect(page).toHaveURL(/\/Permit\/Edit\/local:[0-9a-f-]{36}$/);
  await expect(main.getByTestId('provisional-number')).toContainText(/OFF-LOTO-\d{8}-[0-9A-F]{4}/);
  await expect(main.getByTestId('provisional-number')).toContainText('Provisional — the server numbers it at sync');
  await expect(main.getByTestId('saved-offline')).toHaveText('1 change(s) saved offline — waiting to sync');
  const localId = new URL(page.url()).pathname.split('/').pop()!;

  await main.getByRole('button', { name: 'Request', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Request', exact: true }).click();
  await expect(main.getByTestId('saved-offline')).toHaveText('2 change(s) saved offline — waiting to sync');
  await expect(main.getByText(/Approving needs the network/)).toBeVisible();
  await expectTouchTargets(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/offline-created-permit-phone.png`, fullPage: true });
  expect(await outboxOf(page)).toEqual([
    { name: 'permit.create', targetId: localId, baseVersion: null, status: 'pending' },
    { name: 'permit.request', targetId: localId, baseVersion: 0, status: 'pending' },
  ]);

  // The browser closed and opened again (its session gone, its storage kept): the login screen says
  // whose changes wait here, and that person's sign-in sends them at once.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/login');
  await expect(page.getByRole('status').filter({ hasText: 'wait to be sent' })).toHaveText(
    `2 changes saved on this device wait to be sent: sign in as ${worker.displayName} to send them.`,
    { timeout: FIRST_LOAD_TIMEOUT_MS },
  );
  await page.screenshot({ path: `${shots}/offline-waiting-login-phone.png`, fullPage: true });
  await signInWithForm(page, worker.userName, { facility: demo.northPlant.name });
  await expect(page).not.toHaveURL(/\/login/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  // Both sent: the permit is on the server; its request, refused there (its request questions were
  // never answered on this device), stays on the device with the server's reason, never silently lost.
  await expect
    .poll(async () => (await outboxOf(page)).map((i) => `${i.name} ${i.status}`), { timeout: FIRST_LOAD_TIMEOUT_MS })
    .toEqual(['permit.request rejected']);
  const [refused] = await outboxItems(page);
  expect((refused!.error as { message: string }).message).toContain('must be answered before the permit is requested');
  const sent = await withDatabase(
    async (client) => (await client.query('select status from permits where title = $1', [title])).rows,
  );
  expect(sent).toEqual([{ status: 'draft' }]);
  // Sent: the next visit to the login screen has nothing to say.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/login');
  await expect(loginScreen(page).submit).toBeVisible();
  await expect(page.getByText('wait to be sent')).toHaveCount(0);
});

test('the lockout step offline on a phone: a lock applied and removed on the device, synced once when the network returns', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  const [requester, approver, issuer] = await Promise.all([
    createUserLike('worker', 'offlock-requester'),
    createUserLike('supervisor', 'offlock-approver'),
    createUserLike('supervisor', 'offlock-issuer'),
  ]);
  const [r, a, i] = await Promise.all([
    browseAs(browser, requester),
    browseAs(browser, approver),
    browseAs(browser, issuer),
  ]);
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
  }));
  const start = Date.now() + 30 * 60_000;
  const title = `Offline lockout ${Date.now().toString(36)}`;
  const created = await r.page.request.post('/api/permits', {
    headers: userHeaders(r),
    data: {
      permitTypeId: ids.type,
      title,
      description: 'Ram seals of PR-001 leak.',
      workMethod: 'Lock out, bleed, replace.',
      areaId: null,
      assetIds: [ids.press],
      plannedStart: new Date(start).toISOString(),
      plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
      holderId: null,
      riskLevel: 'medium',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const permitId = ((await created.json()) as { ID: number }).ID;
  await permitCommand(r, permitId, 'request');
  await permitCommand(a, permitId, 'approve');
  // The plan up to the lockout step: every point isolated, no lock on any yet.
  const filled = await planCommand(i, permitId, 'fill');
  await planCommand(i, permitId, 'notify');
  await planCommand(i, permitId, 'shut-down');
  for (const point of filled.points) await planCommand(i, permitId, 'isolate-point', { planPointId: point.ID });
  const point = filled.points.find((p) => p.lockable)!;
  const issuerId = await myUserId(i);
  const lock = await issueLock(i, issuerId);

  const page = i.page;
  await page.goto(`/Permit/Edit/${permitId}`);
  await expect(page.getByRole('main').getByText(title)).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const permit = await apiGet<{ version: number }>(i, `permits/${permitId}`);
  const plan = await apiGet<{ version: number }>(i, `permits/${permitId}/isolation-plan`);
  const tags = await apiGet(i, `permits/${permitId}/tags`);
  const locks = await apiGet(i, `permits/${permitId}/locks/applicable`);
  const scope = { connectionStringName: demo.connection, facilityId: demo.northPlant.ID };
  // After the app's own download, whose clean-up could take the seeded copy away again.
  await firstDownloadDone(page);
  await seedDevice(page, {
    permits: [
      {
        key: `${demo.connection}:${demo.northPlant.ID}:${permitId}`,
        ...scope,
        userId: issuerId,
        permitType: 'LOTO',
        version: permit.version,
        data: {
          permit,
          sections: { 'isolation-plan': plan, tags },
          versions: { permit: permit.version, lock: permit.version, 'isolation-plan': plan.version },
        },
        updatedAt: new Date().toISOString(),
      },
    ],
    // As the offline download stores the user's applicable locks (decision 0064).
    reference: [
      {
        key: `${demo.connection}:${demo.northPlant.ID}:applicable-locks:${issuerId}`,
        ...scope,
        kind: `applicable-locks:${issuerId}`,
        data: locks,
        updatedAt: new Date().toISOString(),
      },
    ],
  });
  // The sync stays away until the lock is on and off again (the queue is checked first).
  await page.route('**/api/sync/push', (route) => route.abort('internetdisconnected'));

  await page.context().setOffline(true);
  await expect(page).toHaveURL(new RegExp(`/Permit/Edit/${permitId}$`));
  await openInApp(page, `/Permit/Edit/${permitId}`);
  const main = page.getByRole('main');
  await expect(
    main.getByText('Offline — you are working on the copy of this permit stored on this device.'),
  ).toBeVisible();
  await main.getByRole('tab', { name: 'Isolation' }).click();
  await main.getByRole('combobox', { name: `Lock for ${point.code}` }).selectOption(`${lock.id}`);
  await main.getByRole('button', { name: `Apply lock on ${point.code}` }).click();
  await expect(main.getByTestId('saved-offline')).toHaveText('1 change(s) saved offline — waiting to sync');
  // The guided card moves on once the point is locked: the point is opened again from the list.
  await main
    .getByRole('navigation', { name: 'Isolation points' })
    .getByRole('button', { name: new RegExp(`^${point.code}: `) })
    .click();
  // The opened point is in the address: the page drawn again keeps it.
  await expect(page).toHaveURL(new RegExp(`[?&]point=${point.ID}(&|$)`));
  const remove = main.getByRole('button', { name: `Remove lock ${lock.serial}` });
  await expect(remove).toBeVisible();
  await expectNoSidewaysScroll(page, phone.width);
  await expectTouchTargets(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/offline-lock-applied-phone.png`, fullPage: true });

  // Removed by its applier on the device: the remove names the application by its local id.
  await remove.click();
  await expect(main.getByTestId('saved-offline')).toHaveText('2 change(s) saved offline — waiting to sync');
  await expect(remove).toBeHidden();
  await expect(main.getByRole('combobox', { name: `Lock for ${point.code}` })).toBeVisible();
  const queued = await outboxOf(page);
  const localId = (queued[0]?.input as { localId?: string } | undefined)?.localId;
  expect(localId).toMatch(/^local:[0-9a-f-]{36}$/);
  expect(queued).toEqual([
    {
      name: 'lock.apply',
      targetId: permitId,
      baseVersion: permit.version,
      status: 'pending',
      input: { lockId: lock.id, planPointId: point.ID, localId },
    },
    {
      name: 'lock.remove',
      targetId: permitId,
      baseVersion: permit.version,
      status: 'pending',
      input: { applicationId: localId },
    },
  ]);
  const applications = () =>
    withDatabase(
      async (client) =>
        (
          await client.query<{ removal: string | null; applied_by: number }>(
            'select removal, applied_by from lock_applications where lock_id = $1',
            [lock.id],
          )
        ).rows,
    );
  expect(await applications()).toEqual([]);

  // The network returns: both reach the server, the remove mapped to the application the apply made.
  await page.unroute('**/api/sync/push');
  await page.context().setOffline(false);
  await expect.poll(async () => (await outboxOf(page)).length, { timeout: 60_000 }).toBe(0);
  expect(await applications()).toEqual([{ removal: 'removed', applied_by: issuerId }]);
});
