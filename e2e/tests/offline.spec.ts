import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo, signInWithForm } from '../support/hasp';
import { controllingWorker, storedPermitRow, storedPermitTitles } from '../support/offline';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { e2eWebDist } from '../support/ports';
import { expectNoSeriousViolations, expectNoSidewaysScroll, waitForTransitions } from '../support/quality';

// As a new user tries it: sign in, lose the network at once, and the
// offline dashboard, the offline index and the permit page still work; the user's permits were
// taken offline right after sign-in; a reload with no network opens the app with them.
const shots = '/tmp/shots-offline';
mkdirSync(shots, { recursive: true });

const crashText = 'Something went wrong';

async function shot(page: Page, name: string) {
  await waitForTransitions(page);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** A LOTO draft of the supervisor's through the API (its own unique title), for this test only. */
async function supervisorDraft(request: APIRequestContext, title: string) {
  const login = await request.post('/api/login', {
    data: {
      connectionStringName: demo.connection,
      facilityId: demo.northPlant.ID,
      username: demo.supervisor.userName,
      password: demo.password,
    },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const type = await request.get('/api/permits/types/LOTO', { headers });
  expect(type.status()).toBe(200);
  const typeId = ((await type.json()) as { ID: number }).ID;
  const start = new Date(Date.now() + 3_600_000);
  const created = await request.post('/api/permits', {
    headers,
    data: {
      permitTypeId: typeId,
      title,
      description: '',
      workMethod: '',
      areaId: null,
      assetIds: [],
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
      holderId: null,
      riskLevel: null,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as { ID: number; number: string };
}

type StoredRow = {
  key: string;
  version: number;
  connectionStringName: string;
  facilityId: number;
  userId: number;
  data: { permit: { title: string } };
};
interface PageDb {
  open(): Promise<unknown>;
  close(): void;
  table(name: string): {
    toArray(): Promise<{ key: string; value: { updatedAt?: string } }[]>;
    get(key: string): Promise<StoredRow>;
    put(row: object): Promise<unknown>;
    delete(key: string): Promise<unknown>;
  };
}

/** When this user's permits were last taken offline (the meta row the download writes), '' before the first. */
function lastUpdate(page: Page) {
  return page.evaluate(async () => {
    const db = new (window as unknown as { Dexie: new (name: string) => PageDb }).Dexie('hasp');
    await db.open();
    try {
      const rows = await db.table('meta').toArray();
      return rows.find((r) => r.key.startsWith('offline-download:Demo:1:'))?.value.updatedAt ?? '';
    } finally {
      db.close();
    }
  });
}

/** Changes a stored permit's title on this device and queues an outbox item for it (it stands for real queued work). */
async function changeLocally(page: Page, key: string, id: number) {
  // The permit as the app reads it (a download page since decision 0078), changed as a row of its own.
  const row = await storedPermitRow(page, key, id);
  if (!row) throw new Error(`No stored permit ${key}`);
  row.data.permit.title = 'Changed on this device';
  return page.evaluate(
    async ({ row, key, id }) => {
      const db = new (window as unknown as { Dexie: new (name: string) => PageDb }).Dexie('hasp');
      await db.open();
      try {
        await db.table('permits').put(row);
        await db.table('outbox').put({
          idempotencyKey: `e2e-${key}`,
          connectionStringName: row.connectionStringName,
          facilityId: row.facilityId,
          userId: row.userId,
          deviceSeq: 999_999,
          permitKey: key,
          status: 'rejected',
          name: 'permit.edit',
          targetId: id,
          input: {},
          baseVersion: row.version,
          attempts: 0,
          deviceId: 'e2e',
          deviceTime: new Date().toISOString(),
        });
      } finally {
        db.close();
      }
    },
    { row, key, id },
  );
}

function removeQueuedItem(page: Page, key: string) {
  return page.evaluate(async (key) => {
    const db = new (window as unknown as { Dexie: new (name: string) => PageDb }).Dexie('hasp');
    await db.open();
    try {
      await db.table('outbox').delete(`e2e-${key}`);
    } finally {
      db.close();
    }
  }, key);
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`offline at ${viewport.width} px`, () => {
    test.use({ serviceWorkers: 'allow', viewport: { width: viewport.width, height: viewport.height } });

    test('permits taken offline after sign-in: dashboard, index, permit page, and a reload with no network', async ({
      page,
      context,
      request,
    }) => {
      // Two downloads, the service worker's installation (30 s at most after the app is stable) and
      // two offline reloads: minutes on a loaded 2-core machine.
      test.setTimeout(300_000);
      const title = `Offline ${viewport.name} ${Date.now()}`;
      const permit = await supervisorDraft(request, title);

      await page.goto('/login');
      await signInWithForm(page, demo.supervisor.userName, { facility: demo.northPlant.name });
      await expect(page).not.toHaveURL(/\/login/, { timeout: FIRST_LOAD_TIMEOUT_MS });
      // Taken offline automatically right after sign-in.
      await expect.poll(() => storedPermitTitles(page), { timeout: FIRST_LOAD_TIMEOUT_MS }).toContain(title);
      // A stored permit with changes queued on this device keeps its local copy when the permits are
      // taken offline again (the outbox item here stands for one; removed again below).
      const key = `${demo.connection}:${demo.northPlant.ID}:${permit.ID}`;
      // The download after sign-in has finished (all types), so the next one starts after the change below.
      await expect.poll(() => lastUpdate(page), { timeout: FIRST_LOAD_TIMEOUT_MS }).not.toBe('');
      const before = await lastUpdate(page);
      await changeLocally(page, key, permit.ID);
      await page.goto('/offline/dashboard');
      await page.getByRole('button', { name: 'Update offline permits' }).click();
      await expect.poll(() => lastUpdate(page), { timeout: FIRST_LOAD_TIMEOUT_MS }).not.toBe(before);
      await expect(page.getByRole('main').getByRole('row').filter({ hasText: permit.number })).toContainText(
        'Changed on this device',
      );
      await removeQueuedItem(page, key);

      // The reload below needs the service worker (this first session's code came with the preload).
      expect(await controllingWorker(page)).toMatch(/\/sw\.js$/);

      await context.setOffline(true);
      try {
        await expect(page).toHaveURL('/offline/dashboard');
        const main = page.getByRole('main');
        await expect(main.getByTestId('offline-availability')).toContainText(
          /^Available offline: \d+ permits?, updated /,
        );
        const group = main.getByRole('region', { name: /LOTO Permit/ });
        const link = group.getByRole('link', { name: permit.number });
        await expect(link).toBeVisible();
        await expect(group.getByRole('row').filter({ hasText: permit.number })).toContainText('Draft');
        await expectNoSeriousViolations(page);
        if (viewport.width === 390) await expectNoSidewaysScroll(page, 390);
        await shot(page, `dashboard-${viewport.name}`);

        await group.getByRole('link', { name: 'Open the offline index' }).click();
        await expect(page).toHaveURL('/offline/permit/LOTO/index');
        const row = main.getByRole('row').filter({ hasText: permit.number });
        await expect(row).toContainText(permit.number);
        await expectNoSeriousViolations(page);
        await shot(page, `index-${viewport.name}`);
        const box = await row.getByRole('link', { name: permit.number }).boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

        // The permit page's code is here with no network (its offline data source is the permit page's own).
        await row.getByRole('link', { name: permit.number }).click();
        await expect(page).toHaveURL(`/Permit/Edit/${permit.ID}`);
        await expect(page.getByText(crashText)).toHaveCount(0);
        await expect(page.getByRole('main')).toBeVisible();
        await shot(page, `permit-${viewport.name}`);

        // A reload with no network opens the app, still signed in, with the stored permits.
        await page.goto('/offline/dashboard');
        await expect(main.getByRole('heading', { name: 'Offline Dashboard' })).toBeVisible({
          timeout: FIRST_LOAD_TIMEOUT_MS,
        });
        await expect(main.getByRole('link', { name: permit.number })).toBeVisible();
        await expect(page).toHaveURL('/offline/dashboard');
        await shot(page, `reloaded-offline-${viewport.name}`);
      } finally {
        await context.setOffline(false);
      }
    });
  });
}

test.describe('the service worker', () => {
  test('precaches every built chunk of the app (the monitoring SDK is only used online)', async ({ request }) => {
    const worker = await (await request.get('/sw.js')).text();
    const files = readdirSync(path.join(e2eWebDist, 'assets')).filter(
      (name) => /\.(js|css)$/.test(name) && !name.startsWith('monitoring-sdk-'),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((name) => !worker.includes(`assets/${name}`))).toEqual([]);
    // Navigations are answered from the cached index.html (deep links open offline).
    expect(worker).toContain('createHandlerBoundToURL("/index.html")');
  });
});
