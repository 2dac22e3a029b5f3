import { sql, type Kysely } from 'kysely';
import {
  OFFLINE_DOWNLOAD_MAX,
  SIGNING_SEAL_KEY_REFERENCE,
  type OfflineScope,
  type SigningSealKey,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { readInSnapshot } from '../../platform';
import { listMasterItems } from '../assets';
import { listApplicableLocks } from '../locks';
import { currentSealKey } from '../signatures';
import {
  findPermitTypeInfo,
  listFacilityPeople,
  listOfflinePermitIds,
  listViewableTypeIds,
  type OfflineType,
} from './offline-permits.repository';
import { addToCursor, createCursor, readCursor, type CursorOwner } from './offline-cursors.repository';
import { PageReader, storePageCopies, type PageCopiesToStore } from './offline-page';
import type { OfflineViewer } from './offline-permit-read';

/** The reference data the offline permit page needs (per user: the reference rows are the facility's). */
async function readReference(db: Kysely<Database>, viewer: OfflineViewer, type: OfflineType, sealKey: SigningSealKey) {
  const { facilityId, userId } = viewer.actor;
  const [people, permitType, applicableLocks, hazards, controls] = await Promise.all([
    listFacilityPeople(db, facilityId),
    findPermitTypeInfo(db, facilityId, type.id),
    // The locks the user may apply (as GET /api/permits/:id/locks/applicable): locking out offline
    // (decision 0064); a pool lock only where its permit is of a type the user may view.
    listViewableTypeIds(db, facilityId, viewer.permissions).then((permitTypeIds) =>
      listApplicableLocks(db, facilityId, userId, { permitTypeIds }),
    ),
    // The hazard analysis's pickers offline (decision 0067), as GET /api/assets/master-lists/:listKey.
    listMasterItems(db, facilityId, 'hazards'),
    listMasterItems(db, facilityId, 'controls'),
  ]);
  return {
    people,
    'permit-type': permitType,
    [`applicable-locks:${userId}`]: applicableLocks,
    'master-list:hazards': hazards,
    'master-list:controls': controls,
    // What a signature given offline is sealed with: the password never sits in the outbox in plain text.
    [SIGNING_SEAL_KEY_REFERENCE]: sealKey,
  };
}

/**
 * The most permits a first page with `since` lists to tell what changed (decision 0118): a scope
 * larger than the pages' own listing (OFFLINE_DOWNLOAD_MAX) still downloads only what changed.
 */
const SINCE_LIST_MAX = 100_000;

/** Which page of a download is asked for, of what, and the cursors it names (decision 0118). */
export interface DownloadPageQuery {
  after: number;
  limit: number;
  scope?: OfflineScope;
  /** First page: the cursor of the device's last complete download. */
  since?: string;
  /** Later pages: the first page's cursor, to which what they send is added. */
  cursor?: string;
}

/**
 * One page of the download of an offline-enabled type as JSON text (the `OfflineDownload` contract):
 * the caller's permits with their sections, and on the first page the reference data (once a
 * download: decision 0078). The permits come from their stored copies with the caller's flags
 * (decision 0082); copies read for the page are stored after it. The first page records the
 * download's cursor; with `since`, it holds only what changed since that download (decision 0118).
 */
export async function downloadOfflinePermits(
  db: Kysely<Database>,
  viewer: OfflineViewer,
  type: OfflineType,
  page: DownloadPageQuery,
  onStoreError?: (error: unknown) => void,
): Promise<string> {
  const first = page.after === 0;
  const owner: CursorOwner = {
    facilityId: viewer.actor.facilityId,
    userId: viewer.actor.userId,
    permitTypeId: type.id,
    scope: page.scope ?? 'under-way',
  };
  // The first page's reference names the sealing key, made on first need (a write): before the
  // page's read-only transaction.
  const sealKey = first ? await currentSealKey(db) : null;
  const since = first && page.since ? await readCursor(db, page.since, owner) : undefined;
  // The page's statements in one read-only snapshot: every permit of the page with its sections as
  // they were at one instant. Read one after another, a command committed between the permit's read
  // and its plan's would have given the device a permit of one moment with a plan of the next
  // (decision 0082). Inside a transaction the connection names the page's repeated statements
  // (db/prepared-statements.ts); each is still planned for its own IDs, as before: the generic plans
  // PostgreSQL chose for the pages' ID lists read more than planning saved (bench/README).
  const read = await readInSnapshot(db, 'repeatable read', async (trx) => {
    await sql`set local plan_cache_mode = force_custom_plan`.execute(trx);
    return downloadPage(trx, viewer, type, page, { sealKey, since });
  });
  // What the device is sent is recorded before it is answered: the next page (or download) names it.
  // Both records are a saving, not the answer: when one cannot be written the page still goes out —
  // without a cursor (the next download is whole), or with permits missing from it (sent again).
  const failed = (error: unknown) => {
    onStoreError?.(error);
    return null;
  };
  const cursor = first
    ? await createCursor(db, owner, read.digests).catch(failed)
    : page.cursor
      ? await addToCursor(db, page.cursor, owner, read.digests).then(() => null, failed)
      : null;
  // The copies are a cache: a page is answered even when storing them fails (then the next
  // download reads those permits again).
  await storePageCopies(db, viewer.actor.facilityId, read.toStore).catch(failed);
  return `${read.text},"cursor":${JSON.stringify(cursor)}}`;
}

/**
 * A page as text without its closing brace (the cursor is recorded after the read), what it sent
 * and kept by digest (for the cursor), and the copies it read to store. With `since`: when no more
 * than a page's permits changed, only they, on the first page, with every permit's ID; else a whole
 * download.
 */
async function downloadPage(
  db: Kysely<Database>,
  viewer: OfflineViewer,
  type: OfflineType,
  page: DownloadPageQuery,
  first: { sealKey: SigningSealKey | null; since: ReadonlyMap<number, string> | undefined },
): Promise<{ text: string; digests: Map<number, string>; toStore: PageCopiesToStore }> {
  const { facilityId, userId } = viewer.actor;
  const isFirst = page.after === 0;
  // The first page lists every permit of the download (IDs only: where each further page starts);
  // later pages one more than asked: whether a next page exists, without a count. A first page
  // with `since` lists them all up to a ceiling: what changed is told among all of them.
  const found = await listOfflinePermitIds(
    db,
    { facilityId, userId, permitTypeId: type.id, ...(page.scope ? { take: page.scope } : {}) },
    { after: page.after, limit: !isFirst ? page.limit + 1 : first.since ? SINCE_LIST_MAX : OFFLINE_DOWNLOAD_MAX },
  );
  const reader = await PageReader.open(db, viewer);
  let listed = found;
  let kept = new Map<number, string>();
  let since: string | null = null;
  // A scope at the ceiling cannot be listed whole here (a whole download follows its last page
  // beyond what its first listed): its download is whole.
  if (first.since && found.length < SINCE_LIST_MAX) {
    const { changed, unchanged } = await reader.changedSince(found, first.since);
    // More changes than a page: the whole download again (its pages run in parallel, decision
    // 0065), rather than changes spread over pages that must each find theirs.
    if (changed.length <= page.limit) {
      listed = changed;
      kept = unchanged;
      since = page.since!;
    }
  }
  const ids = listed.slice(0, page.limit);
  const nextAfter = listed.length > page.limit ? ids[ids.length - 1]! : null;
  const pageStarts: number[] | null = isFirst ? [] : null;
  for (let end = page.limit; isFirst && end < listed.length; end += page.limit) pageStarts!.push(listed[end - 1]!);
  const { permits, shared, digests } = await reader.page(ids);
  for (const [id, digest] of kept) digests.set(id, digest);
  // Once a download, on its first page (decision 0078): the device asks for it first and stores it
  // before it has the others' starts; a later page's reference is empty.
  const reference = isFirst && first.sealKey ? await readReference(db, viewer, type, first.sealKey) : {};
  // What every permit repeats goes once a page (decision 0065) in `shared`; the device rebuilds each permit.
  const text =
    `{"permitType":${JSON.stringify({ ID: type.id, code: type.code, name: type.name })}` +
    `,"permits":${permits},"shared":${shared},"reference":${JSON.stringify(reference)}` +
    `,"downloadedAt":${JSON.stringify(viewer.now.toISOString())},"nextAfter":${JSON.stringify(nextAfter)}` +
    `,"pageStarts":${JSON.stringify(pageStarts)},"since":${JSON.stringify(since)}` +
    `,"inScope":${since ? JSON.stringify(found) : 'null'}`;
  return { text, digests, toStore: reader.toStore };
}
