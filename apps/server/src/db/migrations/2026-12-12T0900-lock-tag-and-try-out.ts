import { sql, type Kysely } from 'kysely';

/**
 * The lock and its tag go on in one step: a point's tag records the serial of the lock it was hung
 * with (the applier and the time are the tag's own applied_by / applied_at). A failed try-out is
 * recorded on the point (who and when; the audit trail keeps every one) until it passes.
 * Re-runnable (a migration recorded as pending after it ran, as the roles test does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tags add column if not exists lock_serial text;
    alter table permit_isolation_points
      add column if not exists try_out_failed_at timestamptz,
      add column if not exists try_out_failed_by int references users(id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tags drop column if exists lock_serial;
    alter table permit_isolation_points drop column if exists try_out_failed_at, drop column if exists try_out_failed_by;
  `.execute(db);
}
