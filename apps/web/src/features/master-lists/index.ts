/** The Master List Manage feature's public face: what app/ composes (loaded lazily after sign-in). */
export { MasterListManagePage } from './components/MasterListManagePage';
