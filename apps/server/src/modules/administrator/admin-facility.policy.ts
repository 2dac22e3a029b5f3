import { sql, type Transaction } from 'kysely';
import { rightNavPermission, type AdminFacilityUpdate } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { actorFacilityTargetLocking, type CommandTarget, type FacilityTargetState, policyTable } from '../../platform';
import { findFacilityRow, type FacilityRow } from './admin-facility.repository';

/**
 * Serializes changes to the facility tree: two concurrent moves could otherwise each pass the
 * cycle check and together form a cycle (and two creations each find a name free).
 */
async function lockFacilityTree(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('hasp-facility-tree'))`.execute(trx);
}

/** A facility as the Administrator changes it, with the version the runner checks. */
export type AdminFacilityState = FacilityRow & { version: number };

/**
 * Any facility of the connection (the Administrator manages them all), locked with the tree. The
 * facility row has no version (0): its form is last-save-wins, as it always was.
 */
export const adminFacilityTarget: CommandTarget<AdminFacilityState> = {
  noun: 'Facility',
  async lock(trx, _actor, id) {
    await lockFacilityTree(trx);
    const row = await findFacilityRow(trx, id, true);
    return row && { ...row, version: 0 };
  },
  bump: async () => 0,
};

/** The target of a facility's creation: the actor's facility, with the tree locked. */
export const facilityTreeTarget = actorFacilityTargetLocking((trx) => lockFacilityTree(trx));

const screen = [rightNavPermission('administrator')];

/** Who may create facilities: the Administrator permission. */
export const facilityCreatePolicy = policyTable<FacilityTargetState>()({
  'facility.create': { permissions: screen },
});

/**
 * Who may change a facility: the Administrator permission; nobody deactivates the facility they
 * are signed in to. Renaming, moving or deactivating needs Administrator in that facility too,
 * which depends on the caller's grants there: the use case checks it once it knows what changes.
 */
export const adminFacilityPolicy = policyTable<AdminFacilityState>()({
  'facility.edit': {
    permissions: screen,
    refuse: (facility, actor, input: AdminFacilityUpdate) =>
      !input.isActive && facility.is_active && facility.id === actor.facilityId
        ? new AppError(
            'CONFLICT',
            409,
            'You are signed in to this facility, so you cannot deactivate it. Sign in to another facility first.',
          )
        : null,
  },
});
