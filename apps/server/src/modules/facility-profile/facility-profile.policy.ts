import { rightNavPermission } from '@hasp/contracts';
import { type CommandTarget, type FacilityTargetState, policyTable } from '../../platform';

/**
 * The actor's facility (another facility's is not found), its row locked so two administrators'
 * changes to the profile and the logo take turns. The facility row has no version: a profile
 * change is a last-save-wins form as before, and the version is 0 (a migration to add one waits
 * for a client that sends If-Match).
 */
export const facilityTarget: CommandTarget<FacilityTargetState> = {
  noun: 'Facility',
  async lock(trx, actor, id) {
    if (id !== actor.facilityId) return undefined;
    const row = await trx.selectFrom('facilities').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    return row && { facilityId: row.id, version: 0 };
  },
  bump: async () => 0,
};

const screen = [rightNavPermission('facility-settings')];

/** Who may change the facility's profile and logo: Facility Settings' permission, in any state. */
export const facilityProfilePolicy = policyTable<FacilityTargetState>()({
  'facility.profile.edit': { permissions: screen },
  'facility.logo.replace': { permissions: screen },
  'facility.logo.remove': { permissions: screen },
});
