import type { Caller } from '../../platform';
import { sql } from 'kysely';
import type { GroupMember, GroupSummary } from '@hasp/contracts';
import type { Db } from '../../db/schema';

/** Who acts: the platform's actor, as far as this module needs it. */
export type { Caller } from '../../platform';
export interface GroupRow {
  id: number;
  name: string;
  description: string;
}

/** The facility's groups by name, with member counts and whether the caller belongs to each. */
export async function listGroups(db: Db, caller: Caller): Promise<GroupSummary[]> {
  const rows = await db
    .selectFrom('groups')
    .select((eb) => [
      'groups.id',
      'groups.name',
      'groups.description',
      eb
        .selectFrom('user_groups')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('user_groups.group_id', '=', 'groups.id')
        .as('member_count'),
      eb
        .exists(
          eb
            .selectFrom('user_groups')
            .select(sql`1`.as('one'))
            .whereRef('user_groups.group_id', '=', 'groups.id')
            .where('user_groups.user_id', '=', caller.userId),
        )
        .as('is_member'),
    ])
    .where('groups.facility_id', '=', caller.facilityId)
    .orderBy(sql`lower(groups.name)`)
    .execute();
  return rows.map((r) => ({
    ID: r.id,
    name: r.name,
    description: r.description,
    memberCount: Number(r.member_count ?? 0),
    isCallerMember: Boolean(r.is_member),
  }));
}

/** A group of the caller's facility (another facility's group is simply not found). */
export async function findGroup(db: Db, facilityId: number, id: number): Promise<GroupRow | undefined> {
  return db
    .selectFrom('groups')
    .select(['id', 'name', 'description'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function isGroupNameTaken(db: Db, facilityId: number, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('groups')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertGroup(
  db: Db,
  facilityId: number,
  values: { name: string; description: string },
): Promise<number> {
  const row = await db
    .insertInto('groups')
    .values({ facility_id: facilityId, name: values.name, description: values.description })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(db: Db, id: number, values: { name: string; description: string }): Promise<void> {
  await db.updateTable('groups').set(values).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  // Its grants go with it (group_permissions cascades).
  await db.deleteFrom('groups').where('id', '=', id).execute();
}

export async function countMembers(db: Db, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('user_groups')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countAnnouncementAudiences(db: Db, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('announcement_groups')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listMembers(db: Db, groupId: number): Promise<GroupMember[]> {
  const rows = await db
    .selectFrom('user_groups')
    .innerJoin('users', 'users.id', 'user_groups.user_id')
    .select(['users.id', 'users.user_name', 'users.display_name', 'users.is_active'])
    .where('user_groups.group_id', '=', groupId)
    .orderBy(sql`lower(users.display_name)`)
    .orderBy('users.id')
    .execute();
  return rows.map(toMember);
}

/** Users who may sign in to the facility and are not members of the group yet: who can be added. */
export async function listCandidates(db: Db, facilityId: number, groupId: number): Promise<GroupMember[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
    .select(['users.id', 'users.user_name', 'users.display_name', 'users.is_active'])
    .where('user_facilities.facility_id', '=', facilityId)
    .where('users.is_active', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_groups')
            .select(sql`1`.as('one'))
            .whereRef('user_groups.user_id', '=', 'users.id')
            .where('user_groups.group_id', '=', groupId),
        ),
      ),
    )
    .orderBy(sql`lower(users.display_name)`)
    .orderBy('users.id')
    .execute();
  return rows.map(toMember);
}

/** A user who may sign in to the facility (anyone else is not found from here). */
export async function findFacilityUser(db: Db, facilityId: number, userId: number): Promise<GroupMember | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
    .select(['users.id', 'users.user_name', 'users.display_name', 'users.is_active'])
    .where('user_facilities.facility_id', '=', facilityId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row && toMember(row);
}

export async function isMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const result = await db
    .insertInto('user_groups')
    .values({ group_id: groupId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('user_groups')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listGroupPermissions(db: Db, groupId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('group_permissions')
    .select('permission')
    .where('group_id', '=', groupId)
    .orderBy('permission')
    .execute();
  return rows.map((r) => r.permission);
}

export async function replaceGroupPermissions(db: Db, groupId: number, permissions: string[]): Promise<void> {
  await db.deleteFrom('group_permissions').where('group_id', '=', groupId).execute();
  if (permissions.length) {
    await db
      .insertInto('group_permissions')
      .values(permissions.map((permission) => ({ group_id: groupId, permission })))
      .execute();
  }
}

function toMember(r: { id: number; user_name: string; display_name: string; is_active: boolean }): GroupMember {
  return { ID: r.id, userName: r.user_name, displayName: r.display_name, isActive: r.is_active };
}
