import { sql, type Kysely } from 'kysely';

/**
 * Which "lock still applied after the planned end" notices were raised (decision 0076): one row per
 * lock application and planned end, written in the transaction that records the `lock.overdue`
 * event, so a job run twice (or by two processes at once) raises it once, and an extension (a new
 * planned end) earns a new one. Outbox events are purged after a week, so they cannot be the memory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lock_overdue_notices (
      lock_application_id integer not null references lock_applications (id),
      planned_end timestamptz not null,
      sent_at timestamptz not null,
      primary key (lock_application_id, planned_end)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table lock_overdue_notices`.execute(db);
}
