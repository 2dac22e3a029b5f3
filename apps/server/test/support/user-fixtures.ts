import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth';

/** Adds a user (password `<userName>-password`) to facilities and groups, straight into the database. */
export async function addUser(
  db: Kysely<Database>,
  userName: string,
  facilities: number[],
  groups: number[],
  extra: { is_active?: boolean; locked_at?: Date } = {},
): Promise<number> {
  const hash = await hashPassword(`${userName}-password`);
  const { id } = await db
    .insertInto('users')
    .values({ user_name: userName, display_name: userName, email: null, password_hash: hash, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (facilities.length) {
    await db
      .insertInto('user_facilities')
      .values(facilities.map((facility_id) => ({ user_id: id, facility_id })))
      .execute();
  }
  if (groups.length) {
    await db
      .insertInto('user_groups')
      .values(groups.map((group_id) => ({ user_id: id, group_id })))
      .execute();
  }
  return id;
}

/** A seeded group's ID, by facility and name. */
export async function groupId(db: Kysely<Database>, facility: number, name: string): Promise<number> {
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('facility_id', '=', facility)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user's ID, by user name. */
export async function userIdByName(db: Kysely<Database>, userName: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
  return row.id;
}
