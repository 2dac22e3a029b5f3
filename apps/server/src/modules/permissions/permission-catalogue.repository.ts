import { buildPermissionCatalogue, type PermissionCatalogueEntry } from '@hasp/contracts';
import type { Db } from '../../db/schema';

/**
 * The permissions a group of this facility can grant: the right-nav ones and each action of each
 * of the facility's permit types (inactive types included, so their grants stay visible and editable).
 */
export async function findFacilityPermissionCatalogue(db: Db, facilityId: number): Promise<PermissionCatalogueEntry[]> {
  const types = await db
    .selectFrom('permit_types')
    .innerJoin('permit_groups', 'permit_groups.id', 'permit_types.permit_group_id')
    .select(['permit_types.code', 'permit_types.name'])
    .where('permit_types.facility_id', '=', facilityId)
    .orderBy('permit_groups.sort_order')
    .orderBy('permit_types.sort_order')
    .orderBy('permit_types.id')
    .execute();
  return buildPermissionCatalogue(types);
}
