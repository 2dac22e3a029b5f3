import { expandOfflinePermits, type OfflineDownload } from '@hasp/contracts';
import type { HaspDatabase, Owner, ReferenceItem, StoredPermit } from '../../../offline-db';

/** `<connection>:<facility>:`: the start of every permit and reference key of one database and facility. */
export const scopeKey = (owner: Owner) => `${owner.connectionStringName}:${owner.facilityId}:`;
export const permitKeyOf = (owner: Owner, id: number | string) => `${scopeKey(owner)}${id}`;
export const referenceKeyOf = (owner: Owner, kind: string) => `${scopeKey(owner)}${kind}`;
/** The meta row that says what this user last took offline in this facility (`OfflineAvailabilityState`). */
export const availabilityKeyOf = (owner: Owner) =>
  `offline-download:${owner.connectionStringName}:${owner.facilityId}:${owner.userId}`;

export interface StoreResult {
  /** Permits written (new or replacing an older copy). */
  stored: number;
  /** Permits left as they are on this device because changes made here wait in the outbox. */
  kept: number;
  /** The keys of every permit of the page (stored or kept). */
  keys: string[];
}

/** The keys of stored permits the outbox still needs (an item pending, sending, in conflict or refused). */
async function keysWithQueuedChanges(db: HaspDatabase, owner: Owner): Promise<Set<string>> {
  const waiting = new Set<string>();
  await db.outbox
    .where('permitKey')
    .startsWith(scopeKey(owner))
    .each((item) => {
      if (item.permitKey) waiting.add(item.permitKey);
    });
  return waiting;
}

/**
 * Writes one page of a type's download in one transaction (bulk: one put for all its permits): the
 * new copies replace the stored ones, except a permit with an item in the outbox: its local copy
 * carries changes the server has not confirmed, so it stays as it is until the outbox is through
 * with it. The reference data is replaced too. Each permit is stored as the section routes answer
 * it: what the page sent once for all its permits (`shared`, decision 0065) is put back in each.
 */
export async function storeDownload(
  db: HaspDatabase,
  owner: Owner,
  download: OfflineDownload,
  now = new Date().toISOString(),
): Promise<StoreResult> {
  const type = download.permitType.code;
  const permits = expandOfflinePermits(download.permits, download.shared);
  return db.transaction('rw', db.permits, db.reference, db.outbox, async () => {
    const waiting = await keysWithQueuedChanges(db, owner);
    const rows: StoredPermit[] = [];
    const keys: string[] = [];
    let kept = 0;
    for (const offline of permits) {
      const key = permitKeyOf(owner, offline.permit.ID);
      keys.push(key);
      if (waiting.has(key)) {
        kept += 1;
        continue;
      }
      rows.push({ ...owner, key, permitType: type, version: offline.permit.version, data: offline, updatedAt: now });
    }
    await db.permits.bulkPut(rows);
    const reference: ReferenceItem[] = Object.entries(download.reference).map(([kind, data]) => {
      // The type's own description is per type; people and lists are the facility's.
      const stored = kind === 'permit-type' ? `permit-type:${type}` : kind;
      return {
        key: referenceKeyOf(owner, stored),
        connectionStringName: owner.connectionStringName,
        facilityId: owner.facilityId,
        kind: stored,
        data,
        updatedAt: now,
      };
    });
    await db.reference.bulkPut(reference);
    return { stored: rows.length, kept, keys };
  });
}

/**
 * After the last page: the type's stored copies the download no longer named (closed, cancelled,
 * no longer the user's) are removed — unless the outbox still needs them, or they were made here.
 */
export async function removeStaleCopies(
  db: HaspDatabase,
  owner: Owner,
  type: string,
  downloaded: ReadonlySet<string>,
): Promise<number> {
  return db.transaction('rw', db.permits, db.outbox, async () => {
    const waiting = await keysWithQueuedChanges(db, owner);
    const existing = await db.permits
      .where('[connectionStringName+facilityId+permitType]')
      .equals([owner.connectionStringName, owner.facilityId, type])
      .primaryKeys();
    const stale = existing.filter(
      (key) => !downloaded.has(key) && !waiting.has(key) && !key.startsWith(`${scopeKey(owner)}local:`),
    );
    await db.permits.bulkDelete(stale);
    return stale.length;
  });
}
