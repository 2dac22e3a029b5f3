import { sql, type Kysely } from 'kysely';
import type { User } from '@hasp/contracts';
import type { Database, UserRow } from '../../db/schema';

/** A user by sign-in name (case-insensitive), active or not. */
export function findUserByUserName(db: Kysely<Database>, userName: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()))
    .executeTakeFirst();
}

/** True when the user may sign in to this active facility. */
export async function hasFacilityAccess(db: Kysely<Database>, userId: number, facilityId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_facilities')
    .innerJoin('facilities', 'facilities.id', 'user_facilities.facility_id')
    .select('facilities.id')
    .where('user_facilities.user_id', '=', userId)
    .where('facilities.id', '=', facilityId)
    .where('facilities.is_active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user who may use the given facility, as the API shows it; undefined for anyone else. */
export async function findFacilityUserById(
  db: Kysely<Database>,
  scope: { facilityId: number },
  userId: number,
): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
    .select([
      'users.id',
      'users.user_name',
      'users.display_name',
      'users.email',
      'users.is_active_directory_user',
      (eb) =>
        eb
          .selectFrom('user_groups')
          .innerJoin('groups', 'groups.id', 'user_groups.group_id')
          .select(sql<string[]>`coalesce(array_agg(groups.name order by groups.name), '{}')`.as('g'))
          .whereRef('user_groups.user_id', '=', 'users.id')
          .where('groups.facility_id', '=', scope.facilityId)
          .as('groups'),
    ])
    .where('users.id', '=', userId)
    .where('user_facilities.facility_id', '=', scope.facilityId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ID: row.id,
    userName: row.user_name,
    displayName: row.display_name,
    email: row.email,
    isActiveDirectoryUser: row.is_active_directory_user,
    groups: row.groups ?? [],
  };
}
