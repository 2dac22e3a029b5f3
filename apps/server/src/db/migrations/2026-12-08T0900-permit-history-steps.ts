import { sql, type Kysely } from 'kysely';

/**
 * A permit's history reads the audit rows of its isolation steps too (decision 0095, on the permit's
 * history steps): locks, lockboxes and abandoned removals are audited under their own ids, so the
 * history finds them from the permit through these tables and then reads `audit_log` through its
 * (entity_type, entity_id) index. The existing permit indexes of lock applications and lockboxes
 * hold only what is still on (partial): a closed permit's steps need every row, hence these.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Safe to run again (a migration recorded as pending after it ran, as the roles test does).
  await sql`
    create index if not exists lock_applications_permit_all_ix on lock_applications (permit_id) include (lock_id);
    create index if not exists lockboxes_permit_ix on lockboxes (permit_id);
    create index if not exists abandoned_removals_permit_ix on abandoned_removals (permit_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists abandoned_removals_permit_ix;
    drop index if exists lockboxes_permit_ix;
    drop index if exists lock_applications_permit_all_ix;
  `.execute(db);
}
