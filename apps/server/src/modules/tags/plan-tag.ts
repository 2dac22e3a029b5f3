import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { allocateNumber } from '../numbering';
import { findLegend, findLockApplication, findPlanPoint, insertTag } from './tags.repository';

export type PlanTagInput = {
  facilityId: number;
  permitId: number;
  /** The legend (an active item of the facility's 'tag-legends' list); the list's first active one when left out. */
  legendItemId?: number | null;
  reason: string;
  /** Who planned it (kept by the caller's audit row: planning is part of the caller's command). */
  userId: number;
  at: Date;
  /** Set when the tag replaces one that went Missing or Voided. */
  replacesTagId?: number | null;
} & ({ planPointId: number; lockApplicationId?: null } | { lockApplicationId: number; planPointId?: null });

/**
 * Plans a tag (state Planned, waiting for printing) on a plan point or on a personal lock's
 * application, inside the caller's command transaction: the caller has locked the permit (LOTO
 * lock order) and records the audit row and event of its own command. The number comes from the
 * facility's 'tag' numbering pattern (a rollback gives it back), the QR token is 128 random bits.
 * @example const { id, number } = await planTag(trx, { facilityId, permitId, planPointId, reason: '', userId, at: ctx.now });
 */
export async function planTag(
  trx: Transaction<Database>,
  input: PlanTagInput,
): Promise<{ id: number; number: string }> {
  const { facilityId, permitId } = input;
  const planPointId = input.planPointId ?? null;
  const lockApplicationId = input.lockApplicationId ?? null;
  if ((planPointId === null) === (lockApplicationId === null)) {
    throw new Error('planTag: give a plan point or a lock application, not both');
  }
  const place =
    planPointId !== null
      ? await findPlanPoint(trx, facilityId, planPointId)
      : await findLockApplication(trx, facilityId, lockApplicationId!);
  // Another facility's or another permit's point is not this permit's: the tag would point nowhere.
  if (!place || place.permit_id !== permitId)
    throw AppError.notFound(planPointId !== null ? 'Plan point' : 'Lock application');
  const legend = await findLegend(trx, facilityId, input.legendItemId);
  if (input.legendItemId != null && !legend) {
    throw AppError.validation([{ field: 'legendItemId', message: 'Legend: choose one of the tag legends in use' }]);
  }
  const { number } = await allocateNumber(trx, facilityId, 'tag', { now: input.at });
  const id = await insertTag(trx, {
    facilityId,
    permitId,
    number,
    planPointId,
    lockApplicationId,
    legendItemId: legend?.id ?? null,
    reason: input.reason,
    replacesTagId: input.replacesTagId ?? null,
    at: input.at,
  });
  return { id, number };
}
