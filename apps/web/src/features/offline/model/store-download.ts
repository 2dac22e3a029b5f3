import { summaryOf, type HaspDatabase, type Owner, type ReferenceItem } from '../../../offline-db';
import type { DownloadedPage } from '../api/download-permits';

/** `<connection>:<facility>:`: the start of every permit and reference key of one database and facility. */
export const scopeKey = (owner: Pick<Owner, 'connectionStringName' | 'facilityId'>) =>
  `${owner.connectionStringName}:${owner.facilityId}:`;
export const permitKeyOf = (owner: Owner, id: number | string) => `${scopeKey(owner)}${id}`;
export const referenceKeyOf = (owner: Owner, kind: string) => `${scopeKey(owner)}${kind}`;
/** The meta row that says what this user last took offline in this facility (`OfflineAvailabilityState`). */
export const availabilityKeyOf = (owner: Owner) =>
  `offline-download:${owner.connectionStringName}:${owner.facilityId}:${owner.userId}`;
/**
 * The meta row that holds the cursor of this user's last complete download of a type
 * (`DownloadCursorState`): its next download asks only for what changed since (decision 0118).
 */
export const cursorKeyOf = (owner: Owner, type: string) =>
  `offline-cursor:${owner.connectionStringName}:${owner.facilityId}:${owner.userId}:${type}`;

/** What a complete download left for the next one: its cursor, of which scope, over how many stored pages. */
export interface DownloadCursorState {
  cursor: string;
  scope: string;
  /** The type's pages this download left: fewer now means stored permits were lost, and the next download is whole. */
  pages: number;
}
/** The meta row that says what this user chose to keep on this device in this facility (`OfflineScope`; absent: their own work). */
export const scopeChoiceKeyOf = (owner: Owner) =>
  `offline-scope:${owner.connectionStringName}:${owner.facilityId}:${owner.userId}`;

