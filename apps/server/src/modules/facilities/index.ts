// Facilities: list them, read one.

export { findFacilityById, listFacilities } from './facility.repository';
export { facilityRoutes } from './facility.routes';
