import { sql, type Kysely } from 'kysely';

/**
 * Tells every server process when a sign-in may have ended, so open notification streams (checked
 * once when they open) are checked again: a refresh-token family revoked (sign-out, device revoke,
 * password change, user sessions revoked), a user disabled or made to change their password, a
 * facility membership removed, a facility disabled. Triggers rather than calls in each route, so a
 * route added later cannot forget it; NOTIFY is delivered at commit and identical payloads of one
 * transaction are sent once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One function for every trigger: its arguments name the payload key and the column of the old
  // row that holds it ('userId', 'user_id' → {"userId": old.user_id}). Old row: the user who may have
  // lost the sign-in (also for a membership moved to someone else).
  await sql`
    create function notify_session() returns trigger language plpgsql as $$
    begin
      perform pg_notify('hasp_session', json_build_object(tg_argv[0], to_jsonb(old) -> tg_argv[1])::text);
      return null;
    end $$`.execute(db);

  await sql`
    create trigger refresh_tokens_session_revoked after update of revoked_at on refresh_tokens
    for each row when (old.revoked_at is null and new.revoked_at is not null)
    execute function notify_session('userId', 'user_id')`.execute(db);
  await sql`
    create trigger refresh_tokens_session_deleted after delete on refresh_tokens
    for each row execute function notify_session('userId', 'user_id')`.execute(db);
  await sql`
    create trigger user_facilities_session_removed after delete or update on user_facilities
    for each row execute function notify_session('userId', 'user_id')`.execute(db);
  await sql`
    create trigger users_session_changed after update of is_active, must_change_password on users
    for each row when (new.is_active is distinct from old.is_active
      or new.must_change_password is distinct from old.must_change_password)
    execute function notify_session('userId', 'id')`.execute(db);
  await sql`
    create trigger facilities_session_changed after update of is_active on facilities
    for each row when (new.is_active is distinct from old.is_active)
    execute function notify_session('facilityId', 'id')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger facilities_session_changed on facilities`.execute(db);
  await sql`drop trigger users_session_changed on users`.execute(db);
  await sql`drop trigger user_facilities_session_removed on user_facilities`.execute(db);
  await sql`drop trigger refresh_tokens_session_deleted on refresh_tokens`.execute(db);
  await sql`drop trigger refresh_tokens_session_revoked on refresh_tokens`.execute(db);
  await sql`drop function notify_session()`.execute(db);
}
