// Users: a facility's user by id, the one people lookup (the permit page's pickers and filters), and the
// facility-access check.

export { findFacilityUserById, findUserByUserName, hasFacilityAccess } from './user.repository';
export { userRoutes } from './user.routes';
export { userLookupRoutes } from './user-lookup.routes';
