import type { Transaction } from 'kysely';
import { appliedTagStates, type LockboxMember, type TagState } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { applyLock, removeLock } from '../locks';
import { applyTag, planTag, removeTag, voidTag, type TagRecorder } from '../tags';
import type { LockboxPermit } from './lockbox.repository';

type Trx = Transaction<Database>;

/**
 * A crew member's sign-on: their personal lock applied to the lockbox through the locks module
 * (which refuses a lost, retired, in-use or someone else's lock, naming its serial). Runs after the
 * permit is locked; applyLock locks the lock row (step 3 of the lock order). Where the permit's
 * type asks for a tag per personal lock, the tag is planned on the application (numbered) and put
 * on the lock by the member in the same transaction (audited `tag.apply` through `run`): the member
 * hangs it with the lock, so no one is signed on with a lock that carries no tag.
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
  run: TagRecorder,
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
    const tag = await planTag(trx, {
      facilityId: input.facilityId,
      permitId: input.permit.id,
      lockApplicationId: applicationId,
      reason: `Personal lock on group lockbox ${input.lockboxNumber}, permit ${input.permit.number}`,
      userId: input.userId,
      at: input.at,
    });
    await applyTag(trx, { facilityId: input.facilityId, tagId: tag.id, userId: input.userId, at: input.at }, run);
  }
  return applicationId;
}

/** Tags waiting to be hung: a replacement planned after the lock's tag went missing, or printed since. */
const unhungTagStates: readonly TagState[] = ['planned', 'printed'];

/**
 * A crew member's sign-off: the tag on their lock comes off first (removeTag refuses anyone but its
 * applier, audited `tag.remove`), then their lock off the lockbox (removeLock refuses anyone but its
 * applier), in one transaction: a sign-off never leaves a tag hanging on a removed lock. A tag that
 * was never hung (the replacement of a missing one, planned or printed) is voided with the reason
 * (audited `tag.void`): the lock it was for is gone, so it can never be hung, and the permit's
 * closing guard would otherwise wait for it forever (decision 0054).
 */
export async function signOffPersonalLock(
  trx: Trx,
  input: {
    facilityId: number;
    applicationId: number;
    lockSerial: string;
    tag: LockboxMember['tag'];
    userId: number;
    at: Date;
  },
  run: TagRecorder,
): Promise<void> {
  const tagChange = { facilityId: input.facilityId, tagId: input.tag?.ID ?? 0, userId: input.userId, at: input.at };
  if (input.tag && appliedTagStates.includes(input.tag.state)) {
    await removeTag(trx, tagChange, run);
  } else if (input.tag && unhungTagStates.includes(input.tag.state)) {
    const reason = `Not hung: lock ${input.lockSerial} was signed off before this tag was applied`;
    await voidTag(trx, { ...tagChange, reason }, run);
  }
  await removeLock(trx, {
    facilityId: input.facilityId,
    applicationId: input.applicationId,
    userId: input.userId,
    at: input.at,
    removal: 'removed',
  });
}
