import type { Page, Route } from '@playwright/test';
import type { SyncCommand, SyncPush, SyncResult } from '@hasp/contracts';
import { expect, test } from '../support/fixtures';
import { demo } from '../support/hasp';
import { queueFromPage } from '../support/offline-device';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { expectNoSeriousViolations, expectNoSidewaysScroll, waitForTransitions } from '../support/quality';
import { expectSignedIn, signOutThroughMenu } from '../support/shell';

// The offline sync client (decision 0057) in the real browser: IndexedDB, Web Locks,
// online/offline events. The push endpoint is played by `syncServer` below, which answers exactly
// as the contract (packages/contracts/src/sync.ts) says, until the server's route is merged here.
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

const shots = '/tmp/shots-sync';

/** POST /api/sync/push as the contract describes it: each key applied once, `refuse` inputs rejected. */
async function syncServer(page: Page) {
  const answered = new Map<string, SyncResult>();
  const received: SyncCommand[] = [];
  let hold: Promise<void> | null = null;
  let release = () => {};
  await page.route('**/api/sync/push', async (route: Route) => {
    const { commands } = route.request().postDataJSON() as SyncPush;
    received.push(...commands);
    if (hold) await hold;
    const results = commands.map((command, index) => {
      const first = answered.get(command.idempotencyKey);
      if (first) return first;
      const refused = (command.input as { refuse?: boolean } | null)?.refuse === true;
      const result: SyncResult = refused
        ? {
            idempotencyKey: command.idempotencyKey,
            deviceSeq: command.deviceSeq,
            outcome: 'rejected',
            serverSeq: answered.size + 1,
            version: null,
            error: { code: 'FORBIDDEN', message: 'You may no longer change this permit.' },
          }
        : {
            idempotencyKey: command.idempotencyKey,
            deviceSeq: command.deviceSeq,
            outcome: 'applied',
            serverSeq: answered.size + 1,
            version: 10 + index,
          };
      answered.set(command.idempotencyKey, result);
      return result;
    });
    await route.fulfill({ json: { results, syncedAt: new Date().toISOString() } });
  });
  return {
    received,
    /** Keys the "server" applied or refused, each once. */
    applied: () => [...answered.values()],
    holdAnswers: () => {
      hold = new Promise((resolve) => (release = resolve));
    },
    releaseAnswers: () => {
      hold = null;
      release();
    },
  };
}

const queue = queueFromPage;

async function openSignedIn(page: Page) {
  await page.goto('/announcements');
  await expectSignedIn(page);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    (window as Window & { __haspEnableTestHooks?: boolean }).__haspEnableTestHooks = true;
  });
});

