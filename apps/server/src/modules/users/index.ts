// The users module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { findFacilityUserById, findUserByUserName, hasFacilityAccess } from './user.repository';
export { userRoutes } from './user.routes';
export { userLookupRoutes } from './user-lookup.routes';
