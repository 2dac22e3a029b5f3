import type { Transaction } from 'kysely';
import { abandonedRemovalPermission, type LotoPermission } from '@hasp/contracts';
import type { Database } from '../schema';

/**
 * OSHA 1910.147 (e)(3) removals are a supervisor's: the demo Supervisors hold
 * `loto:remove-abandoned` in every demo facility. Administrators hold it too, so that Group Manage
 * lets them grant it (a permission one does not hold cannot be granted there). The same groups get
 * `offline:supervise` (its own seed step): every offline conflict and rejection of the facility.
 * `gas:test` (its own step, before the permit stories): the supervisors, administrators and authorized
 * workers test gas (on the plant floor, offline too); contractors do not.
 */
export async function seedDemoLotoPermissions(
  trx: Transaction<Database>,
  facilityIds: number[],
  permission: LotoPermission = abandonedRemovalPermission,
  groupNames: readonly string[] = ['Supervisors', 'Administrators'],
): Promise<void> {
  if (!facilityIds.length) return;
  const groups = await trx
    .selectFrom('groups')
    .select('id')
    .where('facility_id', 'in', facilityIds)
    .where('name', 'in', [...groupNames])
    .execute();
  if (!groups.length) return;
  await trx
    .insertInto('group_permissions')
    .values(groups.map((g) => ({ group_id: g.id, permission })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