test('changes queued offline sync with visible progress when the network comes back; a refused one stays with its reason', async ({
  page,
  context,
  signIn,
}, testInfo) => {
  testInfo.setTimeout(FIRST_LOAD_TIMEOUT_MS + 120_000);
  const server = await syncServer(page);
  await signIn();
  await openSignedIn(page);
  const status = page.getByTestId('sync-status');

  await context.setOffline(true);
  await expect(page).toHaveURL('/offline/dashboard');
  await queue(page, { description: 'first' });
  await queue(page, { description: 'second', refuse: true });
  await queue(page, { description: 'third' });
  await expect(status).toHaveAccessibleName('3 changes waiting to sync');
  await waitForTransitions(page);
  await page.screenshot({ path: `${shots}/01-offline-waiting-390.png` });
  expect(server.received).toHaveLength(0);

  server.holdAnswers();
  await context.setOffline(false);
  await expect(status).toHaveAccessibleName('Syncing 0 of 3…');
  await page.screenshot({ path: `${shots}/02-syncing-390.png` });
  server.releaseAnswers();
  await expect(status).toHaveAccessibleName('1 change needs attention');
  // The "server" got each change once.
  expect(server.received.map((c) => c.deviceSeq)).toEqual([1, 2, 3]);
  expect(new Set(server.applied().map((r) => r.idempotencyKey)).size).toBe(3);

  await status.click();
  const panel = page.getByRole('dialog', { name: 'Offline changes' });
  await expect(panel.getByText('You may no longer change this permit.')).toBeVisible();
  await expect(panel.getByText('Refused by the server')).toBeVisible();
  await expect(panel.getByTestId('sync-storage')).toContainText('used of');
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 390);
  await page.screenshot({ path: `${shots}/03-needs-attention-panel-390.png` });

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export refused changes (JSON)' }).click();
  const file = await download;
  const exported = JSON.parse(
    await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  ) as {
    rejected: { input: unknown; reason: { message: string } }[];
  };
  expect(exported.rejected).toEqual([
    expect.objectContaining({
      input: { description: 'second', refuse: true },
      reason: expect.objectContaining({ message: 'You may no longer change this permit.' }),
    }),
  ]);

  await panel.getByRole('button', { name: 'Dismiss' }).click();
  await panel.getByRole('button', { name: 'Dismiss' }).click();
  await expect(panel.getByText('No change needs attention.')).toBeVisible();
  await expect(panel.getByTestId('sync-progress')).toHaveText('All changes synced');
  await page.screenshot({ path: `${shots}/04-all-synced-panel-390.png` });
  await page.keyboard.press('Escape');
  await expect(status).toHaveAccessibleName('All changes synced');
  expect(server.received).toHaveLength(3);
});

test('two tabs of one user push each change once (Web Lock per owner)', async ({ page, context, signIn }, testInfo) => {
  testInfo.setTimeout(FIRST_LOAD_TIMEOUT_MS + 120_000);
  const server = await syncServer(page);
  await signIn();
  await openSignedIn(page);
  const second = await context.newPage();
  await second.addInitScript(() => {
    (window as Window & { __haspEnableTestHooks?: boolean }).__haspEnableTestHooks = true;
  });
  const secondServer = await syncServer(second);
  await openSignedIn(second);

  await context.setOffline(true);
  await expect(page).toHaveURL('/offline/dashboard');
  for (const n of [1, 2, 3, 4]) await queue(n % 2 ? page : second, { description: `tab change ${n}` });
  await expect(page.getByTestId('sync-status')).toHaveAccessibleName('4 changes waiting to sync');
  await expect(second.getByTestId('sync-status')).toHaveAccessibleName('4 changes waiting to sync');

  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAccessibleName('All changes synced');
  await expect(second.getByTestId('sync-status')).toHaveAccessibleName('All changes synced');
  const keys = [...server.received, ...secondServer.received].map((c) => c.idempotencyKey);
  expect(keys).toHaveLength(4);
  expect(new Set(keys).size).toBe(4);
});

test('items of a signed-out user are never pushed for another user, and sync when the first signs in again (R33)', async ({
  page,
  context,
  signIn,
}, testInfo) => {
  testInfo.setTimeout(FIRST_LOAD_TIMEOUT_MS + 120_000);
  const server = await syncServer(page);
  await signIn({ user: demo.admin.userName });
  await openSignedIn(page);
  const status = page.getByTestId('sync-status');

  await context.setOffline(true);
  await expect(page).toHaveURL('/offline/dashboard');
  await queue(page, { description: 'admin 1' });
  await queue(page, { description: 'admin 2' });
  await expect(status).toHaveAccessibleName('2 changes waiting to sync');
  await signOutThroughMenu(page);
  await expect(page).toHaveURL(/\/login/);
  await context.setOffline(false);

  await signIn({ user: demo.worker.userName });
  await openSignedIn(page);
  const received = () => server.received.map((c) => (c.input as { description: string }).description);
  await queue(page, { description: 'worker 1' });
  // The status may still say "synced" from before the item was queued: wait for the push itself.
  await expect.poll(received).toEqual(['worker 1']);
  await expect(status).toHaveAccessibleName('All changes synced');
  await page.screenshot({ path: `${shots}/05-other-user-synced-390.png` });

  await signOutThroughMenu(page);
  await expect(page).toHaveURL(/\/login/);
  await signIn({ user: demo.admin.userName });
  await openSignedIn(page);
  await expect.poll(received, { timeout: FIRST_LOAD_TIMEOUT_MS }).toEqual(['worker 1', 'admin 1', 'admin 2']);
  await expect(status).toHaveAccessibleName('All changes synced', { timeout: FIRST_LOAD_TIMEOUT_MS });
  const owners = new Set(server.received.slice(1).map((c) => c.owner.userId));
  expect(owners.size).toBe(1);
  expect(owners.has(server.received[0]!.owner.userId)).toBe(false);
});

