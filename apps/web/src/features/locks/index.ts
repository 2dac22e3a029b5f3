/** The Lock Manage feature's public face (issue 16): what app/ composes (loaded lazily after sign-in). */
export { LockManagePage } from './components/LockManagePage';
