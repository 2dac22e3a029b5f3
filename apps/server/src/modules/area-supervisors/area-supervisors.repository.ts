import { sql } from 'kysely';
import type { AreaSupervisor } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';

/** The area whose supervisors a permit's area is covered by, and who they are. */
export interface SupervisedArea {
  areaId: number;
  number: string;
  name: string;
  /** 0: the area itself; 1: its parent; … */
  depth: number;
  people: AreaSupervisor[];
}

/**
 * Who supervises an area (decision 0080): its own supervisors, or when it has none those of the
 * nearest area above it that has some — one area's people, never a sum up the tree (a sub-area's own
 * authority replaces the parent's, as a plant's area authority does). Only active users who still
 * belong to the facility count; undefined when no area up the chain has any.
 */
export async function nearestSupervisedArea(
  db: Db,
  facilityId: number,
  areaId: number,
): Promise<SupervisedArea | undefined> {
  const { rows } = await sql<{
    id: number;
    number: string;
    name: string;
    depth: number;
    user_id: number;
    display_name: string;
  }>`
    with recursive up as (
      select id, parent_area_id, number, name, 0 as depth
      from areas where id = ${areaId} and facility_id = ${facilityId}
      union all
      select a.id, a.parent_area_id, a.number, a.name, up.depth + 1
      from areas a join up on a.id = up.parent_area_id
      where a.facility_id = ${facilityId}
    )
    select up.id, up.number, up.name, up.depth, u.id as user_id, u.display_name
    from up
    join area_supervisors s on s.area_id = up.id and s.facility_id = ${facilityId}
    join users u on u.id = s.user_id and u.is_active
    join user_facilities uf on uf.user_id = u.id and uf.facility_id = ${facilityId}
    order by up.depth, u.display_name, u.id`.execute(db);
  const first = rows[0];
  if (!first) return undefined;
  return {
    areaId: first.id,
    number: first.number,
    name: first.name,
    depth: first.depth,
    people: rows.filter((r) => r.depth === first.depth).map((r) => ({ ID: r.user_id, displayName: r.display_name })),
  };
}

/**
 * The user IDs of a permit's area supervisors: those covering its area; a permit without an area,
 * those covering each of its assets' areas. None when nobody supervises them.
 */
export async function areaSupervisorIdsOfPermit(db: Db, facilityId: number, permitId: number): Promise<number[]> {
  const areaIds = await permitAreaIds(db, facilityId, permitId);
  const ids = new Set<number>();
  for (const areaId of areaIds) {
    const supervised = await nearestSupervisedArea(db, facilityId, areaId);
    for (const person of supervised?.people ?? []) ids.add(person.ID);
  }
  return [...ids];
}

/** The permit's area, or (none given) the areas of its assets. */
export async function permitAreaIds(db: Db, facilityId: number, permitId: number): Promise<number[]> {
  const permit = await db
    .selectFrom('permits')
    .select('area_id')
    .where('id', '=', permitId)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!permit) return [];
  if (permit.area_id !== null) return [permit.area_id];
  const rows = await db
    .selectFrom('permit_assets as pa')
    .innerJoin('assets', 'assets.id', 'pa.asset_id')
    .select('assets.area_id')
    .distinct()
    .where('pa.permit_id', '=', permitId)
    .where('pa.facility_id', '=', facilityId)
    .where('assets.facility_id', '=', facilityId)
    .execute();
  return rows.map((r) => r.area_id);
}

/** The IDs stored for the area (whoever they are now), in order: an edit's audit "before". */
export async function storedSupervisorIds(db: Db, facilityId: number, areaId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('area_supervisors')
    .select('user_id')
    .where('facility_id', '=', facilityId)
    .where('area_id', '=', areaId)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Replaces the area's supervisors (in the area edit's transaction, which checked the version and
 * the permission). Each must be an active user of the facility: anyone else is a 400 on
 * `supervisorIds`, so another facility's people can never be chosen. Returns the IDs stored, sorted.
 */
export async function replaceAreaSupervisors(
  db: Db,
  facilityId: number,
  areaId: number,
  userIds: number[],
): Promise<number[]> {
  const wanted = [...new Set(userIds)].sort((a, b) => a - b);
  if (wanted.length) {
    const found = await db
      .selectFrom('users')
      .innerJoin('user_facilities as uf', (join) =>
        join.onRef('uf.user_id', '=', 'users.id').on('uf.facility_id', '=', facilityId),
      )
      .select('users.id')
      .where('users.id', 'in', wanted)
      .where('users.is_active', '=', true)
      .execute();
    if (found.length !== wanted.length)
      throw AppError.validation([
        { field: 'supervisorIds', message: 'Choose active users of this facility as the area supervisors' },
      ]);
  }
  await db.deleteFrom('area_supervisors').where('facility_id', '=', facilityId).where('area_id', '=', areaId).execute();
  if (wanted.length)
    await db
      .insertInto('area_supervisors')
      .values(wanted.map((user_id) => ({ facility_id: facilityId, area_id: areaId, user_id })))
      .execute();
  return wanted;
}
