import { expect, type Page } from '@playwright/test';
import { expandOfflinePermits, type OfflineDownload, type OfflinePermit } from '@hasp/contracts';
import { FIRST_LOAD_TIMEOUT_MS } from './platform';

/**
 * The offline specs' shared helpers: the app's browser database read and written through
 * the page's own library (window.Dexie, seed section 9), moves inside the loaded app, the service
 * worker, and the phone's touch targets.
 */

/** The little of Dexie these helpers use (the page's own library, window.Dexie). */
export interface DexieLike {
  version(n: number): { stores(s: Record<string, string>): void };
  open(): Promise<unknown>;
  close(): void;
  table(name: string): {
    bulkPut(rows: unknown[]): Promise<unknown>;
    count(): Promise<number>;
    toArray(): Promise<Array<Record<string, unknown>>>;
    orderBy(index: string): { toArray(): Promise<Array<Record<string, unknown>>> };
  };
}

/** The app's Dexie schema version (apps/web/src/offline-db/db.ts). */
export const OFFLINE_DB_VERSION = 3;

/** The app's Dexie version 3 schema (apps/web/src/offline-db/db.ts), for a page that has not opened it yet. */
export const offlineStores = {
  outbox:
    'idempotencyKey, [connectionStringName+facilityId+userId], [connectionStringName+facilityId+userId+deviceSeq], permitKey, status',
  permits: 'key, [connectionStringName+facilityId], [connectionStringName+facilityId+permitType], updatedAt',
  reference: 'key, [connectionStringName+facilityId]',
  meta: 'key',
  pages: 'key, [connectionStringName+facilityId+userId+permitType], *permitIds',
  pageTexts: 'key',
};

/** Writes rows into the app's browser database through the page (the library the seed exposes). */
export async function seedDevice(page: Page, rows: { permits?: unknown[]; reference?: unknown[] }): Promise<void> {
  await page.waitForFunction(() => 'Dexie' in window, undefined, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.evaluate(
    async ({ rows, stores, version }) => {
      const DexieClass = (window as unknown as { Dexie: new (name: string) => DexieLike }).Dexie;
      const db = new DexieClass('hasp');
      db.version(version).stores(stores);
      await db.open();
      if (rows.permits) await db.table('permits').bulkPut(rows.permits);
      if (rows.reference) await db.table('reference').bulkPut(rows.reference);
      db.close();
    },
    { rows, stores: offlineStores, version: OFFLINE_DB_VERSION },
  );
}

export interface QueuedItem {
  name: string;
  targetId: unknown;
  baseVersion: unknown;
  status: string;
  input?: unknown;
}

/** Every outbox item on the device, in device-sequence order (all owners). */
export async function outboxItems(page: Page): Promise<Array<Record<string, unknown>>> {
  await page.waitForFunction(() => 'Dexie' in window, undefined, { timeout: FIRST_LOAD_TIMEOUT_MS });
  return page.evaluate(
    async ({ stores, version }) => {
      const DexieClass = (window as unknown as { Dexie: new (name: string) => DexieLike }).Dexie;
      const db = new DexieClass('hasp');
      // The app's database as it is (whatever its version: Dexie reads the schema), or made at the app's.
      if (!(await indexedDB.databases()).some((d) => d.name === 'hasp' && (d.version ?? 0) > 0))
        db.version(version).stores(stores);
      await db.open();
      try {
        return await db.table('outbox').orderBy('[connectionStringName+facilityId+userId+deviceSeq]').toArray();
      } finally {
        db.close();
      }
    },
    { stores: offlineStores, version: OFFLINE_DB_VERSION },
  );
}

/** The device's outbox in the order it syncs (device sequence per owner), as the specs check it. */
export async function outboxOf(page: Page): Promise<QueuedItem[]> {
  return (await outboxItems(page)).map((i) => ({
    name: i.name as string,
    targetId: i.targetId,
    baseVersion: i.baseVersion,
    status: i.status as string,
    // A lock command's input names the lock's local id (apply) or the one it removes.
    ...(String(i.name).startsWith('lock.') ? { input: i.input } : {}),
  }));
}

/** A client-side move (the app is loaded; with no network a page load needs the service worker). */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Every visible button of the page's main region is a one-hand touch target (44 px tall). */
export async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page
    .getByRole('main')
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((b) => (b as HTMLElement).offsetParent !== null)
        .map((b) => ({
          text: b.textContent?.trim() || b.getAttribute('aria-label'),
          h: b.getBoundingClientRect().height,
        }))
        .filter((b) => b.h < 44),
    );
  expect(small).toEqual([]);
}

