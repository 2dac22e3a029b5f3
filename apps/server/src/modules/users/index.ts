// Users: read a facility's user, find a user by name, check facility access.

export { findFacilityUserById, findUserByUserName, hasFacilityAccess } from './user.repository';
export { userRoutes } from './user.routes';
export { userLookupRoutes } from './user-lookup.routes';
