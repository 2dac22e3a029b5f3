import { sql, type Kysely } from 'kysely';

/**
 * Live dashboards (decision 0081): a committed domain event that a widget counts (a permit's
 * status, a tag, a lock applied or removed, a lockbox (its locks move with it), an isolation point, a gas test, an offline conflict
 * resolved) NOTIFYs `hasp_dashboard` with its facility only — no record data. A trigger rather than
 * an event consumer: no delivery transaction per event, and an event recorded later (a job's, a new
 * verb of these domains) cannot forget it. NOTIFY is delivered at commit (never for a rolled-back
 * change) and PostgreSQL folds identical payloads of one transaction into one; every server process
 * hears it and its notification hub throttles it per facility before telling the open browsers.
 * A new offline conflict is not a domain event (the sync records it), so its row NOTIFYs too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_dashboard_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('hasp_dashboard', json_build_object('facilityId', new.facility_id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger domain_events_dashboard_changed after insert on domain_events
    for each row when (
      new.facility_id is not null and (
        split_part(new.name, '.', 1) in ('permit', 'tag', 'isolation-plan', 'lockbox', 'gas-test', 'sync')
        or new.name in ('lock.apply', 'lock.remove', 'lock.overdue')))
    execute function notify_dashboard_changed()`.execute(db);
  await sql`
    create trigger sync_commands_dashboard_changed after insert on sync_commands
    for each row when (new.outcome = 'conflict')
    execute function notify_dashboard_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger sync_commands_dashboard_changed on sync_commands`.execute(db);
  await sql`drop trigger domain_events_dashboard_changed on domain_events`.execute(db);
  await sql`drop function notify_dashboard_changed()`.execute(db);
}
