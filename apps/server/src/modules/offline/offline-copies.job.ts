import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobRegistration } from '../../platform/jobs';
import { pruneCursors } from './offline-cursors.repository';
import { SNAPSHOT_STORE_WITHIN_MS } from './offline-snapshots.repository';

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

/**
 * Folds away the changes no copy can still need. Each run leaves a mark (its snapshot); it folds
 * the changes of transactions that had all finished before a mark at least SNAPSHOT_STORE_WITHIN_MS
 * old (xid below that mark's xmin): first the copies such a change outdates (never answered
 * anyway), then the change rows. Any copy stored from now on was read within
 * SNAPSHOT_STORE_WITHIN_MS, so after that mark, and saw every folded change — whatever the clocks or
 * a writer's transaction length.
 */
// The pruning is this job's own housekeeping of a derived cache (no user's write, no audit row):
// like every job, it opens its transaction here.
export async function pruneChanges(db: Kysely<Database>, now: Date): Promise<{ copies: number; changes: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`insert into offline_prune_marks (taken, marked_at) values (pg_current_snapshot(), ${now})`.execute(trx);
    const before = new Date(now.getTime() - SNAPSHOT_STORE_WITHIN_MS);
    const { rows } = await sql<{ horizon: string }>`
      select pg_snapshot_xmin(taken)::text as horizon from offline_prune_marks
      where marked_at <= ${before} order by marked_at desc limit 1`.execute(trx);
    const horizon = rows[0]?.horizon;
    if (horizon === undefined) return { copies: 0, changes: 0 };
    const copies = await sql`
      delete from offline_permit_snapshots s
      where exists (
        select 1 from offline_permit_changes c
        where c.xid < ${horizon}::xid8
          and (c.permit_id = s.permit_id or c.permit_id is null)
          and not pg_visible_in_snapshot(c.xid, s.taken))`.execute(trx);
    const changes = await sql`delete from offline_permit_changes where xid < ${horizon}::xid8`.execute(trx);
    await sql`delete from offline_prune_marks where marked_at < ${before}
              and marked_at < (select max(marked_at) from offline_prune_marks where marked_at <= ${before})`.execute(
      trx,
    );
    return { copies: Number(copies.numAffectedRows ?? 0), changes: Number(changes.numAffectedRows ?? 0) };
  });
}
