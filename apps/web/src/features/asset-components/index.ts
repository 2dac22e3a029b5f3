/** The Component Manage feature's public face: what app/ composes (loaded lazily after sign-in). */
export { ComponentManagePage } from './components/ComponentManagePage';
