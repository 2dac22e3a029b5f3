import type { Transaction } from 'kysely';
import { appliedTagStates, tagStateLabels } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { lockTag, updateTag, type TagRow } from './tags.repository';

/**
 * OSHA 1910.147 (e)(3): a supervisor removes a tag whose applier is away. Only the abandoned-removal
 * command calls this (it holds the permit's lock, checks `loto:remove-abandoned`, records the
 * attempts, the audit row and the event); everyone else removes only their own tag (tag.remove).
 * Answers the tag before and after, for the caller's audit row.
 */
export async function removeTagAbandoned(
  trx: Transaction<Database>,
  input: { facilityId: number; tagId: number; userId: number; at: Date },
): Promise<{ before: TagRow; after: TagRow }> {
  const before = await lockTag(trx, input.facilityId, input.tagId);
  if (!before) throw AppError.notFound('Tag');
  if (!appliedTagStates.includes(before.state)) {
    throw new AppError(
      'CONFLICT',
      409,
      `Tag ${before.number} is ${tagStateLabels[before.state]}: only an applied or verified tag can be removed.`,
    );
  }
  await updateTag(trx, before.id, { state: 'removed', removed_at: input.at, removed_by: input.userId });
  const after = (await lockTag(trx, input.facilityId, input.tagId))!;
  return { before, after };
}
