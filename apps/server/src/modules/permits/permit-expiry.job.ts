import type { Connection } from '../../db/connections';
import type { EventBus } from '../../platform';
import type { JobRegistration } from '../../platform/jobs';
import { listPermitsToExpire } from './permit-expiry.repository';
import { runPermitCommandAsSystem } from './permit-system-command';

export const PERMIT_EXPIRY_JOB = 'permit-expiry';

const BATCH = 200;

export interface ExpiryRun {
  expired: number;
  /** Permits the command no longer fitted when it ran (extended, suspended and closed meanwhile…): id → reason. */
  skipped: Map<number, string>;
}

/**
 * Expires every permit in force whose planned end has passed, one `expire` command each, as the
 * system (the lifecycle's rules, audit row and `permit.expire` event; never a status write). A
 * retried or doubled run expires nothing twice: the command locks the permit and the lifecycle
 * refuses `expire` on an expired permit (and on one whose end moved on), which this run skips.
 */
export async function expireDuePermits(events: EventBus, connection: Connection, now: Date): Promise<ExpiryRun> {
  const run: ExpiryRun = { expired: 0, skipped: new Map() };
  for (;;) {
    const due = (await listPermitsToExpire(connection.db, now, BATCH + run.skipped.size)).filter(
      (permit) => !run.skipped.has(permit.id),
    );
    for (const permit of due) {
      const outcome = await runPermitCommandAsSystem(events, connection, permit.facilityId, permit.id, 'expire', now);
      if (outcome.applied) run.expired += 1;
      else run.skipped.set(permit.id, outcome.reason);
    }
    if (due.length < BATCH) return run;
  }
}

/** Every minute, on every connection. */
export const permitExpiryJob =
  (now: () => Date, events: EventBus): JobRegistration =>
  async (jobs) => {
    await jobs.work(PERMIT_EXPIRY_JOB, async () => {
      await expireDuePermits(events, jobs.connection, now());
    });
    await jobs.schedule(PERMIT_EXPIRY_JOB, '* * * * *');
  };
