import { sql, type Kysely } from 'kysely';

/**
 * Offline records other than permits (decision 0064): a record a device made offline and
 * named `local:<uuid>` (a lock application) → the record the server made at sync, so a later command
 * of the same outbox (removing that lock) reaches it. Written in the applying command's transaction;
 * never updated or deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sync_local_records (
      facility_id integer not null references facilities(id),
      local_id text not null,
      kind text not null,
      user_id integer not null references users(id),
      record_id integer not null,
      primary key (facility_id, local_id)
    );
    create trigger sync_local_records_no_delete before delete on sync_local_records
      for each row execute function hasp_refuse_delete();
    create trigger sync_local_records_no_truncate before truncate on sync_local_records
      for each statement execute function hasp_refuse_delete();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sync_local_records;`.execute(db);
}
