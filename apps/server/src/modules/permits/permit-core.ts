import type { Transaction } from 'kysely';
import type { PermitEdit } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { isFacilityArea, isFacilityUser, listFacilityAssetIds } from './permit.repository';

const HOUR_MS = 3_600_000;
const invalid = (field: string, message: string) => AppError.validation([{ field, message }]);

/** A permit's core fields as they are stored, once checked. */
export interface CheckedPermitCore {
  start: Date;
  end: Date;
  /** Distinct, all the facility's. */
  assetIds: number[];
}

/**
 * The checks a permit's core fields pass on creation and on every edit (one place, so an edit can
 * never store what a creation would refuse): the window within the type's maximum validity, and the
 * area, assets and holder all the facility's. Throws a 400 naming the field.
 */
export async function checkPermitCore(
  trx: Transaction<Database>,
  facilityId: number,
  input: PermitEdit,
  maxValidityHours: number,
): Promise<CheckedPermitCore> {
  const start = new Date(input.plannedStart);
  const end = new Date(input.plannedEnd);
  if (end.getTime() - start.getTime() > maxValidityHours * HOUR_MS) {
    throw invalid('plannedEnd', `Planned end: at most ${maxValidityHours} hours after the planned start`);
  }
  if (input.areaId !== null && !(await isFacilityArea(trx, facilityId, input.areaId))) {
    throw invalid('areaId', 'Area: no such area in this facility');
  }
  const assetIds = [...new Set(input.assetIds)];
  const found = new Set(await listFacilityAssetIds(trx, facilityId, assetIds));
  const missing = assetIds.filter((id) => !found.has(id));
  if (missing.length) throw invalid('assetIds', `Assets: no such asset in this facility (${missing.join(', ')})`);
  if (input.holderId !== null && !(await isFacilityUser(trx, facilityId, input.holderId))) {
    throw invalid('holderId', 'Holder: no such user in this facility');
  }
  return { start, end, assetIds };
}
