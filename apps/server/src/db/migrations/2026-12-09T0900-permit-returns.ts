import { sql, type Kysely } from 'kysely';

/**
 * Returned for rework (the lifecycle's `reject`): the permit keeps who returned it, when, the
 * "Rejection reasons" item and the note until its requester requests it again. All four or none.
 * The item's key makes it "in use" on Master List Manage (deactivated, never deleted). The permit's
 * shape gained a field, so every stored offline copy is outdated (one change of every permit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table permits
      add column returned_by int references users (id),
      add column returned_at timestamptz,
      add column return_reason_item_id int references master_list_items (id),
      add column return_note text,
      add constraint permits_returned_all_or_none check (
        (returned_by is null) = (returned_at is null)
        and (returned_by is null) = (return_reason_item_id is null)
        and (returned_by is null) = (return_note is null))
  `.execute(db);
  await sql`insert into offline_permit_changes (facility_id, permit_id) values (null, null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table permits
      drop constraint permits_returned_all_or_none,
      drop column return_note,
      drop column return_reason_item_id,
      drop column returned_at,
      drop column returned_by
  `.execute(db);
}
