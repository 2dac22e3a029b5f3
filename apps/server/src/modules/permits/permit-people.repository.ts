import type { Db } from '../../db/schema';

/** Active users who may still enter the facility and hold `permission` there through their groups. */
export async function listPermitApprovers(db: Db, facilityId: number, permission: string): Promise<number[]> {
  const rows = await db
    .selectFrom('group_permissions')
    .innerJoin('groups', 'groups.id', 'group_permissions.group_id')
    .innerJoin('user_groups', 'user_groups.group_id', 'groups.id')
    .innerJoin('users', 'users.id', 'user_groups.user_id')
    .innerJoin('user_facilities', (join) =>
      join.onRef('user_facilities.user_id', '=', 'users.id').on('user_facilities.facility_id', '=', facilityId),
    )
    .select('users.id')
    .distinct()
    .where('groups.facility_id', '=', facilityId)
    .where('group_permissions.permission', '=', permission)
    .where('users.is_active', '=', true)
    .orderBy('users.id')
    .execute();
  return rows.map((r) => r.id);
}
