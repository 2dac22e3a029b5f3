/** The Permit types feature's public face: what app/ composes (loaded lazily after sign-in). */
export { PermitTypesPage } from './components/PermitTypesPage';
