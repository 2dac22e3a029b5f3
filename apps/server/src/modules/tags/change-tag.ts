import type { Transaction } from 'kysely';
import { tagRefusal, tagTransitions } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordTagChange, type TagRecorder } from './tag-records';
import { findUnhungPointTag, lockTag, updateTag, type TagRow } from './tags.repository';

export interface ChangeTagInput {
  facilityId: number;
  tagId: number;
  /** Who acts: the applier when applying; only the applier may remove. */
  userId: number;
  at: Date;
}

/**
 * One tag command ('apply', 'remove' or 'void') inside another command's transaction: the caller has
 * locked the permit (LOTO lock order) and gives its run, so the change is audited `tag.<verb>` as the
 * tag's own command would record it. The rules are the tag command's (contracts' tagRefusal), and a
 * refusal answers as it does: 403 for a remove by anyone but the applier, else 409.
 */
async function changeTag(
  trx: Transaction<Database>,
  command: 'apply' | 'remove' | 'void',
  input: ChangeTagInput & { reason?: string; lockSerial?: string },
  run: TagRecorder,
): Promise<TagRow> {
  const before = await lockTag(trx, input.facilityId, input.tagId);
  if (!before) throw AppError.notFound('Tag');
  const reason = tagRefusal(
    { state: before.state, appliedBy: before.appliedBy, linkRevoked: before.statusTokenRevokedAt !== null },
    input.userId,
    command,
  );
  if (reason) {
    const forbidden = command === 'remove' && tagTransitions.remove!.from.includes(before.state);
    throw forbidden ? new AppError('FORBIDDEN', 403, reason) : new AppError('CONFLICT', 409, reason);
  }
  await updateTag(
    trx,
    before.id,
    command === 'apply'
      ? { state: 'applied', applied_at: input.at, applied_by: input.userId, lock_serial: input.lockSerial ?? null }
      : command === 'remove'
        ? { state: 'removed', removed_at: input.at, removed_by: input.userId }
        : { state: 'voided', voided_at: input.at, voided_by: input.userId, void_reason: input.reason ?? '' },
  );
  const after = (await lockTag(trx, input.facilityId, before.id))!;
  recordTagChange(run, { command, before, after, actorId: input.userId, reason: input.reason ?? null });
  return after;
}

/** Applies a planned or printed tag in the caller's transaction; `userId` becomes its applier. */
export const applyTag = (trx: Transaction<Database>, input: ChangeTagInput, run: TagRecorder) =>
  changeTag(trx, 'apply', input, run);

/** Removes an applied or verified tag in the caller's transaction; only its applier may. */
export const removeTag = (trx: Transaction<Database>, input: ChangeTagInput, run: TagRecorder) =>
  changeTag(trx, 'remove', input, run);

/**
 * Hangs the point's waiting tag with the lock just applied there (same applier, time and the lock's
 * serial on the tag), audited `tag.apply` in the lock's command; the tag's id, or null when the
 * point has no tag waiting (one is hung already, or it was voided).
 */
export async function hangPointTagWithLock(
  trx: Transaction<Database>,
  input: Omit<ChangeTagInput, 'tagId'> & { planPointId: number; lockSerial: string },
  run: TagRecorder,
): Promise<number | null> {
  const tagId = await findUnhungPointTag(trx, input.facilityId, input.planPointId);
  if (tagId === undefined) return null;
  await changeTag(trx, 'apply', { ...input, tagId }, run);
  return tagId;
}

/** Voids a planned or printed tag (never hung) in the caller's transaction, with the reason on it. */
export const voidTag = (trx: Transaction<Database>, input: ChangeTagInput & { reason: string }, run: TagRecorder) =>
  changeTag(trx, 'void', input, run);
