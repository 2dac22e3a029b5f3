import { sql, type Kysely } from 'kysely';

/**
 * Reports (review mend C3): when a running file was claimed or last progressed. A generation job
 * that expired or was retried takes a running file over only when it has not moved for longer than
 * the job's expiry; the sweep sends such a file again like a stranded queued one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_files add column claimed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_files drop column claimed_at`.execute(db);
}
