import type { OfflineScope } from '@hasp/contracts';
import type { HaspDatabase, Owner } from '../../../offline-db';
import { downloadOfflinePermits, type DownloadCursors, type DownloadedPage } from '../api/download-permits';
import {
  availabilityKeyOf,
  cursorKeyOf,
  keepInScope,
  pageKeyPrefixOf,
  removeStaleCopies,
  scopeChoiceKeyOf,
  storeDownload,
  type DownloadCursorState,
} from './store-download';

/** What the device holds for a user after a download: shown as "Available offline: N permits, updated <time>". */
export interface OfflineAvailabilityState {
  /** When the last download finished (ISO 8601). */
  updatedAt: string;
  /** Permits the last download named, per type code (downloaded, plus kept local copies). */
  counts: Record<string, number>;
  /** Permits whose local copy was kept because changes made here still wait in the outbox. */
  kept: number;
  /** Type codes whose download failed last time (the others were stored). */
  failed: string[];
}

/** Pages asked for at once: the server reads one while the device parses and stores another. */
const PAGES_IN_FLIGHT = 2;

/**
 * The pages from `after` until the one that starts at `end` (null: to the last), page after page
 * by each page's `nextAfter`: a permit that joined the download since the first page is still
 * taken (a page may then overlap the next segment's first: stored twice, the same copy).
 */
async function follow(
  type: string,
  scope: OfflineScope,
  after: number | null,
  end: number | null,
  store: (page: DownloadedPage) => Promise<void>,
  cursors: DownloadCursors,
): Promise<void> {
  let next = after;
  while (next !== null && (end === null || next < end)) {
    const downloaded = await downloadOfflinePermits(type, scope, next, cursors);
    await store(downloaded);
    next = downloaded.page.nextAfter;
  }
}

/** Runs `work` on each item, at most `size` at a time; rejects with the first failure. */
async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[(next += 1) - 1]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** What the user chose to keep on this device: their own work unless they chose all work under way. */
export async function offlineScopeOf(db: HaspDatabase, owner: Owner): Promise<OfflineScope> {
  return (await db.meta.get(scopeChoiceKeyOf(owner)))?.value === 'under-way' ? 'under-way' : 'mine';
}

/** Takes the permits of each type offline, one type after another, of the user's chosen scope; resolves with the new state. */
export async function takePermitsOffline(owner: Owner, types: readonly string[]): Promise<OfflineAvailabilityState> {
  const { browserDatabase } = await import('../../../offline-db');
  const db = browserDatabase();
  const scope = await offlineScopeOf(db, owner);
  const counts: Record<string, number> = {};
  const failed: string[] = [];
  let kept = 0;
  for (const type of types) {
    try {
      const result = await takeTypeOffline(db, owner, type, scope);
      counts[type] = result.count;
      kept += result.kept;
    } catch (error) {
      // One type failing (a permission taken away, the network gone) leaves the others stored.
      console.warn(`Taking ${type} permits offline failed`, error);
      failed.push(type);
    }
  }
  const state: OfflineAvailabilityState = { updatedAt: new Date().toISOString(), counts, kept, failed };
  // Nothing came (all failed): the last good download's time stays.
  if (failed.length < types.length || types.length === 0) {
    await db.meta.put({ key: availabilityKeyOf(owner), value: state });
  }
  if (failed.length > 0) throw new TakeOfflineError(failed);
  return state;
}

/** Some types could not be taken offline; the others were stored. */
export class TakeOfflineError extends Error {
  override readonly name = 'TakeOfflineError';
  constructor(readonly failed: string[]) {
    super(`Could not take ${failed.join(', ')} permits offline`);
  }
}

/**
 * The cursor to send with the type's next download (decision 0118): the last complete download's,
 * when it was of this scope and every page it left is still stored (else the download is whole).
 */
async function sinceOf(db: HaspDatabase, owner: Owner, type: string, scope: OfflineScope) {
  const previous = (await db.meta.get(cursorKeyOf(owner, type)))?.value as DownloadCursorState | undefined;
  if (!previous || previous.scope !== scope) return undefined;
  const pages = await db.pages.where('key').startsWith(pageKeyPrefixOf(owner, type)).count();
  return pages === previous.pages ? previous.cursor : undefined;
}

/**
 * One type's download: whole, or — when the server could answer from this device's last complete
 * download — only the permits that changed, on one page, with the IDs of every permit to keep.
 * Each page is stored as it comes (a download cut short keeps what arrived); the new cursor is
 * kept only once every page is stored.
 */
async function takeTypeOffline(
  db: HaspDatabase,
  owner: Owner,
  type: string,
  scope: OfflineScope,
): Promise<{ count: number; kept: number }> {
  const since = await sinceOf(db, owner, type, scope);
  const firstPage = await downloadOfflinePermits(type, scope, 0, since ? { since } : {});
  const first = firstPage.page;
  const incremental = since !== undefined && first.since === since && first.inScope !== null;
  const downloaded = new Set<string>();
  const pages = new Set<string>();
  const sent = new Set<number>();
  let kept = 0;
  // An incremental page's key names its download: it must not replace an older page starting at the same permit.
  const keyTag = incremental && first.cursor ? first.cursor.slice(0, 8) : '';
  const store = async (page: DownloadedPage) => {
    const result = await storeDownload(db, owner, page, undefined, keyTag);
    for (const key of result.keys) downloaded.add(key);
    for (const permit of page.page.permits) sent.add(permit.permit.ID);
    if (result.pageKey) pages.add(result.pageKey);
    kept += result.kept;
  };
  // The first page says where the others start: they are asked for a few at a time, so the
  // server reads one while the device stores another (decision 0065). Each names the download's
  // cursor, so the server records what it sent.
  const later: DownloadCursors = first.cursor ? { cursor: first.cursor } : {};
  const starts = first.pageStarts ?? [];
  const segments = starts.map((start, i) => ({ start, end: starts[i + 1] ?? null }));
  await Promise.all([
    store(firstPage).then(() =>
      starts.length === 0 ? follow(type, scope, first.nextAfter, null, store, later) : undefined,
    ),
    inPool(segments, PAGES_IN_FLIGHT, ({ start, end }) => follow(type, scope, start, end, store, later)),
  ]);
  let count: number;
  let pageCount: number;
  if (incremental) {
    const inScope = new Set(first.inScope);
    pageCount = await keepInScope(db, owner, type, inScope, { pageKeys: pages, ids: sent });
    count = inScope.size;
  } else {
    await removeStaleCopies(db, owner, type, downloaded, pages);
    pageCount = pages.size;
    count = downloaded.size;
  }
  if (first.cursor) {
    const state: DownloadCursorState = { cursor: first.cursor, scope, pages: pageCount };
    await db.meta.put({ key: cursorKeyOf(owner, type), value: state });
  } else {
    await db.meta.delete(cursorKeyOf(owner, type));
  }
  return { count, kept };
}
