import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Counts one more failed sign-in in a row and locks the account when the count reaches the
 * threshold; one statement, so concurrent failures cannot skip the lock. Returns whether the
 * account is now locked.
 */
export async function registerFailedSignIn(db: Kysely<Database>, userId: number, threshold: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({
      failed_login_count: sql`failed_login_count + 1`,
      locked_at: sql`case when failed_login_count + 1 >= ${threshold} then coalesce(locked_at, now()) else locked_at end`,
    })
    .where('id', '=', userId)
    .returning('locked_at')
    .executeTakeFirst();
  return row?.locked_at != null;
}

/** A successful sign-in starts the count again. */
export async function clearFailedSignIns(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_login_count: 0 })
    .where('id', '=', userId)
    .where('failed_login_count', '>', 0)
    .execute();
}
