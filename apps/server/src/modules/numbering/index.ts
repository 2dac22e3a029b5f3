// Prefix Manage: numbering patterns and allocateNumber(), one safe upsert per number.

export { numberingRoutes } from './numbering.routes';
export { allocateNumber, type AllocatedNumber } from './allocate-number';
