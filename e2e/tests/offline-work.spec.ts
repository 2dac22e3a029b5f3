import { mkdirSync } from 'node:fs';
import { apiGet, apiPost, browseAs, permitCommand } from '../support/api-user';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo } from '../support/hasp';
import { isolatePlan, issueLock, myUserId } from '../support/isolation';
import { expectTouchTargets, openInApp, outboxItems, firstDownloadDone, seedDevice } from '../support/offline';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from '../support/quality';

// Decision 0067: the work done at the job site with no network. A crew member signs on to the
// group lockbox on their phone offline (the lockbox's rules applied on the device), the sign-on
// survives a reload without the network, and once online the server has exactly one sign-on.
// The device's copy is seeded through the page from the real server's answers, as the offline
// download stores it (the download has its own specs).
test.use({ serviceWorkers: 'block' });

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-offline-work';

test('a crew member signs on to the lockbox offline on a phone, keeps it across a reload, and it syncs once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  mkdirSync(shots, { recursive: true });
  const [requester, approver, crewUser] = await Promise.all([
    createUserLike('worker', 'ow-requester'),
    createUserLike('supervisor', 'ow-approver'),
    createUserLike('worker', 'ow-crew'),
  ]);
  const [r, a, c] = await Promise.all([
    browseAs(browser, requester),
    browseAs(browser, approver),
    browseAs(browser, crewUser),
  ]);
  const ids = await withDatabase(async (client) => ({
    type: (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
      .rows[0]!.id,
    press: (await client.query<{ id: number }>(`select id from assets where facility_id = 1 and number = 'PR-001'`))
      .rows[0]!.id,
  }));
  const crewId = await myUserId(c);
  const approverId = await myUserId(a);
  const start = Date.now() + 30 * 60_000;
  const { ID: permitId } = await apiPost<{ ID: number }>(r, '/api/permits', {
    permitTypeId: ids.type,
    title: `Offline crew on the press ${Date.now().toString(36)}`,
    description: 'Ram seals of PR-001 leak.',
    workMethod: 'Group lockout: each fitter signs on with a personal lock.',
    areaId: null,
    assetIds: [ids.press],
    plannedStart: new Date(start).toISOString(),
    plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
    holderId: crewId,
    riskLevel: 'medium',
  });
  await permitCommand(r, permitId, 'request');
  await permitCommand(a, permitId, 'approve');
  await isolatePlan(a, permitId);
  await permitCommand(a, permitId, 'isolate');
  // The approver opens the lockbox as its primary and records the keys; the crew member has a lock.
  await apiPost(a, `/api/permits/${permitId}/lockbox/commands/open`, { primaryUserId: approverId, lockId: null });
  await apiPost(a, `/api/permits/${permitId}/lockbox/commands/deposit-keys`);
  const lock = await issueLock(a, crewId);

  // Online first: the permit page loads (its code is in the tab from now on).
  const page = c.page;
  await page.goto(`/Permit/Edit/${permitId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('tab', { name: 'Crew' })).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });

  // The device's copy, as the offline download stores it: the server's own answers.
  const permit = await apiGet<{ version: number }>(c, `permits/${permitId}`);
  const lockbox = await apiGet<{ lockbox: { version: number }; myLocks: { serial: string }[] }>(
    c,
    `permits/${permitId}/lockbox`,
  );
  expect(lockbox.myLocks.map((l) => l.serial)).toContain(lock.serial);
  // After the app's own download, whose clean-up could take the seeded copy away again.
  await firstDownloadDone(page);
  await seedDevice(page, {
    permits: [
      {
        key: `${demo.connection}:${demo.northPlant.ID}:${permitId}`,
        connectionStringName: demo.connection,
        facilityId: demo.northPlant.ID,
        userId: crewId,
        permitType: 'LOTO',
        version: permit.version,
        data: {
          permit,
          sections: { 'crew-sign-on': lockbox },
          versions: { permit: permit.version, lockbox: lockbox.lockbox.version },
        },
        updatedAt: new Date().toISOString(),
      },
    ],
  });

  // At the job site, no network: sign on with the personal lock.
  await page.context().setOffline(true);
  // The permit's page stays (decision 0104): its offline copy.
  await expect(page).toHaveURL(new RegExp(`/Permit/Edit/${permitId}$`));
  await openInApp(page, `/Permit/Edit/${permitId}`);
  await main.getByRole('tab', { name: 'Crew' }).click();
  const picker = main.getByLabel('My lock', { exact: true });
  if (await picker.count()) {
    await picker.click();
    await page.getByRole('option', { name: lock.serial, exact: true }).click();
  }
  await main.getByRole('button', { name: 'Sign on with my lock' }).click();
  await expect(main.getByRole('heading', { name: 'You are signed on' })).toBeVisible();
  await expect(main.getByTestId('saved-offline')).toHaveText('1 change(s) saved offline — waiting to sync');
  await expect(main).toContainText(lock.serial);
  await expectNoSidewaysScroll(page, phone.width);
  await expectTouchTargets(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/crew-signed-on-offline-390.png`, fullPage: true });
  const queued = await outboxItems(page);
  expect(queued.map((i) => [i.name, i.targetId, i.baseVersion, i.status])).toEqual([
    ['lockbox.sign-on', permitId, lockbox.lockbox.version, 'pending'],
  ]);
  expect((queued[0]!.input as { localId: string }).localId).toMatch(/^local:/);

  // A reload without the server (the user's offline mode; the push kept out of reach): still signed on.
  await page.route('**/api/sync/push', (route) => route.abort('internetdisconnected'));
  await page.context().setOffline(false);
  await page.evaluate(() => sessionStorage.setItem('userOffline', 'true'));
  await page.reload();
  await expect(main.getByTestId('saved-offline')).toHaveText('1 change(s) saved offline — waiting to sync', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  await main.getByRole('tab', { name: 'Crew' }).click();
  await expect(main.getByRole('heading', { name: 'You are signed on' })).toBeVisible();

  // Back online: the sign-on syncs by itself, once.
  await page.unroute('**/api/sync/push');
  await openInApp(page, '/offline/dashboard');
  await page.getByRole('button', { name: 'Go online' }).click();
  await expect(page.getByTestId('sync-status')).toHaveAccessibleName('All changes synced', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  const server = await apiGet<{ lockbox: { members: { user: { ID: number }; lock: { serial: string } }[] } }>(
    a,
    `permits/${permitId}/lockbox`,
  );
  expect(server.lockbox.members.map((m) => [m.user.ID, m.lock.serial])).toEqual([[crewId, lock.serial]]);
  const rows = await withDatabase(
    async (client) =>
      (
        await client.query<{ n: string }>(
          'select count(*) as n from lock_applications where permit_id = $1 and lockbox_id is not null',
          [permitId],
        )
      ).rows[0]!.n,
  );
  expect(Number(rows)).toBe(1);
});
