// Security Lists: which right-nav features a facility switches on (enforced in requirePermission).

export { securityListsRoutes } from './security-lists.routes';
