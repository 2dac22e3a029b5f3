import { sql, type Kysely } from 'kysely';

/**
 * Master List Manage: a value is unique in its list whatever its case (imports match
 * values case-insensitively, so "Valve" and "valve" would be ambiguous), values are 1–100
 * characters without surrounding spaces, and pickers read a list in its sort order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unique index master_list_items_value_ci_uq on master_list_items (facility_id, list_key, lower(value));
    create index master_list_items_order_ix on master_list_items (facility_id, list_key, sort_order);
    alter table master_list_items add constraint master_list_items_value_ck
      check (char_length(value) between 1 and 100 and value = btrim(value));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table master_list_items drop constraint master_list_items_value_ck;
    drop index master_list_items_order_ix;
    drop index master_list_items_value_ci_uq;
  `.execute(db);
}
