import { sql, type Transaction } from 'kysely';
import { appliedTagStates, type AbandonedRemoval, type ContactAttempt } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';

/** An open lock application of a permit, with what the wizard and the removal name it by. */
export interface OpenLockApplication {
  id: number;
  lockId: number;
  lockSerial: string;
  planPointId: number | null;
  lockboxId: number | null;
  appliedBy: number;
  appliedByName: string;
  appliedAt: Date;
}

/** An applied (or verified) tag of a permit. */
export interface AppliedTag {
  id: number;
  number: string;
  planPointId: number | null;
  lockApplicationId: number | null;
  appliedBy: number | null;
  appliedByName: string | null;
  appliedAt: Date | null;
}

/** A plan point's asset point: its code and location in large type. */
export interface PointLabel {
  planPointId: number;
  code: string;
  location: string;
}

/** The permit's open lock applications (point or lockbox), oldest first. */
export async function listOpenLockApplications(db: Db, facilityId: number, permitId: number) {
  const rows = await db
    .selectFrom('lock_applications as la')
    .innerJoin('locks as l', (j) => j.onRef('l.id', '=', 'la.lock_id').onRef('l.facility_id', '=', 'la.facility_id'))
    .innerJoin('users as u', 'u.id', 'la.applied_by')
    .select([
      'la.id',
      'la.lock_id as lockId',
      'l.serial as lockSerial',
      'la.plan_point_id as planPointId',
      'la.lockbox_id as lockboxId',
      'la.applied_by as appliedBy',
      'u.display_name as appliedByName',
      'la.applied_at as appliedAt',
    ])
    .where('la.facility_id', '=', facilityId)
    .where('la.permit_id', '=', permitId)
    .where('la.removed_at', 'is', null)
    .orderBy('la.applied_at')
    .orderBy('la.id')
    .execute();
  return rows satisfies OpenLockApplication[];
}

/** The permit's tags that are on the equipment (applied or verified). */
export async function listAppliedTags(db: Db, facilityId: number, permitId: number): Promise<AppliedTag[]> {
  return db
    .selectFrom('tags as t')
    .leftJoin('users as u', 'u.id', 't.applied_by')
    .select([
      't.id',
      't.number',
      't.plan_point_id as planPointId',
      't.lock_application_id as lockApplicationId',
      't.applied_by as appliedBy',
      'u.display_name as appliedByName',
      't.applied_at as appliedAt',
    ])
    .where('t.facility_id', '=', facilityId)
    .where('t.permit_id', '=', permitId)
    .where('t.state', 'in', [...appliedTagStates])
    .orderBy('t.id')
    .execute();
}

/** Code and location of the asset points behind these plan points. */
export async function listPointLabels(db: Db, facilityId: number, planPointIds: number[]): Promise<PointLabel[]> {
  if (!planPointIds.length) return [];
  return db
    .selectFrom('permit_isolation_points as pp')
    .innerJoin('isolation_points as ip', (j) =>
      j.onRef('ip.id', '=', 'pp.isolation_point_id').onRef('ip.facility_id', '=', 'pp.facility_id'),
    )
    .select(['pp.id as planPointId', 'ip.code', 'ip.location'])
    .where('pp.facility_id', '=', facilityId)
    .where('pp.id', 'in', planPointIds)
    .execute();
}

/** The open lock application of this permit, its `locks` row locked (lock order: permit, then locks). */
export async function lockOpenLockApplication(
  trx: Transaction<Database>,
  facilityId: number,
  permitId: number,
  applicationId: number,
): Promise<OpenLockApplication | undefined> {
  const found = (await listOpenLockApplications(trx, facilityId, permitId)).find((a) => a.id === applicationId);
  if (!found) return undefined;
  await sql`select id from locks where facility_id = ${facilityId} and id = ${found.lockId} for update`.execute(trx);
  return found;
}

/** The tag of this permit, locked, whatever its state (the caller decides what a finished one means). */
export async function lockTag(trx: Transaction<Database>, facilityId: number, permitId: number, tagId: number) {
  return trx
    .selectFrom('tags as t')
    .leftJoin('users as u', 'u.id', 't.applied_by')
    .select([
      't.id',
      't.number',
      't.state',
      't.plan_point_id as planPointId',
      't.lock_application_id as lockApplicationId',
      't.applied_by as appliedBy',
      'u.display_name as appliedByName',
    ])
    .where('t.facility_id', '=', facilityId)
    .where('t.permit_id', '=', permitId)
    .where('t.id', '=', tagId)
    .forUpdate('t')
    .executeTakeFirst();
}

