import { sql, type Transaction } from 'kysely';
import type { LockApplication, LockApplyInput, LockRemoveInput } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand } from '../../platform';
import { hangPointTagWithLock } from '../tags';
import { applyLock, removeLock } from './lock-application.service';
import { lockPermitTarget, locksPolicy, type LockPermitState } from './locks.policy';

type Db = Transaction<Database>;

/** One lock application as the API answers it. */
export async function findLockApplication(
  db: Db,
  facilityId: number,
  id: number,
): Promise<LockApplication | undefined> {
  const { rows } = await sql<
    Omit<LockApplication, 'appliedAt' | 'removedAt'> & { appliedAt: Date; removedAt: Date | null }
  >`
    select a.id as "ID", a.permit_id as "permitId", a.plan_point_id as "planPointId", a.lockbox_id as "lockboxId",
      json_build_object('ID', l.id, 'serial', l.serial, 'kind', l.kind, 'status', l.status) as lock,
      json_build_object('ID', u.id, 'displayName', u.display_name) as "appliedBy",
      a.applied_at as "appliedAt", a.removed_at as "removedAt", a.removal
    from lock_applications a
    join locks l on l.facility_id = a.facility_id and l.id = a.lock_id
    join users u on u.id = a.applied_by
    where a.facility_id = ${facilityId} and a.id = ${id}`.execute(db);
  const row = rows[0];
  return row && { ...row, appliedAt: row.appliedAt.toISOString(), removedAt: row.removedAt?.toISOString() ?? null };
}

/**
 * Applies a lock at a point of the permit's isolation plan: the permit row is locked first (the
 * LOTO lock order), then applyLock locks the lock row and refuses what the rules refuse. The
 * point's tag waiting to be hung goes on with it (audited `tag.apply`, with the lock's serial, the
 * applier and the time): a worker puts on the lock and its tag in one step, and a refusal of either
 * leaves neither on.
 */
export const applyLockAtPoint = defineCommand<LockApplyInput, LockPermitState, LockApplication>({
  name: 'lock.apply',
  target: lockPermitTarget,
  policy: locksPolicy['lock.apply'],
  async apply({ trx, ctx, input, state: permit, ...run }) {
    const { facilityId, userId } = ctx.actor;
    const applicationId = await applyLock(trx, {
      facilityId,
      lockId: input.lockId,
      permitId: permit.id,
      planPointId: input.planPointId,
      userId,
      at: ctx.now,
      secondLock: input.secondLock,
    });
    const application = (await findLockApplication(trx, facilityId, applicationId))!;
    run.audit({
      action: 'lock.apply',
      entityType: 'lock',
      entityId: input.lockId,
      before: null,
      after: { applicationId, permitId: permit.id, permitNumber: permit.number, planPointId: input.planPointId },
    });
    const tagId = await hangPointTagWithLock(
      trx,
      { facilityId, planPointId: input.planPointId, lockSerial: application.lock.serial, userId, at: ctx.now },
      run,
    );
    run.event({
      name: 'lock.apply',
      entityType: 'lock',
      entityId: input.lockId,
      payload: {
        lockId: input.lockId,
        serial: application.lock.serial,
        applicationId,
        permitId: permit.id,
        planPointId: input.planPointId,
        tagId,
      },
    });
    return application;
  },
});

/** Removes a lock its remover applied on this permit (only the applier: removeLock refuses anyone else). */
export const removeLockFromPoint = defineCommand<LockRemoveInput, LockPermitState, LockApplication>({
  name: 'lock.remove',
  target: lockPermitTarget,
  policy: locksPolicy['lock.remove'],
  async apply({ trx, ctx, input, state: permit, ...run }) {
    const { facilityId, userId } = ctx.actor;
    const before = await findLockApplication(trx, facilityId, input.applicationId);
    if (!before || before.permitId !== permit.id) throw AppError.notFound('Lock application');
    // A personal lock on the lockbox is a crew sign-on: it ends by signing off (the crew's rules).
    if (before.planPointId === null) {
      throw new AppError(
        'CONFLICT',
        409,
        `Lock ${before.lock.serial} is a sign-on to the lockbox: sign off from the crew list to remove it`,
        [{ field: 'applicationId', message: 'Not a lock on a plan point' }],
      );
    }
    const removed = await removeLock(trx, {
      facilityId,
      applicationId: input.applicationId,
      userId,
      at: ctx.now,
      removal: 'removed',
    });
    const after = (await findLockApplication(trx, facilityId, input.applicationId))!;
    run.audit({
      action: 'lock.remove',
      entityType: 'lock',
      entityId: removed.lockId,
      before: {
        applicationId: before.ID,
        permitId: permit.id,
        permitNumber: permit.number,
        planPointId: before.planPointId,
      },
      after: { applicationId: before.ID, removal: 'removed', status: removed.status },
    });
    run.event({
      name: 'lock.remove',
      entityType: 'lock',
      entityId: removed.lockId,
      payload: {
        lockId: removed.lockId,
        serial: removed.serial,
        applicationId: before.ID,
        permitId: permit.id,
        appliedBy: removed.appliedBy,
      },
    });
    return after;
  },
});
