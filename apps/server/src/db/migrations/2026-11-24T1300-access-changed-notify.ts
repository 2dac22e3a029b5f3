import { sql, type Kysely } from 'kysely';

/** Tables the access cache reads (plugins/access-cache.ts): a TRUNCATE of any empties every cache. */
const cachedTables = [
  'users',
  'facilities',
  'user_facilities',
  'refresh_tokens',
  'user_groups',
  'groups',
  'group_permissions',
  'connection_grants',
  'facility_security_settings',
];

/**
 * Tells every server process when what a caller may do changed, so its access cache drops the
 * answers read before (sign-ins have their own triggers on `hasp_session`, session-ended-notify):
 * group membership, a group's grants or facility, connection grants, security lists. Triggers rather
 * than calls in each service, so a write added later cannot forget it; NOTIFY is delivered at commit
 * (never for a rollback) and identical payloads of one transaction are sent once. Payloads name the
 * user or facility whose answers to drop; `{}` drops everything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Like notify_session: the arguments name the payload key and the row's column. Both the old
  // and the new row, so a row moved from one user or facility to another clears both.
  await sql`
    create function notify_access() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform pg_notify('hasp_access', json_build_object(tg_argv[0], to_jsonb(old) -> tg_argv[1])::text);
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify('hasp_access', json_build_object(tg_argv[0], to_jsonb(new) -> tg_argv[1])::text);
      end if;
      return null;
    end $$`.execute(db);
  // A group's grants belong to the group's facility; a group already gone (deleted in the same
  // statement) names no facility, so everything is dropped.
  await sql`
    create function notify_access_of_group(group_id integer) returns void language sql as $$
      select pg_notify('hasp_access', coalesce(
        (select json_build_object('facilityId', g.facility_id)::text from groups g where g.id = group_id), '{}'))
    $$`.execute(db);
  await sql`
    create function notify_access_group() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform notify_access_of_group(old.group_id); end if;
      if tg_op <> 'DELETE' then perform notify_access_of_group(new.group_id); end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function notify_access_all() returns trigger language plpgsql as $$
    begin
      perform pg_notify('hasp_access', '{}');
      return null;
    end $$`.execute(db);

  await sql`
    create trigger user_groups_access_changed after insert or update or delete on user_groups
    for each row execute function notify_access('userId', 'user_id')`.execute(db);
  await sql`
    create trigger connection_grants_access_changed after insert or update or delete on connection_grants
    for each row execute function notify_access('userId', 'user_id')`.execute(db);
  await sql`
    create trigger facility_security_settings_access_changed
    after insert or update or delete on facility_security_settings
    for each row execute function notify_access('facilityId', 'facility_id')`.execute(db);
  await sql`
    create trigger groups_access_changed after update of facility_id or delete on groups
    for each row execute function notify_access('facilityId', 'facility_id')`.execute(db);
  await sql`
    create trigger group_permissions_access_changed after insert or update or delete on group_permissions
    for each row execute function notify_access_group()`.execute(db);
  for (const table of cachedTables) {
    await sql`
      create trigger ${sql.raw(`${table}_access_truncated`)} after truncate on ${sql.table(table)}
      for each statement execute function notify_access_all()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of cachedTables) {
    await sql`drop trigger ${sql.raw(`${table}_access_truncated`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop trigger group_permissions_access_changed on group_permissions`.execute(db);
  await sql`drop trigger groups_access_changed on groups`.execute(db);
  await sql`drop trigger facility_security_settings_access_changed on facility_security_settings`.execute(db);
  await sql`drop trigger connection_grants_access_changed on connection_grants`.execute(db);
  await sql`drop trigger user_groups_access_changed on user_groups`.execute(db);
  await sql`drop function notify_access_all()`.execute(db);
  await sql`drop function notify_access_group()`.execute(db);
  await sql`drop function notify_access_of_group(integer)`.execute(db);
  await sql`drop function notify_access()`.execute(db);
}
