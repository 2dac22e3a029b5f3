import type { Transaction } from 'kysely';
import { lockAssignRefusal, lockUnassignRefusal, type Lock, type LockAssignInput, type Spoken } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import { lockLockRow, whereApplied } from './lock-application.service';
import { findLock } from './lock.repository';
import { lockPermitTarget, locksPolicy, type LockPermitState } from './locks.policy';

type Trx = Transaction<Database>;
type Verb = 'assign' | 'unassign';

/**
 * Hands a pool lock from the lock cabinet to the permit, or takes it back: the permit row is locked
 * first (the LOTO lock order), then the lock row, and the shared rule decides on both. Only the
 * lock changes (its assignment and version), audited `lock.assign` / `lock.unassign` with the permit.
 */
async function changeAssignment(
  verb: Verb,
  { trx, ctx, input, state: permit, ...run }: CommandRun<LockAssignInput, LockPermitState>,
): Promise<Lock> {
  const { facilityId } = ctx.actor;
  const lock = await lockLockRow(trx, facilityId, input.lockId);
  if (!lock) throw AppError.notFound('Lock');
  const where = lock.status === 'in_use' ? await whereApplied(trx, facilityId, lock.id) : undefined;
  const refusal: Spoken | null =
    verb === 'assign' ? lockAssignRefusal(lock, permit, where) : lockUnassignRefusal(lock, permit, where);
  if (refusal)
    throw new AppError(
      'CONFLICT',
      409,
      refusal.message,
      [{ field: 'lockId', message: refusal.message }],
      undefined,
      refusal.said,
    );
  await setAssignedPermit(trx, facilityId, lock.id, verb === 'assign' ? permit.id : null, ctx.now);
  const permitWords = { permitId: permit.id, permitNumber: permit.number };
  run.audit({
    action: `lock.${verb}`,
    entityType: 'lock',
    entityId: lock.id,
    before: verb === 'assign' ? { assignedPermitId: null } : permitWords,
    after: verb === 'assign' ? permitWords : { assignedPermitId: null },
  });
  run.event({
    name: `lock.${verb}`,
    entityType: 'lock',
    entityId: lock.id,
    payload: { lockId: lock.id, serial: lock.serial, ...permitWords },
  });
  return (await findLock(trx, facilityId, lock.id))!;
}

async function setAssignedPermit(trx: Trx, facilityId: number, lockId: number, permitId: number | null, at: Date) {
  await trx
    .updateTable('locks')
    .set((eb) => ({ assigned_permit_id: permitId, updated_at: at, version: eb('version', '+', 1) }))
    .where('facility_id', '=', facilityId)
    .where('id', '=', lockId)
    .execute();
}

/** Assigns a free pool lock to this open permit: from now on only this permit's people apply it. */
export const assignLockToPermit = defineCommand<LockAssignInput, LockPermitState, Lock>({
  name: 'lock.assign',
  target: lockPermitTarget,
  policy: locksPolicy['lock.assign'],
  apply: (run) => changeAssignment('assign', run),
});

/** Releases a pool lock from this permit back to the lock cabinet (not while it is on a point or lockbox). */
export const unassignLockFromPermit = defineCommand<LockAssignInput, LockPermitState, Lock>({
  name: 'lock.unassign',
  target: lockPermitTarget,
  policy: locksPolicy['lock.unassign'],
  apply: (run) => changeAssignment('unassign', run),
});
