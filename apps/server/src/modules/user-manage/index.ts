// The user-manage module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
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
