import { sql, type Kysely } from 'kysely';

/**
 * What a lockbox label listed when it was printed: the serials of the isolation locks whose keys go
 * in the box. A lock applied or removed afterwards makes the label wrong, and the lockbox waits on
 * the print list again. Labels printed before this column have none: they are not known to list the
 * keys in the box now, so they wait again too (a label is reprinted rather than trusted blind).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table print_records add column printed_keys text[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table print_records drop column printed_keys`.execute(db);
}
