import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { signInSession } from '../support/api-user';
import { expect, test } from '../support/fixtures';
import { withDatabase } from '../support/database';
import { demo, signInWithForm } from '../support/hasp';
import { outboxItems } from '../support/offline';
import { permitBody, serverTitleCounts } from '../support/offline-device';
import { createUserLike } from '../support/permit-users';
import { FIRST_LOAD_TIMEOUT_MS } from '../support/platform';
import { phone } from '../support/sign-in';

// An outbox surviving upgrades, in a real browser: an app upgrade with a non-empty outbox. The device holds the
// browser database as the first version of the app made it (Dexie version 1: items with `type`,
// `payload`, `createdAt`, no device sequence), with a user's queued work in it: a permit made
// offline, an edit of it, and an edit of a permit the server has. The current app opens it (Dexie
// upgrades it step by step through every version since), the user signs in, and every item reaches
// the server exactly once. apps/web/src/offline-db/upgrade-v2.test.ts checks each field of the
// migration; this checks Chromium's own IndexedDB upgrade and the sync after it.
test.use({ viewport: phone, hasTouch: true, serviceWorkers: 'block' });

const dexieScript = createRequire(import.meta.url).resolve('dexie/dist/dexie.js');

test('R32: an upgrade with queued items from the first version migrates them all, and they sync once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createUserLike('supervisor', 'upgrade');
  const session = await signInSession(request, user);
  const headers = { authorization: `Bearer ${session.token}` };
  const typeId = await withDatabase(
    async (client) =>
      (await client.query<{ id: number }>(`select id from permit_types where facility_id = 1 and code = 'LOTO'`))
        .rows[0]!.id,
  );
  const run = `Upgrade ${Date.now().toString(36)}`;
  const existing = await request.post('/api/permits', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: permitBody(typeId, `${run} server`),
  });
  expect(existing.status(), await existing.text()).toBe(200);
  const serverPermit = (await existing.json()) as { ID: number };

  // The device before the upgrade: the first version's database, written by Dexie itself on a page
  // of the app's origin that runs none of the app's code.
  await page.goto('/manifest.webmanifest');
  // Run through the debugging protocol: the page's Content Security Policy refuses an added script tag.
  await page.evaluate(readFileSync(dexieScript, 'utf8'));
  const local = `local:${crypto.randomUUID()}`;
  const { permitTypeId: _type, ...edit } = permitBody(typeId, `${run} made offline, edited`);
  await page.evaluate(
    async ({ owner, items }) => {
      type V1 = {
        version(n: number): { stores(s: Record<string, string>): void };
        open(): Promise<unknown>;
        close(): void;
        table(name: string): { bulkAdd(rows: unknown[]): Promise<unknown> };
      };
      const Dexie = (window as unknown as { Dexie: new (name: string) => V1 }).Dexie;
      const db = new Dexie('hasp');
      db.version(1).stores({
        outbox: 'idempotencyKey, [connectionStringName+facilityId+userId], permitKey, createdAt, status',
        permits: 'key, [connectionStringName+facilityId], [connectionStringName+facilityId+permitType], updatedAt',
      });
      await db.open();
      await db.table('outbox').bulkAdd(items.map((item) => ({ ...owner, status: 'pending', attempts: 0, ...item })));
      db.close();
    },
    {
      owner: { connectionStringName: demo.connection, facilityId: demo.northPlant.ID, userId: session.userId },
      items: [
        // Stored out of queue order: the upgrade numbers them by createdAt.
        {
          idempotencyKey: crypto.randomUUID(),
          type: 'permit.edit',
          payload: edit,
          permitKey: `${demo.connection}:${demo.northPlant.ID}:${local}`,
          createdAt: new Date(Date.now() - 60_000).toISOString(),
        },
        {
          idempotencyKey: crypto.randomUUID(),
          type: 'permit.create',
          payload: permitBody(typeId, `${run} made offline`),
          permitKey: `${demo.connection}:${demo.northPlant.ID}:${local}`,
          createdAt: new Date(Date.now() - 120_000).toISOString(),
        },
        {
          idempotencyKey: crypto.randomUUID(),
          type: 'permit.edit',
          payload: (({ permitTypeId: _t, ...rest }) => rest)(permitBody(typeId, `${run} server, edited`)),
          permitKey: `${demo.connection}:${demo.northPlant.ID}:${serverPermit.ID}`,
          createdAt: new Date(Date.now() - 30_000).toISOString(),
        },
      ],
    },
  );

  // The current app opens the old database after sign-in (upgraded on open), and syncs what it holds.
  await page.goto('/login');
  await signInWithForm(page, user.userName, { facility: demo.northPlant.name });
  await expect(page).not.toHaveURL(/\/login/, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await expect(page.getByTestId('sync-status')).toHaveAccessibleName('All changes synced', {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
  // Upgraded past version 1 (Dexie's version n is IndexedDB's 10 × n).
  const version = await page.evaluate(
    async () => (await indexedDB.databases()).find((d) => d.name === 'hasp')?.version,
  );
  expect(version).toBeGreaterThan(10);
  expect(await outboxItems(page)).toEqual([]);

  // Every item exactly once on the server: the offline permit made and edited, the other edited.
  const counts = await serverTitleCounts(request, headers, run);
  expect(Object.fromEntries(counts)).toEqual({
    [`${run} made offline, edited`]: 1,
    [`${run} server, edited`]: 1,
  });
  const history = (await (await request.get(`/api/permits/${serverPermit.ID}/history`, { headers })).json()) as {
    action: string;
  }[];
  expect(history.filter((h) => h.action === 'permit.edit')).toHaveLength(1);
  console.log(`R32 upgrade: 3 items queued under version 1, migrated 3, synced 3, outbox left 0`);
});
