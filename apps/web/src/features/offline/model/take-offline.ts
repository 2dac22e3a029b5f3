import type { Owner } from '../../../offline-db';
import { downloadOfflinePermits } from '../api/download-permits';
import { availabilityKeyOf, removeStaleCopies, storeDownload } from './store-download';

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

/** Takes the permits of each type offline, one type after another; resolves with the new state. */
export async function takePermitsOffline(owner: Owner, types: readonly string[]): Promise<OfflineAvailabilityState> {
  const { browserDatabase } = await import('../../../offline-db');
  const db = browserDatabase();
  const counts: Record<string, number> = {};
  const failed: string[] = [];
  let kept = 0;
  for (const type of types) {
    try {
      // Page after page, each stored as it comes: a download cut short keeps what arrived.
      const downloaded = new Set<string>();
      let after: number | null = 0;
      while (after !== null) {
        const page = await downloadOfflinePermits(type, after);
        const result = await storeDownload(db, owner, page);
        for (const key of result.keys) downloaded.add(key);
        kept += result.kept;
        after = page.nextAfter;
      }
      await removeStaleCopies(db, owner, type, downloaded);
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