export interface NewAbandonedRemoval {
  facilityId: number;
  permitId: number;
  lockApplicationId: number | null;
  tagId: number | null;
  applierId: number;
  supervisorId: number;
  attempts: ContactAttempt[];
  reason: string;
  removedAt: Date;
}

export async function insertAbandonedRemoval(trx: Transaction<Database>, r: NewAbandonedRemoval): Promise<number> {
  const row = await trx
    .insertInto('abandoned_removals')
    .values({
      facility_id: r.facilityId,
      permit_id: r.permitId,
      lock_application_id: r.lockApplicationId,
      tag_id: r.tagId,
      applier_id: r.applierId,
      supervisor_id: r.supervisorId,
      applier_not_on_site: true,
      attempts: JSON.stringify(r.attempts),
      reason: r.reason,
      removed_at: r.removedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removals of the facility as the applier is shown them; `where` narrows (by id, or the applier's open ones). */
async function listRemovals(
  db: Db,
  facilityId: number,
  where: { id: number } | { applierId: number; unacknowledged: true },
  lock = false,
): Promise<AbandonedRemoval[]> {
  let query = db
    .selectFrom('abandoned_removals as ar')
    .innerJoin('permits as p', (j) =>
      j.onRef('p.id', '=', 'ar.permit_id').onRef('p.facility_id', '=', 'ar.facility_id'),
    )
    .innerJoin('users as a', 'a.id', 'ar.applier_id')
    .innerJoin('users as s', 's.id', 'ar.supervisor_id')
    .leftJoin('lock_applications as la', (j) =>
      j.onRef('la.id', '=', 'ar.lock_application_id').onRef('la.facility_id', '=', 'ar.facility_id'),
    )
    .leftJoin('locks as l', (j) => j.onRef('l.id', '=', 'la.lock_id').onRef('l.facility_id', '=', 'la.facility_id'))
    .leftJoin('tags as t', (j) => j.onRef('t.id', '=', 'ar.tag_id').onRef('t.facility_id', '=', 'ar.facility_id'))
    .leftJoin('permit_isolation_points as pp', (j) =>
      j.on((eb) => eb('pp.id', '=', eb.fn.coalesce('la.plan_point_id', 't.plan_point_id'))),
    )
    .leftJoin('isolation_points as ip', (j) =>
      j.onRef('ip.id', '=', 'pp.isolation_point_id').onRef('ip.facility_id', '=', 'pp.facility_id'),
    )
    .select([
      'ar.id',
      'ar.permit_id',
      'p.number as permitNumber',
      'p.title as permitTitle',
      'l.serial as lockSerial',
      't.number as tagNumber',
      'ip.code as pointCode',
      'ip.location as pointLocation',
      'la.lockbox_id as lockboxId',
      'ar.applier_id',
      'a.display_name as applierName',
      'ar.supervisor_id',
      's.display_name as supervisorName',
      'ar.removed_at',
      'ar.reason',
      'ar.attempts',
      'ar.acknowledged_at',
    ])
    .where('ar.facility_id', '=', facilityId)
    .orderBy('ar.removed_at')
    .orderBy('ar.id');
  if ('id' in where) query = query.where('ar.id', '=', where.id);
  else query = query.where('ar.applier_id', '=', where.applierId).where('ar.acknowledged_at', 'is', null);
  if (lock) query = query.forUpdate('ar');
  const rows = await query.execute();
  return rows.map((r) => ({
    ID: r.id,
    permit: { ID: r.permit_id, number: r.permitNumber, title: r.permitTitle },
    lockSerial: r.lockSerial,
    tagNumber: r.tagNumber,
    point: r.pointCode !== null ? { code: r.pointCode, location: r.pointLocation ?? '' } : null,
    onLockbox: r.lockboxId !== null,
    applier: { ID: r.applier_id, displayName: r.applierName },
    supervisor: { ID: r.supervisor_id, displayName: r.supervisorName },
    removedAt: r.removed_at.toISOString(),
    reason: r.reason,
    attempts: r.attempts as ContactAttempt[],
    acknowledgedAt: r.acknowledged_at?.toISOString() ?? null,
  }));
}

/** One removal of the facility (locked FOR UPDATE when `lock`). */
export async function findAbandonedRemoval(db: Db, facilityId: number, id: number, lock = false) {
  return (await listRemovals(db, facilityId, { id }, lock))[0];
}

/** The user's removals in this facility they have not yet acknowledged, oldest first. */
export function listUnacknowledgedRemovals(db: Db, facilityId: number, applierId: number) {
  return listRemovals(db, facilityId, { applierId, unacknowledged: true });
}

export async function setAcknowledged(trx: Transaction<Database>, facilityId: number, id: number, at: Date) {
  await trx
    .updateTable('abandoned_removals')
    .set({ acknowledged_at: at })
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .execute();
}
