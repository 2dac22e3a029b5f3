import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Serializes changes to one ordered list of a facility until the transaction ends. Appending reads
 * max(sort_order) and writes after it; without the lock two concurrent creates read the same max
 * and take the same position. The lock is PostgreSQL's, so it holds across server processes, and
 * it covers an empty list too (a row lock would have no row to lock).
 *
 * @example await lockOrderedList(trx, `master-list:${listKey}`, facilityId); // then read max, insert
 */
export async function lockOrderedList(trx: Transaction<Database>, list: string, facilityId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`hasp-list:${list}`}), ${facilityId}::int)`.execute(trx);
}
