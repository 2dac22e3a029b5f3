import { sql } from 'kysely';
import type { ManagedUser, UserManageOptions, UserStatusFilter } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import type { Actor } from '../../platform';

/** The facility a query is confined to: the platform's actor's. */
export type FacilityScope = Pick<Actor, 'facilityId'>;

export interface UserFilter {
  search?: string | undefined;
  status: UserStatusFilter;
  groupId?: number | undefined;
  page: number;
  pageSize: number;
}

/** Users who may sign in to the facility, narrowed by the filter. */
function facilityUsers(db: Db, scope: FacilityScope, filter: Omit<UserFilter, 'page' | 'pageSize'>) {
  let query = db
    .selectFrom('users')
    .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
    .where('user_facilities.facility_id', '=', scope.facilityId);
  if (filter.search) {
    // Escape LIKE wildcards so a search for "a_b" means those characters.
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('users.user_name', 'ilike', pattern),
        eb('users.display_name', 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
      ]),
    );
  }
  if (filter.status === 'active') query = query.where('users.is_active', '=', true);
  if (filter.status === 'inactive') query = query.where('users.is_active', '=', false);
  if (filter.status === 'locked') query = query.where('users.locked_at', 'is not', null);
  if (filter.groupId !== undefined) {
    const groupId = filter.groupId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_groups')
          .innerJoin('groups', 'groups.id', 'user_groups.group_id')
          .select('user_groups.user_id')
          .whereRef('user_groups.user_id', '=', 'users.id')
          .where('groups.id', '=', groupId)
          .where('groups.facility_id', '=', scope.facilityId),
      ),
    );
  }
  return query;
}

function selectManaged(db: Db, scope: FacilityScope, filter: Omit<UserFilter, 'page' | 'pageSize'>) {
  return facilityUsers(db, scope, filter).select([
    'users.id',
    'users.user_name',
    'users.display_name',
    'users.email',
    'users.is_active_directory_user',
    'users.is_active',
    'users.locked_at',
    'users.must_change_password',
    'users.department',
    'users.contact',
    sql<boolean>`users.password_hash is not null`.as('has_password'),
    (eb) =>
      eb
        .selectFrom('user_groups')
        .innerJoin('groups', 'groups.id', 'user_groups.group_id')
        .select(
          sql<
            { ID: number; name: string }[]
          >`coalesce(json_agg(json_build_object('ID', groups.id, 'name', groups.name) order by groups.name), '[]')`.as(
            'g',
          ),
        )
        .whereRef('user_groups.user_id', '=', 'users.id')
        .where('groups.facility_id', '=', scope.facilityId)
        .as('groups'),
    (eb) =>
      eb
        .selectFrom('user_facilities as uf')
        .select(sql<number[]>`coalesce(array_agg(uf.facility_id order by uf.facility_id), '{}')`.as('f'))
        .whereRef('uf.user_id', '=', 'users.id')
        .as('facility_ids'),
  ]);
}

type ManagedRow = Awaited<ReturnType<ReturnType<typeof selectManaged>['executeTakeFirstOrThrow']>>;

function toManagedUser(row: ManagedRow): ManagedUser {
  return {
    ID: row.id,
    userName: row.user_name,
    displayName: row.display_name,
    email: row.email,
    isActiveDirectoryUser: row.is_active_directory_user,
    isActive: row.is_active,
    lockedAt: row.locked_at ? new Date(row.locked_at).toISOString() : null,
    mustChangePassword: row.must_change_password,
    hasPassword: row.has_password,
    groups: row.groups ?? [],
    facilityIDs: row.facility_ids ?? [],
    department: row.department,
    contact: row.contact,
  };
}

export async function listManagedUsers(
  db: Db,
  scope: FacilityScope,
  filter: UserFilter,
): Promise<{ items: ManagedUser[]; total: number }> {
  const [rows, count] = await Promise.all([
    selectManaged(db, scope, filter)
      .orderBy(sql`lower(users.display_name)`)
      .orderBy('users.id')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    facilityUsers(db, scope, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toManagedUser), total: Number(count.n) };
}

/** A user of the facility; undefined for users of other facilities (the caller sees 404). */
export async function findManagedUser(db: Db, scope: FacilityScope, userId: number): Promise<ManagedUser | undefined> {
  const row = await selectManaged(db, scope, { status: 'all' }).where('users.id', '=', userId).executeTakeFirst();
  return row && toManagedUser(row);
}

export async function listOptions(db: Db, scope: FacilityScope): Promise<UserManageOptions> {
  const [groups, facilities] = await Promise.all([
    db
      .selectFrom('groups')
      .select(['id', 'name'])
      .where('facility_id', '=', scope.facilityId)
      .orderBy('name')
      .execute(),
    db.selectFrom('facilities').select(['id', 'name']).where('is_active', '=', true).orderBy('name').execute(),
  ]);
  return {
    groups: groups.map((g) => ({ ID: g.id, name: g.name })),
    facilities: facilities.map((f) => ({ ID: f.id, name: f.name })),
  };
}

/** How many of these ids are groups of the facility. */
export async function countFacilityGroups(db: Db, scope: FacilityScope, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('facility_id', '=', scope.facilityId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of these ids are active facilities of the connection. */
export async function countActiveFacilities(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('facilities')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('is_active', '=', true)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Another user with this sign-in name (case-insensitive), if any. */
export async function userNameTakenBy(db: Db, userName: string, exceptId: number | null): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()));
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Replaces the user's groups in the facility (their groups elsewhere stay). */
export async function replaceFacilityGroups(
  db: Db,
  scope: FacilityScope,
  userId: number,
  groupIds: number[],
): Promise<void> {
  await db
    .deleteFrom('user_groups')
    .where('user_id', '=', userId)
    .where('group_id', 'in', (eb) => eb.selectFrom('groups').select('id').where('facility_id', '=', scope.facilityId))
    .execute();
  if (groupIds.length) {
    await db
      .insertInto('user_groups')
      .values(groupIds.map((group_id) => ({ user_id: userId, group_id })))
      .execute();
  }
}

/**
 * Replaces the facilities the user may sign in to. Their groups in facilities they leave go too, so
 * being given the facility again never silently brings back old permissions.
 */
export async function replaceFacilities(db: Db, userId: number, facilityIds: number[]): Promise<void> {
  await db.deleteFrom('user_facilities').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('user_groups')
    .where('user_id', '=', userId)
    .where('group_id', 'in', (eb) =>
      eb
        .selectFrom('groups')
        .select('id')
        .where('facility_id', 'not in', facilityIds.length ? facilityIds : [0]),
    )
    .execute();
  await db
    .insertInto('user_facilities')
    .values(facilityIds.map((facility_id) => ({ user_id: userId, facility_id })))
    .execute();
}

/** Ends every sign-in of the user: their refresh-token families are revoked, so requireAuth refuses their tokens. */
export async function revokeUserSessions(db: Db, userId: number, reason: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
