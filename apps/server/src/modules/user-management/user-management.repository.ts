import type { Db } from '../../db/schema';
import type { FacilityScope } from '../user-manage';

/** Every facility of the connection (names for the grid, including deactivated ones a user still holds). */
export function listAllFacilities(db: Db) {
  return db.selectFrom('facilities').select(['id', 'name', 'is_active']).orderBy('name').execute();
}

export function listFacilityGroups(db: Db, scope: FacilityScope) {
  return db
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('facility_id', '=', scope.facilityId)
    .orderBy('name')
    .execute();
}

/** The users among these ids who may sign in to the facility, with their state. */
export function findFacilityUsers(db: Db, scope: FacilityScope, ids: number[]) {
  return db
    .selectFrom('users')
    .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
    .where('user_facilities.facility_id', '=', scope.facilityId)
    .where('users.id', 'in', ids)
    .select(['users.id', 'users.user_name', 'users.is_active'])
    .execute();
}

/** Which of these users belong to the group. */
export async function membersOf(db: Db, groupId: number, userIds: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('user_groups')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Users whose sign-in name (any case) is one of these, with the facilities they may sign in to. */
export async function findUsersByName(db: Db, userNames: string[]) {
  if (userNames.length === 0) return [];
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.user_name',
      'users.is_active_directory_user',
      (eb) =>
        eb
          .selectFrom('user_facilities as uf')
          .select((e) => e.fn.agg<number[]>('array_agg', ['uf.facility_id']).as('f'))
          .whereRef('uf.user_id', '=', 'users.id')
          .as('facility_ids'),
    ])
    .where((eb) =>
      eb(
        eb.fn('lower', ['users.user_name']),
        'in',
        userNames.map((n) => n.toLowerCase()),
      ),
    )
    .execute();
}
