import { sql, type Kysely } from 'kysely';

/**
 * Lock labels on the print list (decision 0115): a lock's QR label has a print record like a
 * lockbox's label (kind `lock`, subject the lock, `printed_keys` the one serial the label prints), so
 * it is written by the same print commands through the runner and the lock row is never touched by
 * printing. A lock label is of no permit: `permit_id` may be null for it, and only for it.
 * Locks registered before this have no record: they wait to print (nobody recorded their labels).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table print_records drop constraint print_records_kind_check;
    alter table print_records add constraint print_records_kind_check
      check (kind in ('permit', 'lockbox', 'lock'));
    alter table print_records alter column permit_id drop not null;
    alter table print_records add constraint print_records_permit_of_kind
      check ((kind = 'lock') = (permit_id is null));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from print_records where kind = 'lock';
    alter table print_records drop constraint print_records_permit_of_kind;
    alter table print_records alter column permit_id set not null;
    alter table print_records drop constraint print_records_kind_check;
    alter table print_records add constraint print_records_kind_check check (kind in ('permit', 'lockbox'));
  `.execute(db);
}
