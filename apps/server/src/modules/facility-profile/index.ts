// The facility-profile module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { facilityProfileRoutes } from './facility-profile.routes';
// The facility's name and time zone for what the server prints (the permit PDF).
export { findFacilityProfile } from './facility-profile.repository';
