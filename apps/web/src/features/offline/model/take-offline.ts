import type { OfflineScope } from '@hasp/contracts';
import type { HaspDatabase, Owner } from '../../../offline-db';
import { downloadOfflinePermits, type DownloadedPage } from '../api/download-permits';
import { availabilityKeyOf, removeStaleCopies, scopeChoiceKeyOf, storeDownload } from './store-download';

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
): Promise<void> {
  let cursor = after;
  while (cursor !== null && (end === null || cursor < end)) {
    const downloaded = await downloadOfflinePermits(type, scope, cursor);
    await store(downloaded);
    cursor = downloaded.page.nextAfter;
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
      // Each page stored as it comes: a download cut short keeps what arrived.
      const downloaded = new Set<string>();
      const pages = new Set<string>();
      const store = async (page: DownloadedPage) => {
        const result = await storeDownload(db, owner, page);
        for (const key of result.keys) downloaded.add(key);
        if (result.pageKey) pages.add(result.pageKey);
        kept += result.kept;
      };
      const firstPage = await downloadOfflinePermits(type, scope, 0);
      const first = firstPage.page;
      // The first page says where the others start: they are asked for a few at a time, so the
      // server reads one while the device stores another (decision 0065).
      const starts = first.pageStarts ?? [];
      const segments = starts.map((start, i) => ({ start, end: starts[i + 1] ?? null }));
      await Promise.all([
        store(firstPage).then(() =>
          starts.length === 0 ? follow(type, scope, first.nextAfter, null, store) : undefined,
        ),
        inPool(segments, PAGES_IN_FLIGHT, ({ start, end }) => follow(type, scope, start, end, store)),
      ]);
      await removeStaleCopies(db, owner, type, downloaded, pages);
      counts[type] = downloaded.size;
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
