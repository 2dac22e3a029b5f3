// Permit groups and types: sections, maximum validity, offline use, and a new type's permissions.

export { permitTypesRoutes } from './permit-types.routes';
