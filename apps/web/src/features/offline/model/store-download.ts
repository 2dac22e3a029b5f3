import type { OfflineDownload } from '@hasp/contracts';
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
  /** Copies removed: no longer among the user's permits (closed, cancelled, handed to others). */
  removed: number;
}

/**
 * Writes one type's download in one transaction (bulk: one put for all permits): the new copies
 * replace the stored ones, except a permit with an item in the outbox (pending, sending, in
 * conflict or refused): its local copy carries changes the server has not confirmed, so it stays
 * as it is until the outbox is through with it. Copies of that type the download no longer names
 * are removed, unless the outbox still needs them.
 */
export async function storeDownload(
  db: HaspDatabase,
  owner: Owner,
  download: OfflineDownload,
  now = new Date().toISOString(),
): Promise<StoreResult> {
  const scope = scopeKey(owner);
  const type = download.permitType.code;
  return db.transaction('rw', db.permits, db.reference, db.outbox, async () => {
    const waiting = new Set<string>();
    await db.outbox
      .where('permitKey')
      .startsWith(scope)
      .each((item) => {
        if (item.permitKey) waiting.add(item.permitKey);
      });
    const existing = await db.permits
      .where('[connectionStringName+facilityId+permitType]')
      .equals([owner.connectionStringName, owner.facilityId, type])
      .primaryKeys();
    const rows: StoredPermit[] = [];
    let kept = 0;
    const downloaded = new Set<string>();
    for (const offline of download.permits) {
      const key = permitKeyOf(owner, offline.permit.ID);
      downloaded.add(key);
      if (waiting.has(key)) {
        kept += 1;
        continue;
      }
      rows.push({
        ...owner,
        key,
        permitType: type,
        version: offline.permit.version,
        data: offline,
        updatedAt: now,
      });
    }
    const stale = existing.filter((key) => !downloaded.has(key) && !waiting.has(key));
    await db.permits.bulkDelete(stale);
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
    return { stored: rows.length, kept, removed: stale.length };
  });
}
