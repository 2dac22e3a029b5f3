import type { Kysely } from 'kysely';
import { facilitySettingsProblems, type FacilitySettings, type FacilitySettingsAdmin } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import { notifyContextChanged } from '../permissions';
import { findFacilitySettings, listFacilityPermitTypes, saveFacilitySettings } from '../settings';

export interface Caller {
  userId: number;
  facilityId: number;
}

/** The caller's facility settings and the permit types they may name. */
export async function getFacilitySettingsAdmin(
  db: Kysely<Database>,
  facilityId: number,
): Promise<FacilitySettingsAdmin> {
  const [settings, types] = await Promise.all([
    findFacilitySettings(db, facilityId),
    listFacilityPermitTypes(db, facilityId),
  ]);
  return { settings, permitTypes: types.map((t) => ({ code: t.code, name: t.name })) };
}

/**
 * Validates and stores a change of the caller's facility settings, audited in the same
 * transaction (before and after in the seed's shape) and announced to the facility's open
 * browsers at commit. Every problem is reported at once, each naming its field.
 */
export async function updateFacilitySettings(
  db: Kysely<Database>,
  caller: Caller,
  input: FacilitySettings,
): Promise<FacilitySettingsAdmin> {
  const settings = { ...input, offlinePermitTypes: [...new Set(input.offlinePermitTypes)] };
  await db.transaction().execute(async (trx) => {
    const types = await listFacilityPermitTypes(trx, caller.facilityId);
    const problems = facilitySettingsProblems(
      settings,
      types.map((t) => t.code),
    );
    if (problems.length) throw AppError.validation(problems);
    const before = await findFacilitySettings(trx, caller.facilityId);
    await saveFacilitySettings(trx, caller.facilityId, settings);
    const after = await findFacilitySettings(trx, caller.facilityId);
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'facility.settings.update',
      entityType: 'facility-settings',
      entityId: caller.facilityId,
      before,
      after,
    });
    // Open browsers of the facility fetch their session context again (top bar, redirects, timeout).
    await notifyContextChanged(trx, caller.facilityId);
  });
  return getFacilitySettingsAdmin(db, caller.facilityId);
}
