import type { JobRegistration } from '../../platform/jobs';
import { pruneCursors } from './offline-cursors.repository';
import { pruneChanges } from './offline-snapshots.repository';

export const PRUNE_OFFLINE_CHANGES_JOB = 'prune-offline-changes';

/**
 * Every five minutes, on every connection: folds the change log of the stored offline copies
 * (decision 0082) — every command writes a row, and the copies' check reads the rows of every
 * permit once per page, so the log must stay short. Each run leaves a mark; changes are folded ten
 * minutes after a mark saw them finished (pruneChanges). Download cursors too old to use, or beyond
 * a user's newest few, go too (decision 0118).
 */
export const offlineCopiesJob =
  (now: () => Date): JobRegistration =>
  async (jobs) => {
    await jobs.work(PRUNE_OFFLINE_CHANGES_JOB, async () => {
      await pruneChanges(jobs.connection.db, now());
      await pruneCursors(jobs.connection.db);
    });
    await jobs.schedule(PRUNE_OFFLINE_CHANGES_JOB, '*/5 * * * *');
  };
