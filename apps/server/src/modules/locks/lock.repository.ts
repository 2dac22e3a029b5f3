import { sql } from 'kysely';
import {
  LOCKS_LIST_MAX,
  lockAssignmentEndedStatuses,
  type Lock,
  type LockListQuery,
  type LockOptions,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { itemCaptionSql } from '../master-lists';

interface LockRow {
  ID: number;
  serial: string;
  kind: Lock['kind'];
  colourId: number | null;
  colourCaption: string | null;
  ownerId: number | null;
  ownerName: string | null;
  status: Lock['status'];
  note: string;
  version: number;
  updatedAt: Date;
  applicationId: number | null;
  permitId: number | null;
  permitNumber: string | null;
  pointCode: string | null;
  pointLocation: string | null;
  lockboxNumber: string | null;
  appliedById: number | null;
  appliedByName: string | null;
  appliedAt: Date | null;
  assignedPermitId: number | null;
  assignedPermitNumber: string | null;
}

/**
 * The open permit a pool lock is assigned to, joined as `ap`: an assignment to a closed or
 * cancelled permit is over and reads as none (decision 0114), so the permit's end needs no write here.
 */
export const assignedPermitJoin = (lock: string) =>
  sql.raw(`left join permits ap on ap.facility_id = ${lock}.facility_id and ap.id = ${lock}.assigned_permit_id
    and ap.status not in (${lockAssignmentEndedStatuses.map((s) => `'${s}'`).join(', ')})`);

const toLock = (r: LockRow): Lock => ({
  ID: r.ID,
  serial: r.serial,
  kind: r.kind,
  colour: r.colourId !== null ? { ID: r.colourId, caption: r.colourCaption ?? '' } : null,
  owner: r.ownerId !== null ? { ID: r.ownerId, displayName: r.ownerName ?? '' } : null,
  status: r.status,
  note: r.note,
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
  where:
    r.applicationId !== null
      ? {
          applicationId: r.applicationId,
          permitId: r.permitId!,
          permitNumber: r.permitNumber!,
          pointCode: r.pointCode,
          pointLocation: r.pointLocation,
          lockboxNumber: r.lockboxNumber,
          appliedBy: { ID: r.appliedById!, displayName: r.appliedByName! },
          appliedAt: r.appliedAt!.toISOString(),
        }
      : null,
  assignedPermit: r.assignedPermitId !== null ? { ID: r.assignedPermitId, number: r.assignedPermitNumber ?? '' } : null,
});

/**
 * The locks of a facility with their colour caption, owner and, for a lock in use, where it is now
 * (its one open application: the permit and the point's code and location, or the lockbox).
 */
async function selectLocks(db: Db, facilityId: number, where: ReturnType<typeof sql>): Promise<Lock[]> {
  const { rows } = await sql<LockRow>`
    select l.id as "ID", l.serial, l.kind, l.colour_item_id as "colourId", ${itemCaptionSql('m')} as "colourCaption",
      l.owner_id as "ownerId", o.display_name as "ownerName", l.status, l.note, l.version, l.updated_at as "updatedAt",
      a.id as "applicationId", a.permit_id as "permitId", p.number as "permitNumber",
      ip.code as "pointCode", ip.location as "pointLocation", lb.number as "lockboxNumber",
      a.applied_by as "appliedById", ab.display_name as "appliedByName", a.applied_at as "appliedAt",
      ap.id as "assignedPermitId", ap.number as "assignedPermitNumber"
    from locks l
    ${assignedPermitJoin('l')}
    left join master_list_items m on m.facility_id = l.facility_id and m.id = l.colour_item_id
    left join users o on o.id = l.owner_id
    left join lock_applications a on a.facility_id = l.facility_id and a.lock_id = l.id and a.removed_at is null
    left join permits p on p.facility_id = a.facility_id and p.id = a.permit_id
    left join permit_isolation_points pp on pp.facility_id = a.facility_id and pp.id = a.plan_point_id
    left join isolation_points ip on ip.facility_id = pp.facility_id and ip.id = pp.isolation_point_id
    left join lockboxes lb on lb.facility_id = a.facility_id and lb.id = a.lockbox_id
    left join users ab on ab.id = a.applied_by
    where l.facility_id = ${facilityId} and ${where}
    order by lower(l.serial), l.id
    limit ${LOCKS_LIST_MAX}`.execute(db);
  return rows.map(toLock);
}

/** The facility's locks matching the query, by serial (at most LOCKS_LIST_MAX). */
export function listLocks(db: Db, facilityId: number, query: LockListQuery): Promise<Lock[]> {
  const conditions = [sql`true`];
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(lower(l.serial) like ${like} or lower(l.note) like ${like} or lower(o.display_name) like ${like})`,
    );
  }
  if (query.status) conditions.push(sql`l.status = ${query.status}`);
  if (query.kind) conditions.push(sql`l.kind = ${query.kind}`);
  if (query.ownerId) conditions.push(sql`l.owner_id = ${query.ownerId}`);
  return selectLocks(db, facilityId, sql.join(conditions, sql` and `));
}

export async function findLock(db: Db, facilityId: number, id: number): Promise<Lock | undefined> {
  return (await selectLocks(db, facilityId, sql`l.id = ${id}`))[0];
}

/** The register form's choices: active lock colours in list order, active users of the facility by name. */
export async function lockOptions(db: Db, facilityId: number): Promise<LockOptions> {
  const [colours, people] = await Promise.all([
    sql<{ ID: number; caption: string }>`
      select m.id as "ID", ${itemCaptionSql('m')} as caption from master_list_items m
      where m.facility_id = ${facilityId} and m.list_key = 'lock-colours' and m.is_active
      order by m.sort_order, m.id`.execute(db),
    facilityPeople(db, facilityId),
  ]);
  return { colours: colours.rows, people };
}

async function facilityPeople(db: Db, facilityId: number, userId?: number) {
  const { rows } = await sql<{ ID: number; displayName: string }>`
    select u.id as "ID", u.display_name as "displayName"
    from users u join user_facilities uf on uf.user_id = u.id and uf.facility_id = ${facilityId}
    where u.is_active ${userId !== undefined ? sql`and u.id = ${userId}` : sql``}
    order by lower(u.display_name), u.id`.execute(db);
  return rows;
}

/** An active user of the facility (a lock's owner must be one), or undefined. */
export async function findFacilityPerson(db: Db, facilityId: number, userId: number) {
  return (await facilityPeople(db, facilityId, userId))[0];
}

/** Whether the item is an active colour of the facility's `lock-colours` list. */
export async function isLockColour(db: Db, facilityId: number, itemId: number): Promise<boolean> {
  const row = await db
    .selectFrom('master_list_items')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('id', '=', itemId)
    .where('list_key', '=', 'lock-colours')
    .where('is_active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks a person may apply on a permit: issued to them, or available, unowned and assigned to that
 * permit; never a lockbox device. For the offline download (`permitTypeIds`: the types the person may
 * view), the pool locks assigned to any open permit of those types, each naming its permit: the
 * device keeps to the permit's own, and never learns the number of a permit it may not see.
 */
export function listApplicableLocks(
  db: Db,
  facilityId: number,
  userId: number,
  on: { permitId: number } | { permitTypeIds: readonly number[] },
): Promise<Lock[]> {
  const assigned =
    'permitId' in on ? sql`ap.id = ${on.permitId}` : sql`ap.permit_type_id = any(${[...on.permitTypeIds]}::int[])`;
  return selectLocks(
    db,
    facilityId,
    sql`l.kind <> 'lockbox' and (l.owner_id = ${userId} and l.status = 'issued' or l.owner_id is null and l.status = 'available' and ${assigned})`,
  );
}

/** The facility's pool locks an issuer may assign to a permit now: available, unowned, no lockbox, assigned nowhere open. */
export function listAssignableLocks(db: Db, facilityId: number): Promise<Lock[]> {
  return selectLocks(
    db,
    facilityId,
    sql`l.kind <> 'lockbox' and l.owner_id is null and l.status = 'available' and ap.id is null`,
  );
}

/** The pool locks assigned to a permit (in use on it or not), by serial. */
export function listLocksAssignedTo(db: Db, facilityId: number, permitId: number): Promise<Lock[]> {
  return selectLocks(db, facilityId, sql`ap.id = ${permitId}`);
}

/** The locks on a permit now (on its points or its lockbox), by serial: what a hand-over can say stays on. */
export function listLocksOnPermit(
  db: Db,
  facilityId: number,
  permitId: number,
): Promise<{ ID: number; serial: string }[]> {
  return db
    .selectFrom('lock_applications as la')
    .innerJoin('locks as l', 'l.id', 'la.lock_id')
    .select(['l.id as ID', 'l.serial'])
    .distinct()
    .where('la.facility_id', '=', facilityId)
    .where('la.permit_id', '=', permitId)
    .where('la.removed_at', 'is', null)
    .orderBy('l.serial')
    .execute();
}
