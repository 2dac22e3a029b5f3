import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobRegistration } from '../jobs';

export const PURGE_COMMAND_RECORDS_JOB = 'purge-command-records';

/**
 * How long a command's idempotency key answers a replay. An offline device may sync days after it
 * queued a command (and retry after that), so this is far longer than any sign-in.
 */
export const IDEMPOTENCY_KEEP_MS = 30 * 24 * 3600_000;

/**
 * How long a delivered domain event stays in the outbox. Events are transport, not history: the
 * audit trail is the record, and every consumer has had its delivery by then (or the sweep retried
 * it for a week).
 */
export const EVENTS_KEEP_MS = 7 * 24 * 3600_000;

/** Deletes idempotency keys and outbox events past their keeping time; returns how many of each. */
export async function purgeCommandRecords(
  db: Kysely<Database>,
  now: Date,
): Promise<{ idempotencyKeys: number; events: number }> {
  const keys = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEEP_MS))
    .executeTakeFirst();
  // Deliveries go with their event (on delete cascade).
  const events = await sql`
    delete from domain_events where created_at < ${new Date(now.getTime() - EVENTS_KEEP_MS)}`.execute(db);
  return { idempotencyKeys: Number(keys.numDeletedRows), events: Number(events.numAffectedRows ?? 0) };
}

/** Every hour, on every connection. */
export const commandRecordsJob =
  (now: () => Date): JobRegistration =>
  async (jobs) => {
    await jobs.work(PURGE_COMMAND_RECORDS_JOB, async () => {
      await purgeCommandRecords(jobs.connection.db, now());
    });
    await jobs.schedule(PURGE_COMMAND_RECORDS_JOB, '23 * * * *');
  };