test('against the server: an edit made offline reaches the permit once; an invalid one is refused with its reason and kept', async ({
  page,
  context,
}, testInfo) => {
  testInfo.setTimeout(FIRST_LOAD_TIMEOUT_MS + 120_000);
  const login = await page.request.post('/api/login', {
    data: {
      connectionStringName: demo.connection,
      facilityId: demo.northPlant.ID,
      username: demo.admin.userName,
      password: demo.password,
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const type = (await (await page.request.get('/api/permits/types/LOTO', { headers })).json()) as { ID: number };
  const start = new Date(Date.now() + 3_600_000);
  const core = {
    title: 'Offline sync e2e',
    description: 'Made online, edited offline.',
    workMethod: 'Lock out the feeder.',
    areaId: null,
    assetIds: [],
    plannedStart: start.toISOString(),
    plannedEnd: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    holderId: null,
    riskLevel: 'low',
  };
  const created = await page.request.post('/api/permits', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: { permitTypeId: type.ID, ...core },
  });
  expect(created.status(), await created.text()).toBe(200);
  const permit = (await created.json()) as { ID: number; version: number };
  const title = `Edited offline ${crypto.randomUUID().slice(0, 8)}`;

  await openSignedIn(page);
  const status = page.getByTestId('sync-status');
  await context.setOffline(true);
  await expect(page).toHaveURL('/offline/dashboard');
  const edit = { name: 'permit.edit', targetId: permit.ID, baseVersion: permit.version };
  await queue(page, { ...core, title }, edit);
  await queue(page, { ...core, title: '' }, edit);
  await expect(status).toHaveAccessibleName('2 changes waiting to sync');

  await context.setOffline(false);
  await expect(status).toHaveAccessibleName('1 change needs attention');
  const after = (await (await page.request.get(`/api/permits/${permit.ID}`, { headers })).json()) as {
    title: string;
    version: number;
  };
  expect(after.title).toBe(title);
  expect(after.version).toBe(permit.version + 1);

  await status.click();
  const panel = page.getByRole('dialog', { name: 'Offline changes' });
  await expect(panel.getByText('Refused by the server')).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: `${shots}/06-server-refusal-390.png` });
  const issues = (await (await page.request.get('/api/sync/conflicts?outcome=rejected', { headers })).json()) as {
    issues: { name: string; device: { input: { title: string } } }[];
  };
  expect(issues.issues.filter((i) => i.name === 'permit.edit' && i.device.input.title === '')).not.toHaveLength(0);

  // The notification about it opens where the refusal is shown (decision 0062): the offline
  // dashboard's changes needing attention, at that change, marked and in view.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const inbox = page.getByRole('dialog', { name: 'Notifications' });
  await inbox
    .getByRole('button', { name: /An offline change was rejected: Edit the permit/ })
    .first()
    .click();
  // (Newest first: this one, unless a parallel spec's refusal for this user came in between.)
  await expect(page).toHaveURL(/\/offline\/dashboard\?issue=\d+$/);
  const linked = page.getByRole('main').locator('[data-linked]');
  await expect(linked).toHaveCount(1);
  await expect(linked).toContainText('Edit the permit');
  await expect(linked).not.toContainText('permit.edit');
  await expect(linked).toContainText('Refused by the server');
  await expect(linked).toBeInViewport();
  await expect(linked).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shots}/07-notification-link-390.png` });
});
