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
 * Both of the above in one statement (one round trip): the facility's group grants and the
 * connection grants, as one set. A command reads them inside its transaction, where the two
 * queries would otherwise queue one after the other on its one connection.
 */
export async function listFacilityAndConnectionPermissions(
  db: Kysely<Database>,
  scope: { facilityId: number; userId: number },
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('group_permissions')
    .innerJoin('groups', 'groups.id', 'group_permissions.group_id')
    .innerJoin('user_groups', 'user_groups.group_id', 'groups.id')
    .select('group_permissions.permission')
    .where('user_groups.user_id', '=', scope.userId)
    .where('groups.facility_id', '=', scope.facilityId)
    .union((eb) =>
      eb.selectFrom('connection_grants').select('permission').where('connection_grants.user_id', '=', scope.userId),
    )
    .execute();
  return new Set(rows.map((r) => r.permission));
}

export interface UserGrants {
  /** facilityId → permissions from their groups (in any facility, even one they may no longer sign in to). */
  byFacility: Map<number, Set<string>>;
  /** Their connection grants. */
  connection: Set<string>;
}

/** Every grant each of these users holds in the connection, in two queries however many users. */
export async function listAllUserGrants(db: Kysely<Database>, userIds: number[]): Promise<Map<number, UserGrants>> {
  const grants = new Map<number, UserGrants>(
    userIds.map((id) => [id, { byFacility: new Map(), connection: new Set() }]),
  );
  if (!userIds.length) return grants;
  const [groupRows, connectionRows] = await Promise.all([
    db
      .selectFrom('group_permissions')
      .innerJoin('groups', 'groups.id', 'group_permissions.group_id')
      .innerJoin('user_groups', 'user_groups.group_id', 'groups.id')
      .select(['user_groups.user_id', 'groups.facility_id', 'group_permissions.permission'])
      .distinct()
      .where('user_groups.user_id', 'in', userIds)
      .execute(),
    db.selectFrom('connection_grants').select(['user_id', 'permission']).where('user_id', 'in', userIds).execute(),
  ]);
  for (const row of groupRows) {
    const { byFacility } = grants.get(row.user_id)!;
    const set = byFacility.get(row.facility_id) ?? new Set<string>();
    set.add(row.permission);
    byFacility.set(row.facility_id, set);
  }
  for (const row of connectionRows) grants.get(row.user_id)!.connection.add(row.permission);
  return grants;
}

/** The facility's right-nav feature switches (security lists): feature → on. */
export async function listFeatureSwitches(db: Kysely<Database>, facilityId: number): Promise<Map<string, boolean>> {
  const rows = await db
    .selectFrom('facility_security_settings')
    .select(['feature', 'enabled'])
    .where('facility_id', '=', facilityId)
    .execute();
  return new Map(rows.map((r) => [r.feature, r.enabled]));
}
