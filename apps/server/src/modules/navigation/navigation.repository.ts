import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Active permit types of a facility with their sidebar group, in sidebar order. */
export function listPermitTypesWithGroups(db: Kysely<Database>, facilityId: number) {
  return db
    .selectFrom('permit_types')
    .innerJoin('permit_groups', 'permit_groups.id', 'permit_types.permit_group_id')
    .select([
      'permit_groups.id as groupId',
      'permit_groups.name as groupName',
      'permit_groups.icon as groupIcon',
      'permit_types.code',
      'permit_types.name',
      'permit_types.icon',
      'permit_types.offline_enabled as offlineEnabled',
    ])
    .where('permit_types.facility_id', '=', facilityId)
    .where('permit_types.is_active', '=', true)
    .orderBy('permit_groups.sort_order')
    .orderBy('permit_groups.id')
    .orderBy('permit_types.sort_order')
    .execute();
}
