import { sql, type Kysely } from 'kysely';

/**
 * Gas tests are judged by what they leave standing (a failing reading until a passing re-test
 * measured and recorded after it), and each test now shows when the server received it: the stored
 * offline copies and their flags' inputs were written in the former shape. One change of every
 * permit (permit_id null) makes each copy outdated, so the next download reads it anew.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into offline_permit_changes (facility_id, permit_id) values (null, null)`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the copies read anew are correct in either shape's code.
}
