import { sql, type Kysely } from 'kysely';

/**
 * Stored offline copies kept as they are, not compressed (decision 0086): a copy and its flags'
 * inputs are about 5 KB, over the 2 KB past which PostgreSQL compresses a row, and every download
 * page of 500 spent about a third of its read undoing that compression. Rows up to 8,160 bytes now
 * stay whole; larger ones are still compressed or moved out of line. Copies stored before keep their
 * form until they are stored again: both read the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offline_permit_snapshots set (toast_tuple_target = 8160)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offline_permit_snapshots reset (toast_tuple_target)`.execute(db);
}
