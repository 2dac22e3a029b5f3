import type { Transaction } from 'kysely';
import type { LockboxMember } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { applyLock, removeLock } from '../locks';
import { planTag } from '../tags';
import type { LockboxPermit } from './lockbox.repository';

type Trx = Transaction<Database>;

/**
 * A crew member's sign-on: their personal lock applied to the lockbox through the locks module
 * (which refuses a lost, retired, in-use or someone else's lock, naming its serial). Runs after the
 * permit is locked; applyLock locks the lock row (step 3 of the lock order). Where the permit's
 * type asks for a tag per personal lock, the tag is planned on the application (numbered, waiting
 * for printing); its applier applies it through the tags section, as every tag.
 */
export async function signOnPersonalLock(
  trx: Trx,
  input: {
    facilityId: number;
    permit: LockboxPermit;
    lockboxId: number;
    lockboxNumber: string;
    lockId: number;
    userId: number;
    at: Date;
  },
): Promise<number> {
  const applicationId = await applyLock(trx, {
    facilityId: input.facilityId,
    lockId: input.lockId,
    permitId: input.permit.id,
    lockboxId: input.lockboxId,
    userId: input.userId,
    at: input.at,
  });
  if (input.permit.tagPerPersonalLock) {
    await planTag(trx, {
      facilityId: input.facilityId,
      permitId: input.permit.id,
      lockApplicationId: applicationId,
      reason: `Personal lock on group lockbox ${input.lockboxNumber}, permit ${input.permit.number}`,
      userId: input.userId,
      at: input.at,
    });
  }
  return applicationId;
}

/** A crew member's sign-off: their own lock off the lockbox (removeLock refuses anyone but its applier). */
export async function signOffPersonalLock(
  trx: Trx,
  input: { facilityId: number; applicationId: number; tag: LockboxMember['tag']; userId: number; at: Date },
): Promise<void> {
  await removeLock(trx, {
    facilityId: input.facilityId,
    applicationId: input.applicationId,
    userId: input.userId,
    at: input.at,
    removal: 'removed',
  });
}
