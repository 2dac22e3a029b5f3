import type { HaspDatabase } from '../../offline-db';

/** Meta key of the answer to `navigator.storage.persist()`, asked once per device (so the browser does not evict the outbox). */
export const PERSISTENCE_KEY = 'storagePersistence';

export interface PersistenceRecord {
  persisted: boolean;
  askedAt: string;
}

/**
 * Asks the browser once to keep this device's data (so it is not evicted when space runs short)
 * and records the answer; later calls read the record, and only ask again when it said no and the
 * browser now reports the storage as persisted (the user granted it in the site settings).
 */
export async function recordPersistence(db: HaspDatabase): Promise<PersistenceRecord | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const stored = (await db.meta.get(PERSISTENCE_KEY))?.value as PersistenceRecord | undefined;
  if (!storage?.persist) return stored ?? null;
  if (stored && (stored.persisted || !(await storage.persisted()))) return stored;
  const persisted = stored ? true : await storage.persist();
  const record = { persisted, askedAt: new Date().toISOString() };
  await db.meta.put({ key: PERSISTENCE_KEY, value: record });
  return record;
}

/** How much this origin uses of what the browser allows it (null where the browser does not say). */
export async function storageUsage(): Promise<{ usage: number; quota: number } | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return null;
  const { usage, quota } = await storage.estimate();
  return usage === undefined || quota === undefined ? null : { usage, quota };
}

/**
 * Whether a failed write failed because the device is out of space: IndexedDB's QuotaExceededError,
 * as Dexie passes it on (its own error of that name, or the DOMException inside).
 */
export function isStorageFull(error: unknown): boolean {
  for (let e = error as { name?: string; inner?: unknown } | undefined; e; e = e.inner as typeof e) {
    if (e.name === 'QuotaExceededError') return true;
  }
  return false;
}

/** 1536 → "1.5 KB": sizes as people read them. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