/** Waits until a service worker is active and controls the page (it registers once the app is stable, 30 s at most). */
export function controllingWorker(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return navigator.serviceWorker.controller?.scriptURL ?? null;
  });
}

/**
 * The titles of the permits stored on the device (window.Dexie, seed section 9): the permit rows and
 * the permits of the download's pages (decision 0078: a page a row, its list columns in `summaries`).
 */
export function storedPermitTitles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Db = {
      open(): Promise<unknown>;
      close(): void;
      tables: { name: string }[];
      table(name: string): {
        toArray(): Promise<{ data?: { permit: { title: string } }; summaries?: { title: string }[] }[]>;
      };
    };
    const Dexie = (window as unknown as { Dexie?: new (name: string) => Db }).Dexie;
    // Only once the app has made its database: opening (or Dexie.exists on) one that is not there
    // yet makes an empty one and then deletes it — taking the app's own with it if the app opened
    // it in between (it lost what it had kept, and the test saw the app "forget").
    if (!Dexie || !(await indexedDB.databases()).some((d) => d.name === 'hasp' && (d.version ?? 0) > 0)) return [];
    const db = new Dexie('hasp');
    try {
      await db.open();
      if (!db.tables.some((t) => t.name === 'permits')) return [];
      const rows = (await db.table('permits').toArray()).map((row) => row.data!.permit.title);
      if (!db.tables.some((t) => t.name === 'pages')) return rows;
      const pages = (await db.table('pages').toArray()).flatMap((page) => page.summaries!.map((s) => s.title));
      return [...rows, ...pages];
    } finally {
      db.close();
    }
  });
}

/**
 * Waits until the app's download after sign-in has finished (it writes its `offline-download:` meta
 * row last). A permit a spec seeds before then can be removed again by that download's clean-up of
 * copies it did not name (seen as a flaky "does not exist" on the offline permit page).
 */
export async function firstDownloadDone(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const Dexie = (window as unknown as { Dexie?: new (name: string) => DexieLike }).Dexie;
          // Only once the app has made its database (probing one that is not there would make it).
          if (!Dexie || !(await indexedDB.databases()).some((d) => d.name === 'hasp' && (d.version ?? 0) > 0))
            return false;
          const db = new Dexie('hasp');
          await db.open();
          try {
            const rows = (await db.table('meta').toArray()) as Array<{ key: string }>;
            return rows.some((row) => row.key.startsWith('offline-download:'));
          } finally {
            db.close();
          }
        }),
      { timeout: FIRST_LOAD_TIMEOUT_MS },
    )
    .toBe(true);
}

/** A stored permit as the app reads it (offline-db's StoredPermit). */
export interface StoredPermitRow {
  key: string;
  connectionStringName: string;
  facilityId: number;
  userId: number;
  permitType: string;
  version: number;
  data: OfflinePermit;
  updatedAt: string;
}

/**
 * A stored permit whole, as the app's `storedPermitOf` reads it (decision 0078): its `permits` row,
 * else the newest download page holding it, rebuilt here with the contracts' `expandOfflinePermits`.
 */
export async function storedPermitRow(page: Page, key: string, id: number): Promise<StoredPermitRow | undefined> {
  const found = await page.evaluate(
    async ({ key, id }) => {
      type Row = Record<string, unknown> & { key: string; updatedAt: string };
      type Db = {
        open(): Promise<unknown>;
        close(): void;
        table(name: string): {
          get(key: string): Promise<Row | undefined>;
          where(index: string): { equals(value: unknown): { toArray(): Promise<Row[]> } };
        };
      };
      const db = new (window as unknown as { Dexie: new (name: string) => Db }).Dexie('hasp');
      await db.open();
      try {
        const row = await db.table('permits').get(key);
        if (row) return { row };
        const pages = await db.table('pages').where('permitIds').equals(id).toArray();
        const newest = pages.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
        if (!newest) return undefined;
        const text = (await db.table('pageTexts').get(newest.key))?.text as string;
        return { page: newest, text };
      } finally {
        db.close();
      }
    },
    { key, id },
  );
  if (!found) return undefined;
  if ('row' in found) return found.row as unknown as StoredPermitRow;
  const download = JSON.parse(found.text) as OfflineDownload;
  const compact = download.permits.find((p) => p.permit.ID === id);
  if (!compact) return undefined;
  const data = expandOfflinePermits([compact], download.shared)[0]!;
  const { connectionStringName, facilityId, userId, permitType, updatedAt } = found.page as unknown as StoredPermitRow;
  return { key, connectionStringName, facilityId, userId, permitType, version: data.permit.version, data, updatedAt };
}
