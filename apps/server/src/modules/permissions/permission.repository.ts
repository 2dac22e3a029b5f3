import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The permissions a user holds in a facility: the union of their groups' grants there, sorted. */
export async function listUserPermissions(
  db: Kysely<Database>,
  scope: { facilityId: number; userId: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('group_permissions')
    .innerJoin('groups', 'groups.id', 'group_permissions.group_id')
    .innerJoin('user_groups', 'user_groups.group_id', 'groups.id')
    .select('group_permissions.permission')
    .distinct()
    .where('user_groups.user_id', '=', scope.userId)
    .where('groups.facility_id', '=', scope.facilityId)
    .orderBy('group_permissions.permission')
    .execute();
  return rows.map((r) => r.permission);
}
