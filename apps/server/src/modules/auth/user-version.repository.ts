import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Records that a user's account changed: its version, which every command on the account (the
 * profile's and User Manage's) bumps and checks against a stale If-Match. Returns the new version.
 */
export async function bumpUserVersion(trx: Transaction<Database>, userId: number): Promise<number> {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}
