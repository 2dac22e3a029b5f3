// User Manage: a facility's users, one-time passwords, unlock, and who may change whose account
// (user-reach).

export {
  countFacilityGroups,
  findManagedUser,
  listManagedUsers,
  replaceFacilities,
  replaceFacilityGroups,
  revokeUserSessions,
} from './user-manage.repository';
export { userManageRoutes } from './user-manage.routes';
export {
  assertMayGrantGroups,
  listAdministeredFacilities,
  listUngrantableGroups,
  reachRefusals,
  ungrantableGroupMessage,
} from './user-reach';
export type { FacilityScope, UserFilter } from './user-manage.repository';
export type { Caller } from './user-manage.service';
export { facilityUsersTarget, type FacilityUsersState } from './user-manage.policy';
