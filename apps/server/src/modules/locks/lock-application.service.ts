import { sql, type Transaction } from 'kysely';
import {
  freeLockStatus,
  lockWhereCaptions,
  say,
  lockApplyRefusal,
  lockPointRefusal,
  lockRemoveRefusal,
  pointLockCountRefusal,
  type LockKind,
  type LockRemoval,
  type LockStatus,
  type Said,
  type Spoken,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { assignedPermitJoin } from './lock.repository';

type Trx = Transaction<Database>;

/** Where a lock goes: a point on the permit's isolation plan, or the permit's group lockbox. */
export type LockPlace = { planPointId: number; lockboxId?: undefined } | { lockboxId: number; planPointId?: undefined };

export type ApplyLockInput = {
  facilityId: number;
  lockId: number;
  permitId: number;
  /** The applier: the one person who may remove it again (except under (e)(3)). */
  userId: number;
  at: Date;
  /** The applier confirmed a second lock of theirs on this point (pointLockCountRefusal). */
  secondLock?: boolean;
  /**
   * A transfer moves a lock already on the isolation point to another permit's plan point: the
   * person's locks on the point do not grow, so their count is not asked again.
   */
  transfer?: boolean;
} & LockPlace;

export interface RemoveLockInput {
  facilityId: number;
  applicationId: number;
  userId: number;
  at: Date;
  removal: LockRemoval;
}

/** What the callers of removeLock may need for their audit row or to continue a transfer. */
export interface RemovedLock {
  lockId: number;
  serial: string;
  permitId: number;
  appliedBy: number;
  status: LockStatus;
}

interface LockedLock {
  id: number;
  serial: string;
  kind: LockKind;
  status: LockStatus;
  ownerId: number | null;
  ownerName: string | null;
  assignedPermitId: number | null;
  assignedPermitNumber: string | null;
}

/**
 * The lock row, FOR UPDATE (lock order: permit, isolation points, locks, lockbox — LOTO.md): every
 * apply and remove of one lock runs one after the other, and the refusal is read under that lock.
 */
export async function lockLockRow(trx: Trx, facilityId: number, lockId: number): Promise<LockedLock | undefined> {
  const { rows } = await sql<LockedLock>`
    select l.id, l.serial, l.kind, l.status, l.owner_id as "ownerId", u.display_name as "ownerName",
      ap.id as "assignedPermitId", ap.number as "assignedPermitNumber"
    from locks l left join users u on u.id = l.owner_id
    ${assignedPermitJoin('l')}
    where l.facility_id = ${facilityId} and l.id = ${lockId}
    for update of l`.execute(trx);
  return rows[0];
}

const conflict = (message: string, field = 'lockId', said?: Said) =>
  new AppError('CONFLICT', 409, message, [{ field, message }], undefined, said);

/** Where an open application holds a lock now, in the reader's words: "permit LOTO-0042 at point E-101". */
export async function whereApplied(trx: Trx, facilityId: number, lockId: number): Promise<Spoken> {
  const { rows } = await sql<{ number: string; point: string | null; lockbox: string | null }>`
    select p.number, ip.code as point, lb.number as lockbox
    from lock_applications a
    join permits p on p.facility_id = a.facility_id and p.id = a.permit_id
    left join permit_isolation_points pp on pp.facility_id = a.facility_id and pp.id = a.plan_point_id
    left join isolation_points ip on ip.facility_id = pp.facility_id and ip.id = pp.isolation_point_id
    left join lockboxes lb on lb.facility_id = a.facility_id and lb.id = a.lockbox_id
    where a.facility_id = ${facilityId} and a.lock_id = ${lockId} and a.removed_at is null`.execute(trx);
  const row = rows[0];
  if (!row) return say(lockWhereCaptions.unknown);
  return row.point !== null
    ? say(lockWhereCaptions.atPoint, { number: row.number, point: row.point })
    : say(lockWhereCaptions.onLockbox, { number: row.number, lockbox: row.lockbox ?? '' });
}

/** Refuses a place that is not this permit's: a plan point must be on its plan and hold the isolation. */
async function checkPlace(trx: Trx, input: ApplyLockInput, serial: string): Promise<void> {
  if (input.planPointId !== undefined) {
    const point = await trx
      .selectFrom('permit_isolation_points as pp')
      .innerJoin('isolation_points as ip', (j) =>
        j.onRef('ip.facility_id', '=', 'pp.facility_id').onRef('ip.id', '=', 'pp.isolation_point_id'),
      )
      .select(['pp.permit_id', 'pp.state', 'pp.removed_at', 'ip.code'])
      .where('pp.facility_id', '=', input.facilityId)
      .where('pp.id', '=', input.planPointId)
      .executeTakeFirst();
    if (!point || point.permit_id !== input.permitId || point.removed_at !== null) {
      throw AppError.notFound('Plan point');
    }
    const refusal = lockPointRefusal(serial, point);
    if (refusal) {
      throw new AppError(
        'CONFLICT',
        409,
        refusal.message,
        [{ field: 'planPointId', message: `Point ${point.code} is not isolated` }],
        undefined,
        refusal.said,
      );
    }
    if (!input.transfer) await checkPersonPointLocks(trx, input, point.code, serial);
    return;
  }
  const lockbox = await trx
    .selectFrom('lockboxes')
    .select(['permit_id', 'released_at', 'number'])
    .where('facility_id', '=', input.facilityId)
    .where('id', '=', input.lockboxId)
    .executeTakeFirst();
  if (!lockbox || lockbox.permit_id !== input.permitId) throw AppError.notFound('Lockbox');
  if (lockbox.released_at !== null) {
    throw conflict(`Lockbox ${lockbox.number} is released: lock ${serial} cannot go on it`, 'lockboxId');
  }
}

/**
 * One person's locks on one plan point (contracts' pointLockCountRefusal): a second needs their
 * confirmation, a third is refused. Read under the permit row the caller locked, so two applies of
 * one person on one point run one after the other.
 */
async function checkPersonPointLocks(trx: Trx, input: ApplyLockInput, code: string, serial: string): Promise<void> {
  const mine = await trx
    .selectFrom('lock_applications as a')
    .innerJoin('locks as l', (j) => j.onRef('l.facility_id', '=', 'a.facility_id').onRef('l.id', '=', 'a.lock_id'))
    .select('l.serial')
    .where('a.facility_id', '=', input.facilityId)
    .where('a.plan_point_id', '=', input.planPointId!)
    .where('a.applied_by', '=', input.userId)
    .where('a.removed_at', 'is', null)
    .orderBy('a.applied_at')
    .execute();
  const refusal = pointLockCountRefusal(
    { code },
    mine.map((m) => m.serial),
    serial,
    input.secondLock,
  );
  if (refusal)
    throw new AppError(
      'CONFLICT',
      409,
      refusal.message,
      [{ field: refusal.confirm ? 'secondLock' : 'planPointId', message: refusal.message }],
      undefined,
      refusal.said,
    );
}

/**
 * Applies a lock at a plan point or on the permit's lockbox, inside the caller's transaction (the
 * caller has locked the permit row first and writes its own audit row). Refuses, naming the
 * lock's serial and why: a lock not in the facility (404), lost, retired, already in use, issued
 * to someone else, a lockbox device, or a place that is not this permit's. Sets the lock In use.
 * @returns the new lock application's id
 */
export async function applyLock(trx: Trx, input: ApplyLockInput): Promise<number> {
  const lock = await lockLockRow(trx, input.facilityId, input.lockId);
  if (!lock) throw AppError.notFound('Lock');
  const name = `Lock ${lock.serial}`;
  // The rule is contracts' (the offline page applies the same one); only "where" needs the database.
  const where = lock.status === 'in_use' ? await whereApplied(trx, input.facilityId, lock.id) : undefined;
  const refusal = lockApplyRefusal(lock, input.userId, { id: input.permitId }, where);
  if (refusal) throw conflict(refusal.message, 'lockId', refusal.said);
  await checkPlace(trx, input, lock.serial);
  try {
    const { id } = await trx
      .insertInto('lock_applications')
      .values({
        facility_id: input.facilityId,
        lock_id: lock.id,
        permit_id: input.permitId,
        plan_point_id: input.planPointId ?? null,
        lockbox_id: input.lockboxId ?? null,
        applied_by: input.userId,
        applied_at: input.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setLockStatus(trx, input.facilityId, lock.id, 'in_use', input.at);
    return id;
  } catch (error) {
    // The status said free but an open application exists: the database keeps a lock in one place.
    if ((error as { constraint?: string }).constraint === 'lock_applications_one_place_uq') {
      throw conflict(`${name} is already applied elsewhere`);
    }
    throw error;
  }
}

async function setLockStatus(trx: Trx, facilityId: number, lockId: number, status: LockStatus, at: Date) {
  await trx
    .updateTable('locks')
    .set((eb) => ({ status, updated_at: at, version: eb('version', '+', 1) }))
    .where('facility_id', '=', facilityId)
    .where('id', '=', lockId)
    .execute();
}

/**
 * Ends a lock application inside the caller's transaction. Only its applier removes it (or
 * transfers it); 'abandoned' is the (e)(3) path whose caller has checked the supervisor's
 * permission. The lock goes back to Issued when it has an owner, else Available.
 */
export async function removeLock(trx: Trx, input: RemoveLockInput): Promise<RemovedLock> {
  const found = await trx
    .selectFrom('lock_applications')
    .select('lock_id')
    .where('facility_id', '=', input.facilityId)
    .where('id', '=', input.applicationId)
    .executeTakeFirst();
  if (!found) throw AppError.notFound('Lock application');
  const lock = (await lockLockRow(trx, input.facilityId, found.lock_id))!;
  const { rows } = await sql<{ permitId: number; appliedBy: number; applierName: string; removedAt: Date | null }>`
    select a.permit_id as "permitId", a.applied_by as "appliedBy", u.display_name as "applierName",
      a.removed_at as "removedAt"
    from lock_applications a join users u on u.id = a.applied_by
    where a.facility_id = ${input.facilityId} and a.id = ${input.applicationId}
    for update of a`.execute(trx);
  const application = rows[0]!;
  const refusal = lockRemoveRefusal(
    { serial: lock.serial, removed: application.removedAt !== null, ...application },
    input.userId,
    input.removal,
  );
  if (refusal?.status === 409) throw conflict(refusal.message, 'applicationId', refusal.said);
  if (refusal) {
    throw new AppError(
      'FORBIDDEN',
      403,
      refusal.message,
      [{ field: 'applicationId', message: `Only ${application.applierName} removes lock ${lock.serial}` }],
      undefined,
      refusal.said,
    );
  }
  await trx
    .updateTable('lock_applications')
    .set({ removed_at: input.at, removed_by: input.userId, removal: input.removal })
    .where('facility_id', '=', input.facilityId)
    .where('id', '=', input.applicationId)
    .execute();
  const status = freeLockStatus(lock.ownerId);
  await setLockStatus(trx, input.facilityId, lock.id, status, input.at);
  return {
    lockId: lock.id,
    serial: lock.serial,
    permitId: application.permitId,
    appliedBy: application.appliedBy,
    status,
  };
}

export type TransferLockInput = Omit<RemoveLockInput, 'removal'> & {
  /** The permit that keeps holding the point, and its plan point (or lockbox) the lock moves to. */
  toPermitId: number;
} & LockPlace;

/**
 * Hands a lock on to another permit that holds the same point (shared isolation point): its
 * applier ends this application as 'transferred' and applies the lock there, linked to the old one,
 * in the caller's transaction (so the lock is never free in between).
 * @returns the new application's id
 */
export async function transferLock(trx: Trx, input: TransferLockInput): Promise<number> {
  const removed = await removeLock(trx, { ...input, removal: 'transferred' });
  // A pool lock goes with its isolation: the permit that keeps holding the point is now the one it is assigned to.
  await trx
    .updateTable('locks')
    .set((eb) => ({ assigned_permit_id: input.toPermitId, updated_at: input.at, version: eb('version', '+', 1) }))
    .where('facility_id', '=', input.facilityId)
    .where('id', '=', removed.lockId)
    .where('owner_id', 'is', null)
    .execute();
  const place: LockPlace =
    input.planPointId !== undefined ? { planPointId: input.planPointId } : { lockboxId: input.lockboxId };
  const id = await applyLock(trx, {
    facilityId: input.facilityId,
    lockId: removed.lockId,
    permitId: input.toPermitId,
    userId: input.userId,
    at: input.at,
    transfer: true,
    ...place,
  });
  await trx
    .updateTable('lock_applications')
    .set({ transferred_to: id })
    .where('facility_id', '=', input.facilityId)
    .where('id', '=', input.applicationId)
    .execute();
  return id;
}
