import { sql, type Kysely } from 'kysely';

/**
 * The provisional number a device showed for a permit it made offline (`OFF-<type>-<day>-<4>`),
 * kept with the permit the server made from it (a tag printed or written offline keeps its
 * provisional number linked to the final one). The permit index finds the permit by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sync_local_ids add column provisional_number text;
    create index sync_local_ids_provisional_ix on sync_local_ids (facility_id, lower(provisional_number))
      where provisional_number is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index sync_local_ids_provisional_ix;
    alter table sync_local_ids drop column provisional_number;
  `.execute(db);
}
