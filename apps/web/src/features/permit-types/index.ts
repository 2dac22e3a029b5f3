// Permit types: permit groups and types and their settings.

// What app/ composes (loaded lazily after sign-in).

export { PermitTypesPage } from './components/PermitTypesPage';
