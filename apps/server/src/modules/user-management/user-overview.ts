import type { Kysely } from 'kysely';
import type { UserOverview } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { listManagedUsers, type FacilityScope, type UserFilter } from '../user-manage';
import { listAllFacilities, listFacilityGroups } from './user-management.repository';

/**
 * One page of the grid: users who may sign in to the caller's facility (the facility scope every
 * admin query keeps), each with every facility they may sign in to and their groups here.
 */
export async function userOverview(
  db: Kysely<Database>,
  scope: FacilityScope,
  filter: UserFilter,
): Promise<UserOverview> {
  const [list, facilities, groups] = await Promise.all([
    listManagedUsers(db, scope, filter),
    listAllFacilities(db),
    listFacilityGroups(db, scope),
  ]);
  const facilityName = new Map(facilities.map((f) => [f.id, f.name]));
  return {
    items: list.items.map((user) => ({
      ID: user.ID,
      userName: user.userName,
      displayName: user.displayName,
      email: user.email,
      isActive: user.isActive,
      facilities: user.facilityIDs.map((ID) => ({ ID, name: facilityName.get(ID) ?? String(ID) })),
      groups: user.groups,
    })),
    total: list.total,
    page: filter.page,
    pageSize: filter.pageSize,
    groups: groups.map((g) => ({ ID: g.id, name: g.name })),
    facilities: facilities.filter((f) => f.is_active).map((f) => ({ ID: f.id, name: f.name })),
  };
}
