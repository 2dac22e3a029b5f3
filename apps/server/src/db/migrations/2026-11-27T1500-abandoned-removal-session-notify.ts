import { sql, type Kysely } from 'kysely';

/**
 * OSHA 1910.147 (e)(3)(iii) on the server (decision 0053): a user with an unacknowledged abandoned
 * removal may call nothing but the acknowledgement (and sign-out, their profile, the session
 * context). The sign-in check answers that from each process's access cache, so every process must
 * hear when a removal is recorded (the applier is held from then on) or acknowledged (released):
 * NOTIFY on the session channel naming the applier, as the session-ended triggers do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_abandoned_removal_session() returns trigger language plpgsql as $$
    begin
      perform pg_notify('hasp_session', json_build_object('userId', new.applier_id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger abandoned_removals_session_recorded after insert on abandoned_removals
    for each row execute function notify_abandoned_removal_session()`.execute(db);
  await sql`
    create trigger abandoned_removals_session_acknowledged after update of acknowledged_at on abandoned_removals
    for each row when (new.acknowledged_at is distinct from old.acknowledged_at)
    execute function notify_abandoned_removal_session()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger abandoned_removals_session_acknowledged on abandoned_removals`.execute(db);
  await sql`drop trigger abandoned_removals_session_recorded on abandoned_removals`.execute(db);
  await sql`drop function notify_abandoned_removal_session()`.execute(db);
}
