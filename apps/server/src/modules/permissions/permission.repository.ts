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

/** The connection permissions a user holds (connection grants), sorted. */
export async function listConnectionGrants(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('connection_grants')
    .select('permission')
    .where('user_id', '=', userId)
    .orderBy('permission')
    .execute();
  return rows.map((r) => r.permission);
}

/**
 * Every grant a user holds in the connection: `facilityId → permissions` from their groups (in any
 * facility, even one they may no longer sign in to), and their connection grants.
 */
export async function listAllUserGrants(
  db: Kysely<Database>,
  userId: number,
): Promise<{ byFacility: Map<number, Set<string>>; connection: Set<string> }> {
  const [rows, connection] = await Promise.all([
    db
      .selectFrom('group_permissions')
      .innerJoin('groups', 'groups.id', 'group_permissions.group_id')
      .innerJoin('user_groups', 'user_groups.group_id', 'groups.id')
      .select(['groups.facility_id', 'group_permissions.permission'])
      .distinct()
      .where('user_groups.user_id', '=', userId)
      .execute(),
    listConnectionGrants(db, userId),
  ]);
  const byFacility = new Map<number, Set<string>>();
  for (const row of rows) {
    const set = byFacility.get(row.facility_id) ?? new Set<string>();
    set.add(row.permission);
    byFacility.set(row.facility_id, set);
  }
  return { byFacility, connection: new Set(connection) };
}
