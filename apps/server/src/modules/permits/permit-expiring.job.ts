import type { Connection } from '../../db/connections';
import { recordEvent, type EventBus } from '../../platform';
import type { JobRegistration } from '../../platform/jobs';
import { claimExpiringNotices } from './permit-expiry.repository';

export const PERMIT_EXPIRING_JOB = 'permit-expiring';

/** "Expires within the hour": permits in force whose planned end is this close get one notice. */
export const EXPIRING_WITHIN_MS = 3_600_000;

const BATCH = 500;

/**
 * Raises `permit.expiring` once per permit and planned end (an extension earns a new one): the
 * notice row and the event are written in one transaction, so a retried or doubled job raises
 * nothing twice. The notification consumer then tells the holder, issuer and requester.
 * Returns how many it raised.
 */
export async function raiseExpiringNotices(events: EventBus, connection: Connection, now: Date): Promise<number> {
  let raised = 0;
  for (;;) {
    const eventIds = await connection.db.transaction().execute(async (trx) => {
      const permits = await claimExpiringNotices(trx, now, EXPIRING_WITHIN_MS, BATCH);
      const ids: number[] = [];
      for (const { facilityId, plannedEnd, ...permit } of permits) {
        ids.push(
          await recordEvent(trx, {
            name: 'permit.expiring',
            facilityId,
            entityType: 'permit',
            entityId: permit.permitId,
            payload: { ...permit, plannedEnd: plannedEnd.toISOString(), actorId: null },
          }),
        );
      }
      return ids;
    });
    events.deliverSoon(connection, eventIds);
    raised += eventIds.length;
    if (eventIds.length < BATCH) return raised;
  }
}

/** Every minute, on every connection. */
export const permitExpiringJob =
  (now: () => Date, events: EventBus): JobRegistration =>
  async (jobs) => {
    await jobs.work(PERMIT_EXPIRING_JOB, async () => {
      await raiseExpiringNotices(events, jobs.connection, now());
    });
    await jobs.schedule(PERMIT_EXPIRING_JOB, '* * * * *');
  };
