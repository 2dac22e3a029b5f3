import { sql, type Transaction } from 'kysely';
import { freeLockStatus, lockboxDeviceRefusal, type LockKind, type LockStatus } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';

type Trx = Transaction<Database>;

export interface LockboxDeviceInput {
  facilityId: number;
  lockId: number;
  at: Date;
}

/** The device's lock row FOR UPDATE (step 3 of the LOTO lock order: after the permit, before the lockbox). */
async function lockDevice(trx: Trx, facilityId: number, lockId: number) {
  const { rows } = await sql<{
    id: number;
    serial: string;
    kind: LockKind;
    status: LockStatus;
    ownerId: number | null;
  }>`
    select id, serial, kind, status, owner_id as "ownerId" from locks
    where facility_id = ${facilityId} and id = ${lockId}
    for update`.execute(trx);
  return rows[0];
}

async function setStatus(trx: Trx, input: LockboxDeviceInput, status: LockStatus) {
  await trx
    .updateTable('locks')
    .set((eb) => ({ status, updated_at: input.at, version: eb('version', '+', 1) }))
    .where('facility_id', '=', input.facilityId)
    .where('id', '=', input.lockId)
    .execute();
}

/**
 * A lockbox device (a lock of kind 'lockbox') takes a lockbox's keys, inside the lockbox command's
 * transaction: In use while the lockbox is open (the inventory shows it, and its status commands
 * are refused meanwhile). Refuses by contracts' lockboxDeviceRefusal (409, naming the serial).
 */
export async function holdLockboxDevice(trx: Trx, input: LockboxDeviceInput): Promise<void> {
  const device = await lockDevice(trx, input.facilityId, input.lockId);
  if (!device) throw AppError.notFound('Lock');
  const reason = lockboxDeviceRefusal(device);
  if (reason) {
    const message = `Lockbox device: ${reason}`;
    throw new AppError('CONFLICT', 409, message, [{ field: 'lockId', message }]);
  }
  await setStatus(trx, input, 'in_use');
}

/** The lockbox is released: its device goes back to Issued (it has an owner) or Available. */
export async function releaseLockboxDevice(trx: Trx, input: LockboxDeviceInput): Promise<void> {
  const device = await lockDevice(trx, input.facilityId, input.lockId);
  // Only a device the lockbox made In use goes back (a lock reported lost meanwhile stays Lost).
  if (!device || device.status !== 'in_use') return;
  await setStatus(trx, input, freeLockStatus(device.ownerId));
}
