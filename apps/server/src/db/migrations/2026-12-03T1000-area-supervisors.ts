import { sql, type Kysely } from 'kysely';

/**
 * Who supervises each area (decision 0080): the area authority a notice's "area supervisors"
 * relationship reaches. Rows of the area's facility only (the composite key to areas); the user must
 * be a user of that facility when chosen (checked by the area's edit, and again when a notice is
 * sent: membership of the facility is replaced wholesale by User Manage, so it is not a key here).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table area_supervisors (
      facility_id integer not null,
      area_id integer not null,
      user_id integer not null references users (id) on delete cascade,
      primary key (area_id, user_id),
      constraint area_supervisors_area_fk foreign key (facility_id, area_id)
        references areas (facility_id, id) on delete cascade
    );
    create index area_supervisors_user_idx on area_supervisors (user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table area_supervisors`.execute(db);
}
