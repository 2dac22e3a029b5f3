import type { Connection } from '../../db/connections';
import { recordEvent, type EventBus } from '../../platform';
import type { JobRegistration } from '../../platform/jobs';
import { claimOverdueLocks } from './lock-overdue.repository';

export const LOCK_OVERDUE_JOB = 'permit-lock-overdue';

const BATCH = 500;

/**
 * Raises `lock.overdue` once per lock application still applied and its permit's planned end
 * (decision 0076), facility by facility: the notice row and the event are written in one
 * transaction, so a retried, doubled or concurrent run raises nothing twice. The permit
 * notification consumer then tells the lock's owner and applier, the holder and the issuer.
 * Returns how many it raised.
 */
export async function raiseOverdueLockNotices(events: EventBus, connection: Connection, now: Date): Promise<number> {
  const facilities = await connection.db.selectFrom('facilities').select('id').orderBy('id').execute();
  let raised = 0;
  for (const { id: facilityId } of facilities) {
    for (;;) {
      const eventIds = await connection.db.transaction().execute(async (trx) => {
        const locks = await claimOverdueLocks(trx, facilityId, now, BATCH);
        const ids: number[] = [];
        for (const { plannedEnd, ...lock } of locks)
          ids.push(
            await recordEvent(trx, {
              name: 'lock.overdue',
              facilityId,
              entityType: 'lock-application',
              entityId: lock.lockApplicationId,
              payload: { ...lock, plannedEnd: plannedEnd.toISOString(), actorId: null },
            }),
          );
        return ids;
      });
      events.deliverSoon(connection, eventIds);
      raised += eventIds.length;
      if (eventIds.length < BATCH) break;
    }
  }
  return raised;
}

/** Every minute, on every connection. */
export const lockOverdueJob =
  (now: () => Date, events: EventBus): JobRegistration =>
  async (jobs) => {
    await jobs.work(LOCK_OVERDUE_JOB, async () => {
      await raiseOverdueLockNotices(events, jobs.connection, now());
    });
    await jobs.schedule(LOCK_OVERDUE_JOB, '* * * * *');
  };
