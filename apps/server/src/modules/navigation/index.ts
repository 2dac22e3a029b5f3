// The left sidebar: built from the facility's permit groups and types (/api/navigation).

export { navigationRoutes } from './navigation.routes';
