import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { listLocksOnPermit } from '../locks';
import { acknowledgeHandover, insertHandover } from './permit-handover.repository';
import type { PermitRecord } from './permit.repository';

/** The hand-over's notes as its body carries them (permitCommandInputSchemas['hand-over']). */
export interface HandoverNotes {
  newHolderId: number;
  abnormalConditions: string;
  workRemaining: string;
  locksStaying: number[];
}

/**
 * Shift change (1910.147 (f)(4)): the outgoing holder's notes are kept as the permit's handover log
 * and wait for the incoming holder's signed acceptance. The locks said to stay on must be on the
 * permit now; each one that is not is named (a note must not promise protection that is not there).
 * @returns the handover's id (the permit names it as pending)
 */
export async function recordHandover(
  trx: Transaction<Database>,
  permit: PermitRecord,
  notes: HandoverNotes,
  by: { userId: number; at: Date },
): Promise<number> {
  const onPermit = await listLocksOnPermit(trx, permit.facilityId, permit.ID);
  const byId = new Map(onPermit.map((lock) => [lock.ID, lock]));
  const missing = [...new Set(notes.locksStaying)].filter((id) => !byId.has(id));
  if (missing.length)
    throw AppError.validation([
      {
        field: 'locksStaying',
        message: `Locks staying on: ${missing.length === 1 ? 'lock' : 'locks'} ${missing.join(', ')} ${
          missing.length === 1 ? 'is' : 'are'
        } not on this permit now`,
      },
    ]);
  return insertHandover(trx, {
    facilityId: permit.facilityId,
    permitId: permit.ID,
    fromHolderId: permit.holder?.ID ?? null,
    toHolderId: notes.newHolderId,
    by: by.userId,
    at: by.at,
    abnormalConditions: notes.abnormalConditions,
    workRemaining: notes.workRemaining,
    locksStaying: onPermit.filter((lock) => notes.locksStaying.includes(lock.ID)),
  });
}

/** The incoming holder's signed acceptance completes the pending hand-over (the accept guard asked for the acknowledgment). */
export async function completeHandover(
  trx: Transaction<Database>,
  permit: PermitRecord,
  by: { userId: number; at: Date },
): Promise<void> {
  if (permit.pendingHandover)
    await acknowledgeHandover(trx, permit.facilityId, permit.pendingHandover.ID, by.userId, by.at);
}
