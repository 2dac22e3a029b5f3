import type { Kysely } from 'kysely';
import { facilitySettingsProblems, type FacilitySettings, type FacilitySettingsAdmin } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import {
  facilityConfigTarget,
  type FacilityConfigState,
  findFacilitySettings,
  listFacilityPermitTypes,
  saveFacilitySettings,
} from '../settings';
import { adminSettingsPolicy } from './admin-settings.policy';

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
 * Validates and stores the facility's settings inside a command (the configuration is locked):
 * audited before and after in the seed's shape, and a `settings.changed` event so open browsers
 * reload their session context. Every problem is reported at once, each naming its field.
 */
export async function changeFacilitySettings(
  run: CommandRun<unknown, FacilityConfigState>,
  input: FacilitySettings,
): Promise<void> {
  const { trx, state } = run;
  const settings = { ...input, offlinePermitTypes: [...new Set(input.offlinePermitTypes)] };
  const types = await listFacilityPermitTypes(trx, state.facilityId);
  const problems = facilitySettingsProblems(
    settings,
    types.map((t) => t.code),
  );
  if (problems.length) throw AppError.validation(problems);
  const before = await findFacilitySettings(trx, state.facilityId);
  await saveFacilitySettings(trx, state.facilityId, settings);
  const after = await findFacilitySettings(trx, state.facilityId);
  run.audit({
    action: 'facility.settings.update',
    entityType: 'facility-settings',
    entityId: state.facilityId,
    before,
    after,
  });
  // Open browsers of the facility fetch their session context again (top bar, redirects, timeout).
  run.event({ name: 'settings.changed', entityType: 'facility', entityId: state.facilityId });
}

/** Settings Manager: the facility's settings replaced as a whole (prefixes not named keep their value). */
export const updateFacilitySettings = defineCommand({
  name: 'facility-settings.update',
  target: facilityConfigTarget,
  policy: adminSettingsPolicy['facility-settings.update'],
  async apply(run: CommandRun<FacilitySettings, FacilityConfigState>): Promise<FacilitySettingsAdmin> {
    await changeFacilitySettings(run, run.input);
    return getFacilitySettingsAdmin(run.trx, run.state.facilityId);
  },
});
