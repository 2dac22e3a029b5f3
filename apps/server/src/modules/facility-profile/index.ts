// Facility Settings: the facility's name, address, time zone, language and logo.

export { facilityProfileRoutes } from './facility-profile.routes';
// The facility's name and time zone for what the server prints (the permit PDF).
export { findFacilityProfile } from './facility-profile.repository';