export interface StoreResult {
  /** Permits written (new or replacing an older copy). */
  stored: number;
  /** Permits left as they are on this device because changes made here wait in the outbox. */
  kept: number;
  /** The keys of every permit of the page (stored or kept). */
  keys: string[];
  /** The page's own key (null for a page with no permits). */
  pageKey: string | null;
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

/** `<connection>:<facility>:page:<user>:<type>:`: the start of the keys of one owner's pages of a type. */
export const pageKeyPrefixOf = (owner: Owner, type: string) => `${scopeKey(owner)}page:${owner.userId}:${type}:`;

/**
 * Writes one page of a type's download in one transaction (decision 0078): a row with its permits'
 * list columns and one with the page's text as it came, instead of a row per permit (IndexedDB's
 * cost is per record). The page's permits stored as rows before (changed here, refreshed after a
 * sync, a version-2 download) are deleted so the new copy shows, except a permit with an item in
 * the outbox: its local copy carries changes the server has not confirmed, so it stays and wins
 * until the outbox is through with it. The reference data is replaced too.
 */
export async function storeDownload(
  db: HaspDatabase,
  owner: Owner,
  { page: download, text }: DownloadedPage,
  now = new Date().toISOString(),
  /** Set for an incremental download's page (its cursor): its key must not replace an older page that starts at the same permit. */
  keyTag = '',
): Promise<StoreResult> {
  const type = download.permitType.code;
  const ids = download.permits.map((p) => p.permit.ID);
  const keys = ids.map((id) => permitKeyOf(owner, id));
  const pageKey = ids.length ? `${pageKeyPrefixOf(owner, type)}${ids[0]}${keyTag && `~${keyTag}`}` : null;
  return db.transaction('rw', [db.permits, db.pages, db.pageTexts, db.reference, db.outbox], async () => {
    const waiting = await keysWithQueuedChanges(db, owner);
    const rows = new Set(
      await db.permits
        .where('[connectionStringName+facilityId+permitType]')
        .equals([owner.connectionStringName, owner.facilityId, type])
        .primaryKeys(),
    );
    await db.permits.bulkDelete(keys.filter((key) => rows.has(key) && !waiting.has(key)));
    if (pageKey) {
      await db.pages.put({
        ...owner,
        key: pageKey,
        permitType: type,
        permitIds: ids,
        // A page's permits are of its type (sent once a page: decision 0086).
        summaries: download.permits.map((p) => summaryOf(p.permit, download.permitType.name)),
        updatedAt: now,
      });
      await db.pageTexts.put({ key: pageKey, text });
    }
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
    const kept = keys.filter((key) => waiting.has(key)).length;
    return { stored: keys.length - kept, kept, keys, pageKey };
  });
}

/**
 * Inside a transaction over the permits and the outbox: deletes the type's permit rows that `kept`
 * does not keep, except those the outbox still needs and those made here (`local:`).
 */
async function deleteRowsNotKept(db: HaspDatabase, owner: Owner, type: string, kept: (key: string) => boolean) {
  const waiting = await keysWithQueuedChanges(db, owner);
  const existing = await db.permits
    .where('[connectionStringName+facilityId+permitType]')
    .equals([owner.connectionStringName, owner.facilityId, type])
    .primaryKeys();
  const stale = existing.filter(
    (key) => !kept(key) && !waiting.has(key) && !key.startsWith(`${scopeKey(owner)}local:`),
  );
  await db.permits.bulkDelete(stale);
  return { stale, waiting };
}

/**
 * After the last page: the type's stored copies the download no longer named (closed, cancelled,
 * no longer the user's) are removed — unless the outbox still needs them, or they were made here —
 * and so are this user's pages of the type that this download did not write (an older download's).
 */
export async function removeStaleCopies(
  db: HaspDatabase,
  owner: Owner,
  type: string,
  downloaded: ReadonlySet<string>,
  pages: ReadonlySet<string> = new Set(),
): Promise<number> {
  return db.transaction('rw', [db.permits, db.pages, db.pageTexts, db.outbox], async () => {
    const { stale } = await deleteRowsNotKept(db, owner, type, (key) => downloaded.has(key));
    const pageKeys = await db.pages.where('key').startsWith(pageKeyPrefixOf(owner, type)).primaryKeys();
    const stalePages = pageKeys.filter((key) => !pages.has(key));
    await db.pages.bulkDelete(stalePages);
    await db.pageTexts.bulkDelete(stalePages);
    return stale.length + stalePages.length;
  });
}

/**
 * After an incremental download (decision 0118): what the device holds of the type becomes what
 * the server says is in it. A permit not in `inScope` leaves (its rows and its place on every page),
 * unless the outbox still needs it or it was made here; a permit the download sent is taken off the
 * older pages (the new page holds it now); a page left with no permit goes. Resolves with the
 * number of the type's pages left.
 */
export async function keepInScope(
  db: HaspDatabase,
  owner: Owner,
  type: string,
  inScope: ReadonlySet<number>,
  written: { pageKeys: ReadonlySet<string>; ids: ReadonlySet<number> },
): Promise<number> {
  return db.transaction('rw', [db.permits, db.pages, db.pageTexts, db.outbox], async () => {
    const { waiting } = await deleteRowsNotKept(db, owner, type, (key) =>
      inScope.has(Number(key.slice(scopeKey(owner).length))),
    );
    let count = 0;
    for (const page of await db.pages.where('key').startsWith(pageKeyPrefixOf(owner, type)).toArray()) {
      if (written.pageKeys.has(page.key)) {
        count += 1;
        continue;
      }
      const kept = page.permitIds.filter(
        (id) => (inScope.has(id) || waiting.has(permitKeyOf(owner, id))) && !written.ids.has(id),
      );
      if (kept.length === 0) {
        await db.pages.delete(page.key);
        await db.pageTexts.delete(page.key);
        continue;
      }
      count += 1;
      if (kept.length === page.permitIds.length) continue;
      const keep = new Set(kept);
      await db.pages.put({
        ...page,
        permitIds: kept,
        summaries: page.summaries.filter((s) => typeof s.ID === 'number' && keep.has(s.ID)),
      });
    }
    return count;
  });
}
